import { useId, type ReactNode } from "react";
import { TextAreaField } from "~/components/forms/fields";
import { useHydrated } from "~/components/layout/use-hydrated";
import type { ImportFailure } from "~/lib/admin/manager-actions.server";
import type { Manager } from "./manager-state";
import { Notice } from "./notice";

// What the import forms of the GATE data pages (issue 24) and the question bank (issue 46) share:
// the form itself (a file, or text pasted on a phone), the list of a refused file's errors, the
// file input that names it, and the frame of the preview of what an accepted file would do (issue 48).

/** A refused file's errors, each naming its row (or a JSON file's line), as an alert; nothing when there are none. */
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

/**
 * The import form after the last refused file's errors: the file (`accept`), or text pasted into
 * `pasteName` (kept from that refusal), then the button (`children`); `intent` is posted as a
 * hidden field when the button does not post it.
 */
export function ImportForm({
  manager,
  failure,
  texts,
  intent,
  accept,
  pasteName,
  children,
}: {
  manager: Manager;
  failure: ImportFailure | undefined;
  texts: { errorsHeading: string; more: (count: number) => string; file: string; paste: string; pasteHint: string };
  intent?: string;
  accept: string;
  pasteName: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const errorsId = useId();
  const errors = failure?.importErrors ?? [];
  const { fetcher } = manager;
  return (
    <>
      <ImportErrors
        id={errorsId}
        formError={failure?.formError}
        heading={texts.errorsHeading}
        errors={errors}
        more={failure?.moreErrors ? texts.more(failure.moreErrors) : null}
      />
      <fetcher.Form method="post" encType="multipart/form-data" noValidate={hydrated} className="mt-4 space-y-4">
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <ImportFileField label={texts.file} accept={accept} errorsId={errors.length ? errorsId : undefined} />
        <TextAreaField
          name={pasteName}
          label={texts.paste}
          hint={texts.pasteHint}
          rows={4}
          optional
          defaultValue={failure?.values[pasteName] ?? ""}
        />
        {children}
      </fetcher.Form>
    </>
  );
}

/**
 * The preview of an import: its heading, a warning when the data changed since the file was
 * checked (`stale`), the summary, then the plan and its Import button (`children`).
 */
export function ImportPlan({
  heading,
  headingLevel: Heading,
  stale,
  summary,
  className,
  children,
}: {
  heading: string;
  headingLevel: "h2" | "h3";
  stale: string | null;
  summary: string;
  /** Spacing, where the page does not space its sections itself. */
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const frame = "rounded-xl border border-brand-100 bg-brand-50/40 p-5";
  return (
    <section aria-labelledby={headingId} className={className ? `${className} ${frame}` : frame}>
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {heading}
      </Heading>
      {stale ? (
        <div className="mt-2">
          <Notice tone="error">{stale}</Notice>
        </div>
      ) : null}
      <p className="mt-2 font-medium text-slate-800">{summary}</p>
      {children}
    </section>
  );
}

/** One kind of change in an import's plan (added, changed, removed): its count and its rows. */
export function PlanGroup({
  heading,
  count,
  more,
  children,
}: {
  heading: string;
  count: number;
  /** Says how many rows are not listed, when some are not. */
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">
        {heading} ({count})
      </h3>
      <ul className="mt-1 space-y-1 text-sm text-slate-800">{children}</ul>
      {more}
    </div>
  );
}
