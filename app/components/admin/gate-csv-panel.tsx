import { href } from "react-router";
import { SubmitButton } from "~/components/forms/fields";
import type { GateCsvKind } from "~/lib/admin/gate-csv";
import type { PlanItem } from "~/lib/admin/gate-import-plan.server";
import type { ImportFailure, ImportPreview } from "~/lib/admin/gate-manager.server";
import { historyMessages } from "~/lib/admin/messages/history";
import { gateCsvMessages } from "~/lib/admin/messages/gate-data";
import { ConfirmStepForm } from "./confirm-step";
import { ImportForm, ImportPlan, PlanGroup } from "./import-form-parts";
import { failureOf, type Manager } from "./manager-state";
import { Panel } from "./panel";
import { secondaryButton } from "./styles";

// The CSV import and export of a GATE data page (issue 24): the download link, what an import
// does, and the import form (a file, or text pasted from a spreadsheet on a phone). Issue 48: the
// form only checks the file and shows what it would add, change and remove; that preview's Import
// button posts the same text again (multipart, in a hidden field) with the digest of what was
// shown, and it is applied only if that still holds. A refused file lists every error by line;
// nothing was changed.

const c = gateCsvMessages;
const p = historyMessages.importPreview;

function PlanList({ heading, items, total }: { heading: string; items: PlanItem[]; total: number }) {
  if (total === 0) return null;
  return (
    <PlanGroup
      heading={heading}
      count={total}
      more={total > items.length ? <p className="mt-1 text-sm text-slate-600">{p.more(total - items.length)}</p> : null}
    >
      {items.map((item, index) => (
        <li key={`${item.row ?? "saved"}-${index}`} className="break-words">
          {item.row !== null ? <span className="font-medium">{p.row(item.row)} · </span> : null}
          {item.label}
          {item.fields.length ? (
            <ul className="mt-0.5 pl-4 text-slate-700">
              {item.fields.map((field) => (
                <li key={field.column}>
                  {field.column}: {field.before} <span aria-hidden="true">→</span>
                  <span className="sr-only">, becomes</span> {field.after}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </PlanGroup>
  );
}

function PreviewSection({
  preview,
  manager,
  cancelTo,
}: {
  preview: ImportPreview;
  manager: Manager;
  cancelTo: string;
}) {
  const { counts } = preview;
  const changes = counts.added + counts.changed + counts.removed;
  return (
    <ImportPlan
      heading={p.heading}
      headingLevel="h3"
      stale={preview.stale ? p.stale : null}
      summary={changes === 0 ? p.nothing : p.summary(counts)}
      className="mt-5"
    >
      <div className="mt-3 space-y-4">
        <PlanList heading={p.added} items={preview.added} total={counts.added} />
        <PlanList heading={p.changed} items={preview.changed} total={counts.changed} />
        <PlanList heading={p.removed} items={preview.removed} total={counts.removed} />
      </div>
      {/* The same text again, with the digest of what was shown: applied only if it still holds. */}
      <ConfirmStepForm
        manager={manager}
        fields={{ intent: "import-confirm", csv: preview.csv, digest: preview.digest }}
        multipart
        cancelTo={cancelTo}
      >
        {changes > 0 ? (
          <SubmitButton
            label={p.confirm}
            pendingLabel={p.importing}
            pending={manager.busyIntent === "import-confirm"}
          />
        ) : null}
      </ConfirmStepForm>
    </ImportPlan>
  );
}

export function GateCsvPanel({
  kind,
  manager,
  rule,
  cancelTo,
}: {
  kind: GateCsvKind;
  manager: Manager;
  rule: string;
  /** The page without the preview. */
  cancelTo: string;
}) {
  const failure = failureOf(manager, ["import", "import-confirm"]) as ImportFailure | undefined;
  const answer = manager.answer as ImportPreview | ImportFailure | undefined;
  const preview = answer?.ok && answer.intent === "import-preview" ? answer : null;
  return (
    <Panel heading={c.heading}>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <a href={href("/admin/gate-export/:file", { file: `${kind}.csv` })} download className={secondaryButton}>
          {c.export}
        </a>
        <p className="text-sm text-slate-600">{c.exportHint}</p>
      </div>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{rule}</li>
        <li>{c.allOrNothing}</li>
        <li>{p.rule}</li>
      </ul>
      <ImportForm manager={manager} failure={failure} texts={c} intent="import" accept=".csv,text/csv" pasteName="csv">
        <SubmitButton label={p.preview} pendingLabel={p.checking} pending={manager.busyIntent === "import"} />
      </ImportForm>
      {preview ? <PreviewSection preview={preview} manager={manager} cancelTo={cancelTo} /> : null}
    </Panel>
  );
}
