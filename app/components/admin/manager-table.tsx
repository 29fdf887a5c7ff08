import type { ReactNode } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/components/layout/use-hydrated";
import { commonMessages } from "~/lib/admin/messages/common";
import { smallDanger, smallSecondary } from "./styles";

// A manager's list: a table that scrolls inside its own box, each row ending with its status and
// its Edit and Delete actions.

const mm = commonMessages;

export const th = "border-b border-slate-200 bg-slate-50 px-4 py-3 font-semibold text-slate-700";
export const td = "border-b border-slate-100 px-4 py-3 align-top text-slate-800";

/** 'Active' or 'Inactive' (spec §2), in words, never colour alone. */
export function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        active ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"
      }`}
    >
      {active ? mm.active : mm.inactive}
    </span>
  );
}

/**
 * A table that scrolls sideways inside its own box on narrow screens, never the page. The box
 * is a named, focusable region so keyboard users can scroll it too.
 */
export function TableRegion({
  label,
  actions = false,
  children,
}: {
  label: string;
  /** The last column holds each row's actions: it stays in view while the rest scrolls. */
  actions?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // A scrollable region must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable).
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className={`w-full min-w-[40rem] border-collapse text-left text-sm ${actions ? "table-sticky-end" : ""}`}>
        {children}
      </table>
    </section>
  );
}

/** The list's placeholder row: empty, or the load failure. */
export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="py-6 text-slate-600">
        {/* A table wider than a phone scrolls in its own box: the words stay in that box's view,
            centred on it, instead of in the middle of the whole width (cut off at 375 px). */}
        <p className="sticky left-0 w-[min(100%,calc(100vw-2rem))] px-4 text-center">{text}</p>
      </td>
    </tr>
  );
}

/** The column headings of a table. */
export function HeaderRow({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={th}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

const context = (label: string) => <span className="sr-only"> {label}</span>;

/**
 * Edit and Delete of one row. Edit is a link to the edit state. Delete is a link to the
 * confirmation step without JavaScript, and a button opening the confirm dialog with it.
 */
export function RowActions({
  name,
  editHref,
  deleteHref,
  onDelete,
}: {
  name: string;
  editHref: string;
  deleteHref: string;
  onDelete: (trigger: HTMLElement) => void;
}) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-wrap gap-2 sm:flex-nowrap">
      <Link to={editHref} className={smallSecondary}>
        {mm.edit}
        {context(name)}
      </Link>
      {hydrated ? (
        <button type="button" onClick={(event) => onDelete(event.currentTarget)} className={smallDanger}>
          {mm.delete}
          {context(name)}
        </button>
      ) : (
        <Link to={deleteHref} className={smallDanger}>
          {mm.delete}
          {context(name)}
        </Link>
      )}
    </div>
  );
}

/**
 * A manager's table: the given column headings then Status and Actions, the rows, and the
 * placeholder row when there are none (the load failure, or the empty text).
 */
export function ManagerTable({
  label,
  columns,
  empty,
  header,
  leading = 0,
  children,
}: {
  /** The table's name, e.g. 'Job alerts'. */
  label: string;
  columns: string[];
  /** The placeholder row's text, or null when there are rows. */
  empty: string | null;
  /** Headings of the list's own (sorting links, the selection column; issue 48) for the plain ones. */
  header?: ReactNode;
  /** Columns the header has before `columns` (the selection's). */
  leading?: number;
  children: ReactNode;
}) {
  return (
    <TableRegion label={mm.tableRegion(label)} actions>
      {header ?? <HeaderRow columns={[...columns, mm.status, mm.actions]} />}
      <tbody>
        {empty === null ? null : <EmptyRow colSpan={leading + columns.length + 2} text={empty} />}
        {children}
      </tbody>
    </TableRegion>
  );
}

/** The Status and Actions cells that end every row of a manager's table. */
export function StatusAndActionsCells({
  active,
  name,
  home,
  id,
  onDelete,
  at,
}: {
  active: boolean;
  /** The row's name for screen readers ('Edit <name>'). */
  name: string;
  home: string;
  id: number;
  onDelete: (trigger: HTMLElement) => void;
  /** The list's address with a state (edit=12), keeping the list's view (issue 48). */
  at?: (state: Record<string, number>) => string;
}) {
  return (
    <>
      <td className={td}>
        <StatusBadge active={active} />
      </td>
      <td className={td}>
        <RowActions
          name={name}
          editHref={at ? at({ edit: id }) : `${home}?edit=${id}`}
          deleteHref={at ? at({ delete: id }) : `${home}?delete=${id}`}
          onDelete={onDelete}
        />
      </td>
    </>
  );
}
