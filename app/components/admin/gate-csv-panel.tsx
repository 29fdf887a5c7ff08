import { useId } from "react";
import { href } from "react-router";
import { SubmitButton, TextAreaField } from "~/components/forms/fields";
import { useHydrated } from "~/components/layout/use-hydrated";
import type { GateCsvKind } from "~/lib/admin/gate-csv";
import type { ImportFailure } from "~/lib/admin/gate-manager.server";
import { adminMessages } from "~/lib/admin/messages";
import { failureOf, type Manager } from "./manager-state";
import { secondaryButton } from "./styles";

// The CSV import and export of a GATE data page (issue 24): the download link, what an import
// does, and the import form (a file, or text pasted from a spreadsheet on a phone). A refused
// file lists every error by line; nothing was changed.

const c = adminMessages.gateCsv;

export function GateCsvPanel({ kind, manager, rule }: { kind: GateCsvKind; manager: Manager; rule: string }) {
  const hydrated = useHydrated();
  const headingId = useId();
  const fileId = useId();
  const errorsId = useId();
  const failure = failureOf(manager, ["import"]) as ImportFailure | undefined;
  const errors = failure?.importErrors ?? [];
  const { fetcher } = manager;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {c.heading}
      </h2>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <a href={href("/admin/gate-export/:file", { file: `${kind}.csv` })} download className={secondaryButton}>
          {c.export}
        </a>
        <p className="text-sm text-slate-600">{c.exportHint}</p>
      </div>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{rule}</li>
        <li>{c.allOrNothing}</li>
      </ul>
      {errors.length ? (
        <div
          id={errorsId}
          role="alert"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
        >
          <p className="font-semibold">{failure?.formError}</p>
          <h3 className="mt-2 font-semibold">{c.errorsHeading}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
          {failure?.moreErrors ? <p className="mt-1">{c.more(failure.moreErrors)}</p> : null}
        </div>
      ) : null}
      <fetcher.Form method="post" encType="multipart/form-data" noValidate={hydrated} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="import" />
        <div>
          <label htmlFor={fileId} className="font-medium text-slate-900">
            {c.file}
          </label>
          <input
            id={fileId}
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={errors.length ? errorsId : undefined}
            className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
          />
        </div>
        <TextAreaField
          name="csv"
          label={c.paste}
          hint={c.pasteHint}
          rows={4}
          optional
          defaultValue={failure?.values.csv ?? ""}
        />
        <SubmitButton label={c.import} pendingLabel={c.importing} pending={manager.busyIntent === "import"} />
      </fetcher.Form>
    </section>
  );
}
