import { Label, useControl } from "./fields";

/** An HTML checkbox: checked posts "on", unchecked posts nothing (the schemas read it so). */
export function CheckboxField({
  name,
  label,
  defaultChecked,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
}) {
  const { id } = useControl({ name, label });
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        className="size-5 rounded border-slate-400 text-brand-700 accent-brand-700"
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
