import { SubmitButton } from "~/components/forms/fields";
import type { ImportFailure, ImportPreview } from "~/lib/admin/question-actions.server";
import { questionBankMessages } from "~/lib/admin/messages/questions";
import type { PlanItem } from "~/lib/questions/question-files.server";
import { ConfirmStepForm } from "./confirm-step";
import { ImportForm, ImportPlan, PlanGroup } from "./import-form-parts";
import type { Manager } from "./manager-state";
import { Panel } from "./panel";
import { secondaryButton } from "./styles";

// Import and export of the question bank (issue 46): the downloads; the import form (a file, or
// text pasted on a phone), which only checks the file and shows what it would add and change; and
// that preview's Import button, a second post carrying the same text in a hidden field, applied
// only if the bank is still as the preview found it. A refused file lists every error by line.

const m = questionBankMessages;
const importTexts = {
  errorsHeading: m.importErrorsHeading,
  more: m.more,
  file: m.importFile,
  paste: m.importPaste,
  pasteHint: m.importPasteHint,
};

function PlanList({ heading, items }: { heading: string; items: PlanItem[] }) {
  if (items.length === 0) return null;
  return (
    <PlanGroup heading={heading} count={items.length}>
      {items.map((item) => (
        <li key={item.at} className="break-words">
          <span className="font-medium">{item.at}</span> · {m.types[item.type] ?? item.type} ·{" "}
          {item.slug ?? m.planNewSlug}: {item.title}
          {item.fields.length ? (
            <span className="block text-slate-600">
              {m.planFields(item.fields)}; {item.newVersion ? m.planNewVersion : m.planInPlace}
            </span>
          ) : null}
        </li>
      ))}
    </PlanGroup>
  );
}

export function QuestionFilesPanel({
  manager,
  failure,
  preview,
  cancelTo,
}: {
  manager: Manager;
  failure?: ImportFailure;
  preview: ImportPreview | null;
  cancelTo: string;
}) {
  return (
    <div className="space-y-6">
      <Panel heading={m.exportHeading}>
        <p className="mt-1 text-sm text-slate-600">{m.exportHint}</p>
        <p className="mt-3 flex flex-wrap gap-3">
          <a href="/admin/questions/export/questions.csv" download className={secondaryButton}>
            {m.exportCsv}
          </a>
          <a href="/admin/questions/export/questions.json" download className={secondaryButton}>
            {m.exportJson}
          </a>
        </p>
      </Panel>

      <Panel heading={m.importHeading}>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {m.importRules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
          <li>{m.importLimits}</li>
        </ul>
        <ImportForm
          manager={manager}
          failure={failure}
          texts={importTexts}
          accept=".csv,.json,text/csv,application/json"
          pasteName="content"
        >
          <SubmitButton
            name="intent"
            value="import-preview"
            label={m.previewImport}
            pendingLabel={m.checking}
            pending={manager.busyIntent === "import-preview"}
          />
        </ImportForm>
      </Panel>

      {preview ? (
        <ImportPlan
          heading={m.planHeading}
          headingLevel="h2"
          stale={preview.stale ? m.stale : null}
          summary={m.planSummary({
            added: preview.added.length,
            changed: preview.changed.length,
            unchanged: preview.unchanged,
          })}
        >
          <div className="mt-3 space-y-4">
            <PlanList heading={m.planAdded} items={preview.added} />
            <PlanList heading={m.planChanged} items={preview.changed} />
          </div>
          {/* The same text again, with the digest of what was shown: applied only if it still holds. */}
          <ConfirmStepForm
            manager={manager}
            fields={{ content: preview.content, digest: preview.digest }}
            multipart
            cancelTo={cancelTo}
          >
            <SubmitButton
              name="intent"
              value="import-confirm"
              label={m.confirmImport}
              pendingLabel={m.importing}
              pending={manager.busyIntent === "import-confirm"}
            />
          </ConfirmStepForm>
        </ImportPlan>
      ) : null}
    </div>
  );
}
