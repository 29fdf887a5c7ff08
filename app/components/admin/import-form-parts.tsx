import { useId } from "react";

// What the import forms of the GATE data pages (issue 24) and the question bank (issue 46) share:
// the list of a refused file's errors, and the file input that names it.

/** A refused file's errors by line, as an alert; nothing when there are none. */
export function ImportErrors({
  id,
  formError,
  heading,
  errors,
  more,
}: {
  id: string;
  formError?: string;
  heading: string;
  errors: readonly string[];
  /** Says how many errors are not listed, when some are not. */
  more: string | null;
}) {
  if (errors.length === 0) return null;
  return (
    <div id={id} role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{formError}</p>
      <h3 className="mt-2 font-semibold">{heading}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
      {more ? <p className="mt-1">{more}</p> : null}
    </div>
  );
}

/** The file to import (`file`), described by the errors of the last one refused (`errorsId`). */
export function ImportFileField({ label, accept, errorsId }: { label: string; accept: string; errorsId?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="font-medium text-slate-900">
        {label}
      </label>
      <input
        id={id}
        name="file"
        type="file"
        accept={accept}
        aria-describedby={errorsId}
        className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
      />
    </div>
  );
}
