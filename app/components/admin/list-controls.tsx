import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
} from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { Pagination } from "~/components/content/pagination";
import { inputClass, primaryButton, SubmitButton } from "~/components/forms/fields";
import { labelled } from "~/components/forms/select-field";
import { useHydrated } from "~/components/layout/use-hydrated";
import { listHref, listParams, parseListQuery, rowAnchor, SEARCH_MAX, type ListSpec } from "~/core/list-query";
import type { AdminList } from "~/lib/admin/admin-lists";
import type { BulkStep, ListData, ListView } from "~/lib/admin/list-actions.server";
import { listMessages as lm, type BulkAction } from "~/lib/admin/messages/lists";
import { commonMessages } from "~/lib/admin/messages/common";
import { AlertDialog, ConfirmDialogActions, useAlertDialog } from "./alert-dialog";
import { ConfirmStepForm } from "./confirm-step";
import type { Manager } from "./manager-state";
import {
  ChoiceFilter,
  DateFilter,
  DirFilter,
  FilterActions,
  filterGrid,
  SearchFilter,
  wideOnPhone,
} from "./filter-fields";
import { EmptyRow, TableRegion, th } from "./manager-table";
import { Notice } from "./notice";
import { dangerButton, secondaryButton } from "./styles";

// What every admin list draws (issue 48 "Lists staff can work"): the filters (a GET form, so a
// filtered view is an address and works without JavaScript), column headings that sort (links,
// with aria-sort), the pages, and bulk actions: a checkbox per row and one for the whole page,
// an action and a confirmation naming how many, as a step of its own without JavaScript
// (?bulk=deactivate&ids=…) and a dialog with it. After a save the list comes back as it was, the
// saved row its address's fragment (#row-12): scrolled to, marked, and focused.

/** A filter of the list beyond the search: a choice among words, or a date. */
export type FilterControl =
  | { name: string; label: string; any?: string; options: { value: string; label: string }[] }
  | { name: string; label: string; type: "date" };

/** A column heading: its words, and its sort key when the list sorts by it. */
export type Column = string | { label: string; sort: string };

const columnLabel = (column: Column) => (typeof column === "string" ? column : column.label);

/** The address of the list sorted by `key`: the other way round when it already is. */
function sortHref(home: string, spec: ListSpec, view: ListView, key: string) {
  const dir = view.sort === key ? (view.dir === "asc" ? "desc" : "asc") : (spec.sorts[key] ?? "asc");
  return listHref(home, listParams(spec, { q: view.q, filters: view.filters, sort: key, dir }));
}

/** The list's view with one page of it: what the Edit and Delete links and forms keep. */
export const viewHref = (home: string, view: ListView, changes: Record<string, string | number | null> = {}) =>
  listHref(home, view.params, { page: view.page > 1 ? view.page : null, ...changes });

/**
 * The filter form: the search, the list's filters (Active and the date range come from its spec),
 * the sort, Apply and Clear. A GET form to the list's own address: the view is its URL.
 */
