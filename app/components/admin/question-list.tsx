import type { ComponentProps } from "react";
import { Form, Link } from "react-router";
import { labelled } from "~/components/forms/select-field";
import type { QuestionRow, QuestionsTab } from "~/lib/admin/question-actions.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { questionBankMessages } from "~/lib/admin/messages/questions";
import {
  QUESTION_DIFFICULTIES,
  QUESTION_SORTS,
  QUESTION_SOURCES,
  QUESTION_STATUSES,
  SEARCH_MAX,
  type QuestionFilterInput,
} from "~/lib/schemas/admin/question";
import type { DeleteRequest } from "./confirm-delete";
import { ChoiceFilter, FilterActions, filterGrid, QuestionSearchFields, wideOnPhone } from "./filter-fields";
import type { Manager } from "./manager-state";
import { RowCheckCell, rowProps, SelectAllHeaderCell, useBulkSelection } from "./list-controls";
import { EmptyRow, RowActions, TableRegion, td, th } from "./manager-table";
import { secondaryButton, smallSecondary } from "./styles";

// The question bank manager's tabs, the list's filters (a GET form: a filtered list has its own
// address, without JavaScript too) and the list: each question's start, place in the syllabus,
// type, source, answers and status, with Edit, Publish or Unpublish, and Delete.

const m = questionBankMessages;
const mm = commonMessages;

