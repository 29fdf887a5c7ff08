import { Link } from "react-router";
import { labelled } from "~/components/forms/select-field";
import type { AdminTestRow } from "~/db/queries/practice-test-admin.server";
import { practiceTestList } from "~/lib/admin/admin-lists";
import type { ListData } from "~/lib/admin/list-actions.server";
import { listMessages } from "~/lib/admin/messages/lists";
import { commonMessages } from "~/lib/admin/messages/common";
import { practiceTestMessages as m } from "~/lib/admin/messages/practice-tests";
import type { DeleteRequest } from "./confirm-delete";
import { IstTime } from "./ist-time";
import type { Manager } from "./manager-state";
import { ListTable, viewHref } from "./list-controls";
import { RowActions, td } from "./manager-table";
import { smallSecondary, textLink } from "./styles";

// The timed tests' list (issue 47): each test's title and address, kind, time and access, its
// paper's size, window and attempts, its status, and its actions: Publish or Unpublish, Statistics, Edit
// and Delete. A scrolling table like every manager's list, so it stays readable at 375 px.

const mm = commonMessages;

const statusTone: Record<string, string> = {
  draft: "bg-slate-200 text-slate-700",
  published: "bg-emerald-100 text-emerald-800",
};

/** The status in words (never colour alone). */
export function TestStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${statusTone[status] ?? ""}`}
    >
      {m.statuses[status] ?? status}
    </span>
  );
}

/** A test's delete confirmation. */
export const testDeleteRequest = (id: number, title: string): DeleteRequest => ({
  fields: { intent: "delete", id: String(id) },
  title: mm.deleteTitle(m.what),
  prompt: m.confirmDelete,
  name: title,
});

/** Publish or Unpublish one test: a form of its own, so it works without JavaScript. */
export function PublishButton({
  manager,
  id,
  status,
  title,
}: {
  manager: Manager;
  id: number;
  status: string;
  title: string;
}) {
  const { fetcher } = manager;
  const intent = status === "published" ? "unpublish" : "publish";
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(id);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" disabled={busy} className={smallSecondary}>
        {intent === "publish" ? m.publish : m.unpublish}
        <span className="sr-only"> {title}</span>
      </button>
    </fetcher.Form>
  );
}

function Window({ opens, closes }: { opens: string | null; closes: string | null }) {
  if (!opens && !closes) return <>{m.noWindow}</>;
  return (
    <>
      {opens ? (
        <span className="block whitespace-nowrap">
          {m.opens} <IstTime iso={opens} />
        </span>
      ) : null}
      {closes ? (
        <span className="block whitespace-nowrap">
          {m.closes} <IstTime iso={closes} />
        </span>
      ) : null}
    </>
  );
}

/**
 * The list of tests (issue 48: searched, filtered by status and kind, sorted, paged, with bulk
 * Publish, Unpublish and Delete): each row's title and address, kind, questions, window,
 * attempts, status and actions.
 */
export function TestTable({
  list,
  loadError,
  home,
  manager,
  onDelete,
}: {
  list: ListData<AdminTestRow>;
  loadError: string | null;
  home: string;
  manager: Manager;
  onDelete: (trigger: HTMLElement, request: DeleteRequest) => void;
}) {
  const view = list.view;
  return (
    <ListTable
      home={home}
      manager={manager}
      listing={{
        list: practiceTestList,
        data: list,
        what: "tests",
        sorts: { updated: listMessages.updated, title: m.columns.test, kind: m.columns.kind },
        controls: [
          {
            name: "status",
            label: mm.status,
            options: labelled(["draft", "published"], m.statuses),
          },
          {
            name: "kind",
            label: m.columns.kind,
            options: Object.entries(m.kinds).map(([value, label]) => ({ value, label })),
          },
        ],
      }}
      label={m.table}
      columns={[
        { label: m.columns.test, sort: "title" },
        { label: m.columns.kind, sort: "kind" },
        m.columns.questions,
        m.columns.window,
        m.columns.attempts,
      ]}
      trailing={[mm.status, mm.actions]}
      empty={m.listEmpty}
      loadError={loadError}
      name={(row) => row.title}
      renderRow={(row) => (
        <>
          <th scope="row" className={`${td} max-w-xs font-normal`}>
            <span className="block font-medium break-words text-slate-900">{row.title}</span>
            <span className="mt-1 block text-xs break-all text-slate-600">
              /tests/{row.slug}
              {row.is_sample ? ` · ${m.sample}` : ""}
            </span>
          </th>
          <td className={td}>
            <span className="block">{m.kinds[row.kind] ?? row.kind}</span>
            <span className="block text-xs text-slate-600">
              {m.minutes(row.duration_minutes)} · {m.access[row.access] ?? row.access}
            </span>
          </td>
          <td className={td}>{m.questionCount(row.questions, row.marks)}</td>
          <td className={`${td} text-xs`}>
            <Window opens={row.opens_at} closes={row.closes_at} />
          </td>
          <td className={td}>{m.attempts(row.started, row.submitted)}</td>
          <td className={td}>
            <TestStatusBadge status={row.status} />
          </td>
          <td className={td}>
            <div className="flex flex-wrap gap-2">
              <PublishButton manager={manager} id={row.id} status={row.status} title={row.title} />
              <Link to={`${home}/${row.id}/stats`} className={smallSecondary}>
                {m.stats}
                <span className="sr-only"> {row.title}</span>
              </Link>
              <RowActions
                name={row.title}
                editHref={viewHref(home, view, { edit: row.id })}
                deleteHref={viewHref(home, view, { delete: row.id })}
                onDelete={(trigger) => onDelete(trigger, testDeleteRequest(row.id, row.title))}
              />
            </div>
          </td>
        </>
      )}
    />
  );
}

/** The link to a published test's page on the site. */
export function ViewOnSite({ slug }: { slug: string }) {
  return (
    <Link to={`/tests/${slug}`} className={textLink}>
      {m.view}
    </Link>
  );
}
