import { useId, type ReactNode } from "react";
import { useHydrated } from "~/components/layout/use-hydrated";
import { sharedFormMessages } from "./shared-messages";

// The form kit's fields (issue 23), the same for the visitor forms, the sign-in screens and the
// admin managers: a label, the control, its hint and its error, the control marked
// aria-invalid and described by the hint and the error; and the submit button that reads e.g.
// 'Sending...' while its form is on its way. What only the admin screens use has modules of its
// own (select-field, checkbox-field, password-field, bind-fields), so that a visitor's page, whose
// forms load this module first, loads none of it.

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

export const primaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70";

/** What ties a control to its label, hint, error and starting value. */
export interface FieldProps {
  name: string;
  label: string;
  /** The control's id; its hint and error are `${id}-hint` and `${id}-error`. Made up when absent. */
  id?: string;
  error?: string;
  hint?: string;
  /**
   * Not required, and labelled so; "unlabelled": not required by the browser, nor labelled
   * optional, where the server decides (a picture's alt text, which a PDF does not need).
   */
  optional?: boolean | "unlabelled";
  defaultValue?: string;
  /** Only after a failed no-JavaScript POST of a visitor form: the browser focuses the first invalid field. */
  autoFocus?: boolean;
}

/**
 * A field's id, and the attributes every control shares: its name, its starting value, and
 * aria-invalid and aria-describedby tied to its hint and error.
 */
export function useControl(field: FieldProps) {
  const made = useId();
  const id = field.id ?? `${made}-${field.name}`;
  return {
    id,
    name: field.name,
    defaultValue: field.defaultValue,
    "aria-invalid": field.error ? true : undefined,
    "aria-describedby": describedByIds(id, field),
    autoFocus: field.autoFocus,
  };
}

/** What describes a control: its hint, then its error. */
export function describedByIds(id: string, field: { hint?: string; error?: string }) {
  return [field.hint ? `${id}-hint` : null, field.error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

export function Label({ htmlFor, children, optional }: { htmlFor: string; children: ReactNode; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="font-medium text-slate-900">
      {children}
      {optional ? <span className="font-normal text-slate-600"> ({sharedFormMessages.optional})</span> : null}
    </label>
  );
}

/** The field's error, announced through the control's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/** A field: its label, its control (`children`, whose id is `id`), then its hint and its error. */
export function Field({ id, field, children }: { id: string; field: FieldProps; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id} optional={field.optional === true}>
        {field.label}
      </Label>
      {children}
      {field.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {field.hint}
        </p>
      ) : null}
      <FieldError id={id} error={field.error} />
    </div>
  );
}

export function TextField({
  type = "text",
  autoComplete,
  inputMode,
  maxLength,
  min,
  max,
  onInput,
  ...field
}: FieldProps & {
  type?: "text" | "email" | "tel" | "url" | "number" | "date";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal" | "url";
  maxLength?: number;
  /** The least and greatest value: a number, or a date ("2000-01-01") for a date field. */
  min?: number | string;
  max?: number | string;
  /** Follows what is typed, e.g. for a live preview. */
  onInput?: (value: string) => void;
}) {
  const control = useControl(field);
  return (
    <Field id={control.id} field={field}>
      <input
        {...control}
        type={type}
        required={!field.optional}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        min={min}
        max={max}
        onInput={onInput ? (event) => onInput(event.currentTarget.value) : undefined}
        className={inputClass}
      />
    </Field>
  );
}

export function TextAreaField({ rows = 3, maxLength, ...field }: FieldProps & { rows?: number; maxLength?: number }) {
  const control = useControl(field);
  const typed = useTypedBeforeHydration(control.id);
  return (
    <Field id={control.id} field={field}>
      <textarea
        {...control}
        defaultValue={typed ?? control.defaultValue}
        required={!field.optional}
        rows={rows}
        maxLength={maxLength}
        className={`${inputClass} resize-y`}
      />
    </Field>
  );
}

/**
 * What a textarea holds when React hydrates it, or undefined elsewhere. React puts a textarea's
 * value back to its default text as it hydrates (react-dom 19.3's initTextarea; inputs are
 * spared), wiping what staff typed while the scripts loaded; hydrated with what the box holds,
 * the typed text stays. After hydration the default is the form's again, and what was typed
 * still shows over it.
 */
function useTypedBeforeHydration(id: string): string | undefined {
  const hydrated = useHydrated();
  if (hydrated || typeof document === "undefined") return undefined;
  return (document.getElementById(id) as HTMLTextAreaElement | null)?.value;
}

const widths = { auto: "", full: " w-full", "full-on-phones": " w-full sm:w-auto" } as const;

/**
 * The form's submit button: its label, or e.g. 'Saving...' (disabled) while the form is being
 * sent. `name` and `value` tell apart the forms that share an action.
 */
export function SubmitButton({
  label,
  pendingLabel,
  pending,
  name,
  value,
  look = primaryButton,
  width = "auto",
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  name?: string;
  value?: string;
  /** The button's classes: primary by default. */
  look?: string;
  width?: keyof typeof widths;
}) {
  return (
    <button type="submit" name={name} value={value} disabled={pending} className={look + widths[width]}>
      {pending ? pendingLabel : label}
    </button>
  );
}