export function QuestionTabs({ tab, home, newReports }: { tab: QuestionsTab; home: string; newReports: number }) {
  const tabs: { id: QuestionsTab; label: string; href: string }[] = [
    { id: "questions", label: m.tabs.questions, href: home },
    { id: "reports", label: m.tabs.reports, href: `${home}?tab=reports` },
    { id: "files", label: m.tabs.files, href: `${home}?tab=files` },
  ];
  return (
    <nav aria-label={m.tabsLabel} className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
      {tabs.map((t) => (
        <Link
          key={t.id}
          to={t.href}
          aria-current={t.id === tab ? "page" : undefined}
          className={`inline-flex min-h-11 items-center rounded-lg px-4 py-2 font-semibold ${
            t.id === tab ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-100"
          }`}
        >
          {t.label}
          {t.id === "reports" && newReports > 0 ? (
            <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {m.newCount(newReports)}
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}

/** A filter of the list, its id after its name. */
const Choice = (props: Omit<ComponentProps<typeof ChoiceFilter>, "id">) => (
  <ChoiceFilter id={`question-filter-${props.name}`} {...props} />
);

export function QuestionFilters({
  filter,
  home,
  exportQuery,
}: {
  filter: QuestionFilterInput;
  home: string;
  /** The filters as a query string, for the downloads. */
  exportQuery: string;
}) {
  const filtered = Object.entries(filter).some(([name, value]) => value && !(name === "sort" && value === "updated"));
  const suffix = exportQuery ? `?${exportQuery}` : "";
  return (
    <section aria-label={m.filters} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Form method="get" action={home} className={filterGrid}>
        <QuestionSearchFields idPrefix="question-filter-" texts={m} maxLength={SEARCH_MAX} filter={filter} />
        <Choice
          name="status"
          label={m.status}
          any={m.anyStatus}
          value={filter.status}
          options={labelled(QUESTION_STATUSES, m.statuses)}
        />
        <Choice
          name="difficulty"
          label={m.difficulty}
          any={m.anyDifficulty}
          value={filter.difficulty}
          options={labelled(QUESTION_DIFFICULTIES, m.difficulties)}
        />
        <Choice
          name="source"
          label={m.source}
          any={m.anySource}
          value={filter.source}
          options={labelled(QUESTION_SOURCES, m.sources)}
        />
        <Choice
          name="sample"
          label={m.sample}
          any={m.anySample}
          value={filter.sample}
          options={labelled(["yes", "no"], m.samples)}
        />
        <Choice name="sort" label={m.sort} value={filter.sort} options={labelled(QUESTION_SORTS, m.sorts)} />
        <div className={wideOnPhone}>
          <FilterActions apply={m.apply} clear={m.clear} clearTo={home} filtered={filtered} />
        </div>
      </Form>
      <p className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-600">
        {/* Downloads, not pages: the browser fetches them itself. */}
        <a href={`/admin/questions/export/questions.csv${suffix}`} download className={secondaryButton}>
          {m.exportCsv}
        </a>
        <a href={`/admin/questions/export/questions.json${suffix}`} download className={secondaryButton}>
          {m.exportJson}
        </a>
      </p>
    </section>
  );
}

const statusTone: Record<string, string> = {
  draft: "bg-slate-200 text-slate-700",
  published: "bg-emerald-100 text-emerald-800",
};

export function QuestionTable({
  rows,
  empty,
  home,
  search,
  manager,
  onDelete,
}: {
  rows: QuestionRow[];
  /** The placeholder when there are no rows: empty, no match, or the load failure. */
  empty: string;
  home: string;
  /** The list's own query (filters, page), kept by the Edit and Delete links. */
  search: string;
  manager: Manager;
  onDelete: (trigger: HTMLElement, request: DeleteRequest) => void;
}) {
  const { fetcher } = manager;
  const selection = useBulkSelection();
  const at = (state: string) => `${home}?${search ? `${search}&` : ""}${state}`;
  return (
    <TableRegion label={mm.tableRegion(m.table)} actions>
      <thead>
        <tr>
          {/* Issue 48: the bulk selection's column, when the page has one. */}
          <SelectAllHeaderCell />
          {[m.columns.question, m.columns.syllabus, m.columns.kind, m.columns.answers, mm.status, mm.actions].map(
            (column) => (
              <th key={column} scope="col" className={th}>
                {column}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? <EmptyRow colSpan={selection ? 7 : 6} text={empty} /> : null}
        {rows.map((row) => {
          const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(row.id);
          const publish = row.status === "published" ? "unpublish" : "publish";
          return (
            <tr key={row.id} {...rowProps(row.id)}>
              <RowCheckCell id={row.id} name={row.title} />
              <th scope="row" className={`${td} max-w-md min-w-40 font-normal lg:min-w-52`}>
                <span className="block font-medium break-words text-slate-900">{row.title}</span>
                <span className="mt-1 block text-xs break-all text-slate-600">
                  {row.slug} · {m.version(row.current_version)}
                  {row.is_sample ? ` · ${m.sample}` : ""}
                </span>
              </th>
              <td className={td}>
                <span className="block">{row.subject}</span>
                <span className="block text-xs text-slate-600">{row.topic}</span>
              </td>
              <td className={`${td} whitespace-nowrap`}>
                <span className="block">
                  {m.types[row.type] ?? row.type} · {m.marks(row.marks)}
                </span>
                <span className="block text-xs text-slate-600">{m.difficulties[row.difficulty] ?? row.difficulty}</span>
                <span className="block text-xs text-slate-600">
                  {row.source === "gate" ? m.gateSource(row.gate_year, row.gate_question_no) : m.sources.original}
                </span>
              </td>
              <td className={td}>{m.answers(row.answers, row.right)}</td>
              <td className={td}>
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${statusTone[row.status] ?? ""}`}
                >
                  {m.statuses[row.status] ?? row.status}
                </span>
              </td>
              <td className={td}>
                <div className="flex flex-wrap gap-2">
                  <fetcher.Form method="post">
                    <input type="hidden" name="intent" value={publish} />
                    <input type="hidden" name="id" value={row.id} />
                    <button type="submit" disabled={busy} className={smallSecondary}>
                      {publish === "publish" ? m.publish : m.unpublish}
                      <span className="sr-only"> {row.title}</span>
                    </button>
                  </fetcher.Form>
                  <RowActions
                    name={row.title}
                    editHref={at(`edit=${row.id}`)}
                    deleteHref={at(`delete=${row.id}`)}
                    onDelete={(trigger) =>
                      onDelete(trigger, {
                        fields: { intent: "delete", id: String(row.id) },
                        title: mm.deleteTitle(m.what),
                        prompt: m.confirmDelete,
                        name: row.title,
                      })
                    }
                  />
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableRegion>
  );
}