export function ListFilters({
  home,
  list,
  view,
  what,
  controls = [],
  sorts,
  dateLabel,
  hidden = {},
  children,
}: {
  home: string;
  list: AdminList;
  view: ListView;
  /** The rows, in "Find job alerts". */
  what: string;
  /** The list's own filters, besides Active and the dates. */
  controls?: FilterControl[];
  /** The sort keys' names, for the sort choice. */
  sorts: Record<string, string>;
  /** Which date From and To filter, e.g. "Posted". */
  dateLabel?: string;
  /** Parameters of the page the form keeps (the catalogue's tab). */
  hidden?: Record<string, string>;
  /** More of the section, after the form (the leads' export). */
  children?: ReactNode;
}) {
  const { spec } = list;
  const kept = { ...spec.fixed, ...hidden };
  const all: FilterControl[] = [...controls];
  if ("active" in spec.filters && !controls.some((c) => c.name === "active")) {
    // "Status", as the table's column says Active or Inactive (and the form's own box is "Active").
    all.unshift({
      name: "active",
      label: lm.status,
      options: labelled(["1", "0"], lm.activeChoices),
    });
  }
  if ("from" in spec.filters) {
    all.push({ name: "from", label: dateLabel ? `${dateLabel} ${lm.from.toLowerCase()}` : lm.from, type: "date" });
    all.push({ name: "to", label: dateLabel ? `${dateLabel} ${lm.to.toLowerCase()}` : lm.to, type: "date" });
  }
  const sortKeys = Object.keys(sorts);
  const changed = view.filtered || view.sort !== spec.sort || view.dir !== spec.sorts[spec.sort];
  const navigate = useNavigate();
  // With JavaScript the address is the view's own, its empty fields and defaults left out (a
  // plain form sends every field, which the loader reads the same).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const given = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget))
      if (typeof value === "string" && value !== "") given.append(name, value);
    void navigate(listHref(home, { ...listParams(spec, parseListQuery(spec, given)), ...hidden }));
  };
  return (
    <section aria-label={lm.filters(what)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Form method="get" action={home} onSubmit={onSubmit} className={filterGrid}>
        {Object.entries(kept).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className={wideOnPhone}>
          <SearchFilter id="list-filter-q" label={lm.search} maxLength={SEARCH_MAX} value={view.q} />
        </div>
        {all.map((control) => {
          const id = `list-filter-${control.name}`;
          const value = view.filters[control.name] ?? "";
          return "type" in control ? (
            <div key={control.name} className={wideOnPhone}>
              <DateFilter id={id} name={control.name} label={control.label} value={value} />
            </div>
          ) : (
            <ChoiceFilter
              key={control.name}
              id={id}
              name={control.name}
              label={control.label}
              any={control.any ?? lm.any}
              value={value}
              options={control.options}
            />
          );
        })}
        {sortKeys.length > 1 ? (
          <>
            <ChoiceFilter
              id="list-filter-sort"
              name="sort"
              label={lm.sort}
              value={view.sort}
              options={sortKeys.map((key) => ({ value: key, label: sorts[key]! }))}
            />
            <DirFilter id="list-filter-dir" value={view.dir} />
          </>
        ) : null}
        <div className={wideOnPhone}>
          <FilterActions apply={lm.apply} clear={lm.clear} clearTo={listHref(home, kept)} filtered={changed} />
        </div>
      </Form>
      {children}
    </section>
  );
}

/**
 * The table's headings: the selection column when the list has bulk actions, then each column,
 * those that sort as links (the current one marked with aria-sort), then any trailing ones.
 */
export function SortableHeaderRow({
  home,
  list,
  view,
  columns,
  trailing = [],
  bulk,
}: {
  home: string;
  list: AdminList;
  view: ListView;
  columns: Column[];
  trailing?: string[];
  /** The page's bulk form, when the list has bulk actions. */
  bulk?: BulkSelection | null;
}) {
  return (
    <thead>
      <tr>
        {bulk ? (
          <th scope="col" className={`${th} w-12`}>
            <SelectAllCheck selection={bulk} />
          </th>
        ) : null}
        {columns.map((column) => {
          const label = columnLabel(column);
          if (typeof column === "string") {
            return (
              <th key={label} scope="col" className={th}>
                {label}
              </th>
            );
          }
          const current = view.sort === column.sort;
          const next = current ? (view.dir === "asc" ? "desc" : "asc") : (list.spec.sorts[column.sort] ?? "asc");
          return (
            <th
              key={label}
              scope="col"
              aria-sort={current ? (view.dir === "asc" ? "ascending" : "descending") : undefined}
              className={th}
            >
              <Link
                to={sortHref(home, list.spec, view, column.sort)}
                aria-label={lm.sortBy(label, next)}
                className="inline-flex items-center gap-1 underline decoration-slate-400 underline-offset-4 hover:text-slate-900"
              >
                {label}
                <SortIcon state={current ? view.dir : null} />
              </Link>
            </th>
          );
        })}
        {trailing.map((label) => (
          <th key={label} scope="col" className={th}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The heading's sort: up or down for the current sort, both ways for another. Decorative. */
function SortIcon({ state }: { state: "asc" | "desc" | null }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 10 14" width="10" height="14" className="shrink-0 fill-current text-slate-500">
      {state !== "desc" ? <path d="M5 1 9 6H1z" /> : null}
      {state !== "asc" ? <path d="M5 13 1 8h8z" /> : null}
    </svg>
  );
}

/** Previous and Next of the list, keeping its view. */
export function ListPager({
  home,
  view,
  hasNext,
  what,
}: {
  home: string;
  view: ListView;
  hasNext: boolean;
  what: string;
}) {
  return (
    <Pagination
      label={lm.pagination(what)}
      page={view.page}
      hasNext={hasNext}
      href={(page) => listHref(home, view.params, { page })}
    />
  );
}

/**
 * The saved row of the address's fragment (#row-12) takes focus once the page is live, so the
 * keyboard carries on from it; the router has scrolled it into view (and the browser does without
 * JavaScript, where CSS marks it as the target).
 */
export function useFocusSavedRow() {
  const location = useLocation();
  useEffect(() => {
    if (!location.hash.startsWith("#row-")) return;
    const row = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    row?.focus({ preventScroll: true });
  }, [location]);
}

/** A row of a list: its anchor (#row-12) and the look of the row just saved. */
export const rowProps = (id: number | string, className = "") => ({
  id: rowAnchor(id),
  tabIndex: -1,
  className:
    `scroll-mt-24 target:bg-amber-50 focus:bg-amber-50 focus:outline-2 focus:outline-brand-700 ${className}`.trim(),
});

// --- Bulk actions ------------------------------------------------------------------------------

interface BulkSelection {
  formId: string;
  /** How many rows are chosen (with JavaScript). */
  count: number;
  /** Counts again after a checkbox changed. */
  changed: () => void;
  /** Checks or unchecks every row of the page. */
  setAll: (checked: boolean) => void;
}

const BulkContext = createContext<BulkSelection | null>(null);

/** The bulk selection of the list's table, for its row checkboxes. */
export const useBulkSelection = () => useContext(BulkContext);

/** The checkboxes of the rows of the bulk form `formId`, wherever they sit in the page. */
function rowBoxes(formId: string): HTMLInputElement[] {
  const form = document.getElementById(formId) as HTMLFormElement | null;
  if (!form) return [];
  return [...form.elements].filter(
    (el): el is HTMLInputElement => el instanceof HTMLInputElement && el.name === "ids" && el.type === "checkbox",
  );
}

/** The "select all on this page" checkbox of the bulk form `formId`. */
const allBox = (formId: string) => document.getElementById(`${formId}-all`) as HTMLInputElement | null;

/**
 * The state of a list's bulk selection: the form the checkboxes belong to (by its id, so that each
 * row's checkbox sits in its row, outside the form), and how many are checked.
 */
export function useBulk(enabled: boolean) {
  const formId = `bulk-${useId().replace(/:/g, "")}`;
  const { key } = useLocation();
  // The count belongs to the address it was made on: a new one (after a bulk action, another page
  // or view) starts with nothing chosen.
  const [counted, setCounted] = useState({ at: key, count: 0 });
  const count = counted.at === key ? counted.count : 0;
  const changed = useCallback(() => {
    const boxes = rowBoxes(formId);
    const checked = boxes.filter((box) => box.checked).length;
    setCounted({ at: key, count: checked });
    const all = allBox(formId);
    if (all) {
      all.checked = boxes.length > 0 && checked === boxes.length;
      all.indeterminate = checked > 0 && checked < boxes.length;
    }
  }, [formId, key]);
  const setAll = useCallback(
    (checked: boolean) => {
      for (const box of rowBoxes(formId)) box.checked = checked;
      changed();
    },
    [formId, changed],
  );
  const cleared = useRef(key);
  useEffect(() => {
    if (cleared.current === key) return;
    cleared.current = key;
    for (const box of rowBoxes(formId)) box.checked = false;
    const all = allBox(formId);
    if (all) {
      all.checked = false;
      all.indeterminate = false;
    }
  }, [formId, key]);
  return useMemo(
    () => (enabled ? { formId, count, changed, setAll } : null),
    [enabled, formId, count, changed, setAll],
  );
}

/** Makes the table's checkboxes part of the bulk form. */
export function BulkProvider({ selection, children }: { selection: BulkSelection | null; children: ReactNode }) {
  return <BulkContext.Provider value={selection}>{children}</BulkContext.Provider>;
}

/** "Select all on this page": without JavaScript it sends all=1, which the confirmation reads as every row of the page. */
function SelectAllCheck({ selection }: { selection: BulkSelection }) {
  return (
    <input
      id={`${selection.formId}-all`}
      type="checkbox"
      name="all"
      value="1"
      form={selection.formId}
      aria-label={lm.selectAll}
      onChange={(event) => selection.setAll(event.currentTarget.checked)}
      className="size-5 accent-brand-700"
    />
  );
}

/** A row's checkbox, part of the bulk form wherever it sits. */
export function RowCheck({ id, name }: { id: number | string; name: string }) {
  const selection = useBulkSelection();
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      name="ids"
      value={id}
      form={selection.formId}
      aria-label={lm.selectRow(name)}
      onChange={selection.changed}
      className="size-5 accent-brand-700"
    />
  );
}

/** The row's checkbox, the first cell of its row. */
export function RowCheckCell({ id, name }: { id: number | string; name: string }) {
  const selection = useBulkSelection();
  if (!selection) return null;
  return (
    <td className="border-b border-slate-100 px-4 py-3 align-top">
      <RowCheck id={id} name={name} />
    </td>
  );
}

/** The selection column's heading: "Select all on this page". */
export function SelectAllHeaderCell() {
  const selection = useBulkSelection();
  if (!selection) return null;
  return (
    <th scope="col" className={`${th} w-12`}>
      <SelectAllCheck selection={selection} />
    </th>
  );
}

/** "Select all on this page" outside a table (a list of cards). */
export function SelectAll() {
  const selection = useBulkSelection();
  if (!selection) return null;
  return (
    <label className="inline-flex min-h-11 items-center gap-2 font-medium text-slate-900">
      <SelectAllCheck selection={selection} />
      <span aria-hidden="true">{lm.selectAll}</span>
    </label>
  );
}

/** The bulk bar with Select all beside it: for a list of cards, which has no heading row to hold it. */
export function BulkBarWithSelectAll(props: ComponentProps<typeof BulkBar>) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <BulkBar {...props} />
      <SelectAll />
    </div>
  );
}

/**
 * The bulk bar: the action and Apply to selected. Without JavaScript a GET of the list's address
 * with the action and the ids, which the page answers with its confirmation step; with it the
 * confirmation opens as a dialog and the action is posted from there.
 */
export function BulkBar({
  selection,
  home,
  list,
  view,
  manager,
  what,
  nameOf,
}: {
  selection: BulkSelection | null;
  home: string;
  list: AdminList;
  view: ListView;
  manager: Manager;
  what: string;
  /** A row's name by its id, for the dialog (rows of this page). */
  nameOf: (id: string) => string | undefined;
}) {
  const hydrated = useHydrated();
  const [asking, setAsking] = useState<{ action: BulkAction; ids: string[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!selection || list.bulk.length === 0) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const action = list.bulk.find((a) => a === (form.elements.namedItem("bulk") as HTMLSelectElement).value);
    const ids = rowBoxes(selection.formId)
      .filter((box) => box.checked)
      .map((box) => box.value);
    if (!action) return setProblem(lm.unknownAction);
    if (ids.length === 0) return setProblem(lm.noneSelected);
    setProblem(null);
    setAsking({ action, ids });
  };

  return (
    <>
      <Form
        id={selection.formId}
        method="get"
        action={home}
        aria-label={lm.bulkLabel(what)}
        onSubmit={hydrated ? onSubmit : undefined}
        className="flex flex-wrap items-end gap-3"
      >
        {Object.entries(view.params).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {view.page > 1 ? <input type="hidden" name="page" value={view.page} /> : null}
        <div>
          <label htmlFor={`${selection.formId}-action`} className="font-medium text-slate-900">
            {lm.bulk}
          </label>
          <select id={`${selection.formId}-action`} name="bulk" defaultValue="" className={inputClass}>
            <option value="">{lm.bulkChoose}</option>
            {list.bulk.map((action) => (
              <option key={action} value={action}>
                {lm.verb(action)}
              </option>
            ))}
          </select>
        </div>
        <button ref={trigger} type="submit" className={secondaryButton}>
          {lm.bulkApply}
        </button>
        {hydrated ? (
          <p aria-live="polite" className="min-h-11 py-2 text-sm text-slate-700">
            {selection.count > 0 ? lm.selected(selection.count) : ""}
          </p>
        ) : null}
      </Form>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <BulkDialog
        manager={manager}
        list={list}
        asking={asking}
        nameOf={nameOf}
        onClose={() => {
          setAsking(null);
          trigger.current?.focus();
        }}
      />
    </>
  );
}

const SHOWN_NAMES = 10;

function ChosenNames({ names }: { names: string[] }) {
  return (
    <>
      <p className="mt-2 text-slate-700">{lm.confirmList}</p>
      <ul className="mt-1 list-disc space-y-1 pl-6 break-words text-slate-800">
        {names.slice(0, SHOWN_NAMES).map((name, index) => (
          <li key={`${index}-${name}`}>{name}</li>
        ))}
        {names.length > SHOWN_NAMES ? <li>{lm.more(names.length - SHOWN_NAMES)}</li> : null}
      </ul>
    </>
  );
}

/** The confirmation as a modal alert dialog: focus starts on Cancel, Escape cancels. */
function BulkDialog({
  manager,
  list,
  asking,
  nameOf,
  onClose,
}: {
  manager: Manager;
  list: AdminList;
  asking: { action: BulkAction; ids: string[] } | null;
  nameOf: (id: string) => string | undefined;
  onClose: () => void;
}) {
  const busy = manager.busyIntent === "bulk";
  const { ref, cancelRef } = useAlertDialog(asking !== null, busy);
  const titleId = useId();

  return (
    <AlertDialog ref={ref} labelledBy={titleId} onClose={onClose}>
      {asking ? (
        <>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {lm.confirm(asking.action, asking.ids.length, list.nouns)}
          </h2>
          <ChosenNames names={asking.ids.map((id) => nameOf(id) ?? `#${id}`)} />
          <ConfirmDialogActions
            dialogRef={ref}
            cancelRef={cancelRef}
            busy={busy}
            label={lm.verb(asking.action)}
            look={asking.action === "delete" ? dangerButton : primaryButton}
            onConfirm={() =>
              void manager.fetcher.submit(
                { intent: "bulk", bulk: asking.action, ids: asking.ids.join(",") },
                { method: "post" },
              )
            }
          />
        </>
      ) : null}
    </AlertDialog>
  );
}

/** The confirmation as a step of its own (?bulk=…&ids=…), the path without JavaScript. */
export function BulkConfirmPanel<Row extends { id: number | string }>({
  manager,
  list,
  step,
  error,
  name,
  cancelTo,
}: {
  manager: Manager;
  list: AdminList;
  step: BulkStep<Row> | null;
  error: string | null;
  name: (row: Row) => string;
  cancelTo: string;
}) {
  const titleId = useId();
  if (error) return <Notice tone="error">{error}</Notice>;
  if (!step) return null;
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-amber-200 bg-amber-50/50 p-5">
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {lm.confirm(step.action, step.rows.length, list.nouns)}
      </h2>
      <ChosenNames names={step.rows.map(name)} />
      <ConfirmStepForm
        manager={manager}
        fields={{ intent: "bulk", bulk: step.action, ids: step.rows.map((row) => row.id).join(",") }}
        cancelTo={cancelTo}
      >
        <SubmitButton
          label={lm.verb(step.action)}
          pendingLabel={lm.verb(step.action)}
          pending={manager.busyIntent === "bulk"}
          look={step.action === "delete" ? dangerButton : primaryButton}
        />
      </ConfirmStepForm>
    </section>
  );
}

// --- The whole list ----------------------------------------------------------------------------

/** The list's view and what it offers: its spec, one page of it, and its filters' words. */
export interface Listing<Row> {
  list: AdminList;
  data: ListData<Row>;
  /** The sort keys' names. */
  sorts: Record<string, string>;
  controls?: FilterControl[];
  dateLabel?: string;
  /** Parameters of the page the filter form keeps. */
  hidden?: Record<string, string>;
  /** The rows, in "Find job alerts", "Job alerts pages". */
  what: string;
}

/**
 * A list with everything issue 48 asks of one: the bulk confirmation step, the filters, the bulk
 * bar, the table (a checkbox per row, headings that sort, each row its anchor) and the pages.
 */
export function ListTable<Row extends { id: number }>({
  home,
  listing,
  manager,
  label,
  columns,
  trailing = [],
  empty,
  loadError = null,
  name,
  renderRow,
  before,
  filtersExtra,
}: {
  home: string;
  listing: Listing<Row>;
  manager: Manager;
  /** The table's name, e.g. 'Job alerts'. */
  label: string;
  columns: Column[];
  /** Headings after the list's own columns (Status, Actions). */
  trailing?: string[];
  /** The placeholder of an empty list (not of a filtered one, nor of a failed read). */
  empty: string;
  /** The read's failure, the placeholder then. */
  loadError?: string | null;
  /** The row's name: its checkbox's, and in confirmations. */
  name: (row: Row) => string;
  /** The row's cells after its checkbox. */
  renderRow: (row: Row, index: number) => ReactNode;
  /** What the page shows between the filters and the table. */
  before?: ReactNode;
  /** More of the filters' section (the leads' export). */
  filtersExtra?: ReactNode;
}) {
  const { list, data } = listing;
  const bulk = useBulk(list.bulk.length > 0);
  useFocusSavedRow();
  const back = viewHref(home, data.view);
  const rows = data.rows;
  const span = (bulk ? 1 : 0) + columns.length + trailing.length;
  return (
    <>
      <BulkConfirmPanel
        manager={manager}
        list={list}
        step={data.bulk}
        error={data.bulkError}
        name={name}
        cancelTo={back}
      />
      <ListFilters
        home={home}
        list={list}
        view={data.view}
        what={listing.what}
        controls={listing.controls}
        sorts={listing.sorts}
        dateLabel={listing.dateLabel}
        hidden={listing.hidden}
      >
        {filtersExtra}
      </ListFilters>
      {before}
      <BulkBar
        selection={bulk}
        home={home}
        list={list}
        view={data.view}
        manager={manager}
        what={listing.what}
        nameOf={(id) => {
          const row = rows.find((r) => String(r.id) === id);
          return row ? name(row) : undefined;
        }}
      />
      <BulkProvider selection={bulk}>
        {/* Every list ends with its rows' actions. */}
        <TableRegion label={commonMessages.tableRegion(label)} actions>
          <SortableHeaderRow
            home={home}
            list={list}
            view={data.view}
            columns={columns}
            trailing={trailing}
            bulk={bulk}
          />
          <tbody>
            {rows.length === 0 ? (
              <EmptyRow colSpan={span} text={loadError ?? (data.view.filtered ? lm.noMatch : empty)} />
            ) : null}
            {rows.map((row, index) => (
              <tr key={row.id} {...rowProps(row.id)}>
                <RowCheckCell id={row.id} name={name(row)} />
                {renderRow(row, index)}
              </tr>
            ))}
          </tbody>
        </TableRegion>
      </BulkProvider>
      <ListPager home={home} view={data.view} hasNext={data.hasNext} what={listing.what} />
    </>
  );
}
