import { useId } from "react";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/forms/fields";
import { pageHref } from "~/core/pagination";
import type { ActivityRow } from "~/lib/admin/history-actions.server";
import { shorten, type FieldChange, type FieldValue } from "~/lib/admin/history-diff";
import { historyMessages } from "~/lib/admin/messages/history";
import { activityMessages } from "~/lib/admin/messages/activity";
import { commonMessages } from "~/lib/admin/messages/common";
import { ConfirmStepForm } from "./confirm-step";
import { ChoiceFilter, FilterActions } from "./filter-fields";
import { IstTime } from "./ist-time";
import type { Manager } from "./manager-state";
import { EmptyRow, HeaderRow, TableRegion, td } from "./manager-table";
import { Notice } from "./notice";
import { smallSecondary, textLink } from "./styles";

// The activity log (issue 48): a GET form of filters (section, person), the entries with what each
// changed (an update field by field, before → after; a created or deleted row's fields; an
// import's counts), each value cut short with the whole of it a click away (<details>, no script),
// and Undo on the latest change of an item: a link to its confirmation step (?undo=12), whose
// form posts the undo.

const h = historyMessages.activity;
const u = historyMessages.undo;
const t = activityMessages;

/** A value, cut short in the list with the whole of it under "Show all". */
function Value({ text }: { text: string }) {
  const { short, cut } = shorten(text);
  if (!cut) return <span className="break-words whitespace-pre-wrap">{text}</span>;
  return (
    <details className="inline">
      <summary className="cursor-pointer break-words">
        {short} <span className={textLink}>{h.showAll}</span>
      </summary>
      <span className="mt-1 block break-words whitespace-pre-wrap">{text}</span>
    </details>
  );
}

export function ChangeList({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0) return <p className="text-slate-600">{h.noFieldChanged}</p>;
  return (
    <ul className="space-y-1">
      {changes.map((change) => (
        <li key={change.column}>
          <span className="font-medium text-slate-900">{change.label}:</span>{" "}
          <span className="text-slate-600">
            <Value text={change.before} />
          </span>{" "}
          <span aria-hidden="true">→</span>
          <span className="sr-only">, now</span>{" "}
          <span className="text-slate-900">
            <Value text={change.after} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function FieldList({ fields }: { fields: FieldValue[] }) {
  return (
    <ul className="space-y-1">
      {fields.map((field) => (
        <li key={field.column}>
          <span className="font-medium text-slate-900">{field.label}:</span> <Value text={field.value} />
        </li>
      ))}
    </ul>
  );
}

function Changes({ entry }: { entry: ActivityRow }) {
  if (entry.counts) return <p>{entry.counts}</p>;
  if (entry.changes) return <ChangeList changes={entry.changes} />;
  if (entry.fields) return <FieldList fields={entry.fields} />;
  return <p className="text-slate-600">{h.notRecorded}</p>;
}

export interface ActivityFilterValues {
  filter: { entity: string | null; actor: string | null };
  sections: { value: string; label: string }[];
  actors: string[];
}

/** Section and person, as a GET form: a filtered log has its own address. */
export function ActivityFilters({ filter, sections, actors, home }: ActivityFilterValues & { home: string }) {
  const filtered = Boolean(filter.entity || filter.actor);
  return (
    <section aria-label={h.filtersHeading} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Form method="get" action={home} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end">
        <ChoiceFilter
          id="activity-section"
          name="section"
          label={h.section}
          any={h.anySection}
          value={filter.entity}
          options={sections}
        />
        <ChoiceFilter
          id="activity-who"
          name="who"
          label={h.person}
          any={h.anyone}
          value={filter.actor}
          options={actors.map((actor) => ({ value: actor, label: actor }))}
        />
        <FilterActions apply={h.apply} clear={h.clear} clearTo={home} filtered={filtered} />
      </Form>
    </section>
  );
}

export function ActivityTable({
  entries,
  params,
  page,
  home,
  emptyText,
}: {
  entries: ActivityRow[];
  params: Record<string, string>;
  page: number;
  home: string;
  emptyText: string;
}) {
  const undoHref = (id: number) => {
    const search = new URLSearchParams({ ...params, ...(page > 1 ? { page: String(page) } : {}), undo: String(id) });
    return `${home}?${search.toString()}`;
  };
  return (
    <TableRegion label={commonMessages.tableRegion(t.table)}>
      <HeaderRow columns={[t.when, t.who, t.item, h.changes, commonMessages.actions]} />
      <tbody>
        {entries.length === 0 ? <EmptyRow colSpan={5} text={emptyText} /> : null}
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className={`${td} whitespace-nowrap`}>
              <IstTime iso={entry.createdAt} />
            </td>
            <td className={`${td} break-all`}>{entry.actorEmail ?? t.unknownActor}</td>
            <td className={`${td} max-w-xs break-words`}>{entry.what}</td>
            <td className={`${td} max-w-md`}>
              <Changes entry={entry} />
            </td>
            <td className={td}>
              {entry.canUndo ? (
                <Link to={undoHref(entry.id)} className={smallSecondary} aria-label={h.undoLabel(entry.what)}>
                  {h.undo}
                </Link>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}

export interface UndoStep {
  id: number;
  what: string;
  refusal: string | null;
  changes: FieldChange[];
  text: string | null;
}

/** Undo's confirmation (?undo=12): what it will do, then a form that posts it. */
export function UndoPanel({
  step,
  manager,
  params,
  cancelTo,
}: {
  step: UndoStep;
  manager: Manager;
  params: Record<string, string>;
  cancelTo: string;
}) {
  const titleId = useId();
  const failure = manager.failure?.values.intent === "undo" ? manager.failure.formError : null;
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-amber-200 bg-amber-50/60 p-5">
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {u.heading}
      </h2>
      <p className="mt-2 font-medium break-words text-slate-900">{step.what}</p>
      {failure && manager.inline ? (
        <div className="mt-3">
          <Notice tone="error">{failure}</Notice>
        </div>
      ) : null}
      {step.refusal ? (
        <div className="mt-3">
          <Notice tone="error">{step.refusal}</Notice>
        </div>
      ) : (
        <div className="mt-3 text-slate-800">
          {step.changes.length ? (
            <>
              <p>{u.update}</p>
              <div className="mt-1">
                <ChangeList changes={step.changes} />
              </div>
            </>
          ) : null}
          {step.text ? <p>{step.text}</p> : null}
        </div>
      )}
      <ConfirmStepForm
        manager={manager}
        fields={{ intent: "undo", id: String(step.id), ...params }}
        cancelTo={cancelTo}
      >
        {step.refusal ? null : (
          <SubmitButton label={u.confirm} pendingLabel={u.undoing} pending={manager.busyIntent === "undo"} />
        )}
      </ConfirmStepForm>
    </section>
  );
}

/** The address of another page of the filtered log. */
export const activityPageHref = (home: string, params: Record<string, string>) => (page: number) =>
  pageHref(home, params, page);
