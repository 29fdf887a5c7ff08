import { FieldError } from "~/components/forms/fields";

// What the test page's Start form and the result page's e-mail form share: the line above the
// form when it was refused, and a checkbox with its label beside it (the declaration, consent).

/** The form's refusal, announced as it appears. */
export function FormErrorLine({ error }: { error?: string }) {
  return error ? (
    <p role="alert" className="font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/** A checkbox, its label to its right and its error below, tied to it by aria-describedby. */
export function ExamCheckbox({ id, name, label, error }: { id: string; name: string; label: string; error?: string }) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-700 aria-invalid:outline-2 aria-invalid:outline-offset-2 aria-invalid:outline-red-600"
        />
        <label htmlFor={id} className="text-slate-900">
          {label}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
