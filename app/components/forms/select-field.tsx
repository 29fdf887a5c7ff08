import { Field, inputClass, useControl, type FieldProps } from "./fields";

export interface SelectOption {
  value: string;
  label: string;
}

/** Options from values, each with its label (or the value itself, should it have none). */
export const labelled = (values: readonly string[], labels: Record<string, string>): SelectOption[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/**
 * A choice starting at its placeholder, required unless `optional` (then the placeholder is the
 * choice of nothing); options may come in groups.
 */
export function SelectField({
  placeholder,
  options,
  groups,
  ...field
}: Omit<FieldProps, "autoFocus"> & {
  placeholder: string;
  options?: SelectOption[];
  groups?: { label: string; options: SelectOption[] }[];
}) {
  const control = useControl(field);
  return (
    <Field id={control.id} field={field}>
      <select {...control} required={!field.optional} className={inputClass}>
        <option value="">{placeholder}</option>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {groups?.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Field>
  );
}
