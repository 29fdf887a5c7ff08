import { isCalendarDate } from "./ist";
import { PAGE_PARAM, parsePage } from "./pagination";

// An admin list's view as its address (issue 48 "Lists staff can work"): the words searched
// (?q=), the filters each list has (?active=1, ?status=pending, ?from=2026-01-01…), the sort
// (?sort=title&dir=asc) and the page (?page=2). Every list reads its view from its URL and writes
// its links back into one, so a filtered view can be bookmarked and works without JavaScript.
// Values that are not one of the list's are dropped, never refused: the list then shows as if
// they were absent. Defaults are left out of the address, so a plain list keeps its plain URL.

export type SortDir = "asc" | "desc";

/**
 * What a filter may hold: one of these words, a record's id, a calendar date (YYYY-MM-DD, a day in
 * India), a number of days (1 to 366), or a short code of letters and digits (a GATE paper's, CH).
 */
export type FilterRule = readonly string[] | "id" | "date" | "days" | "code";

export interface ListSpec {
  /** The sort keys, each with the direction it starts in when chosen. */
  sorts: Readonly<Record<string, SortDir>>;
  /** The sort of the plain list. */
  sort: string;
  /** The list's filters by parameter name, in the order the address writes them. */
  filters: Readonly<Record<string, FilterRule>>;
  pageSize: number;
  /** Parameters of the page the list is on, kept by every address of it (the catalogue's tab). */
  fixed?: Readonly<Record<string, string>>;
}

export interface ListQuery {
  /** The words searched: trimmed, without control characters, at most SEARCH_MAX; null when none. */
  q: string | null;
  sort: string;
  dir: SortDir;
  page: number;
  pageSize: number;
  /** The filters given, each valid for its rule. */
  filters: Readonly<Record<string, string>>;
  /** Only these rows, whatever the filters (an edited row off the page, a bulk selection). */
  ids?: readonly number[];
}

export const SEARCH_PARAM = "q";
export const SORT_PARAM = "sort";
export const DIR_PARAM = "dir";
/** A search holds at most this many characters. */
export const SEARCH_MAX = 100;
/** The most rows a page of a list shows, and so the most one bulk action takes. */
export const LIST_PAGE_MAX = 100;

/**
 * The parameters of a manager's own states (the add form, the edit form, the confirmations), and
 * React Router's marker of an index route's action.
 */
export const STATE_PARAMS = ["new", "edit", "delete", "bulk", "ids", "all", "index"] as const;

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators.
// oxlint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A search as typed → the words searched, or null. */
export function searchOf(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const text = value.replace(CONTROL, " ").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX).trim();
  return text === "" ? null : text;
}

/** Whether `value` is allowed by `rule`. */
export function filterAllows(rule: FilterRule, value: string): boolean {
  if (rule === "id") return /^\d{1,9}$/.test(value) && Number(value) > 0;
  if (rule === "date") return isCalendarDate(value);
  if (rule === "days") return /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 366;
  if (rule === "code") return /^[A-Za-z0-9]{1,8}$/.test(value);
  return rule.includes(value);
}

/** The list's view from its address; anything not the list's own is left out. */
export function parseListQuery(spec: ListSpec, search: URLSearchParams): ListQuery {
  const askedSort = search.get(SORT_PARAM);
  const sort = askedSort !== null && Object.hasOwn(spec.sorts, askedSort) ? askedSort : spec.sort;
  const askedDir = search.get(DIR_PARAM);
  const dir: SortDir = askedDir === "asc" || askedDir === "desc" ? askedDir : (spec.sorts[sort] ?? "desc");
  const filters: Record<string, string> = {};
  for (const [name, rule] of Object.entries(spec.filters)) {
    const value = search.get(name);
    if (value !== null && value !== "" && filterAllows(rule, value)) filters[name] = value;
  }
  return {
    q: searchOf(search.get(SEARCH_PARAM)),
    sort,
    dir,
    page: parsePage(search.get(PAGE_PARAM)) ?? 1,
    pageSize: Math.min(spec.pageSize, LIST_PAGE_MAX),
    filters,
  };
}

/**
 * The view's parameters, defaults left out and without the page: its filters (in the spec's
 * order), then q, sort and dir.
 */
export function listParams(
  spec: ListSpec,
  query: Pick<ListQuery, "q" | "sort" | "dir" | "filters">,
): Record<string, string> {
  const params: Record<string, string> = { ...spec.fixed };
  for (const name of Object.keys(spec.filters)) {
    const value = query.filters[name];
    if (value !== undefined) params[name] = value;
  }
  if (query.q) params[SEARCH_PARAM] = query.q;
  if (query.sort !== spec.sort) params[SORT_PARAM] = query.sort;
  if (query.dir !== spec.sorts[query.sort]) params[DIR_PARAM] = query.dir;
  return params;
}

/** Whether the view narrows the list (a search or a filter): "nothing matches" rather than "empty". */
export const isFiltered = (query: Pick<ListQuery, "q" | "filters">) =>
  query.q !== null || Object.keys(query.filters).length > 0;

/**
 * An address of the list at `path`: its view's parameters (`params`, as listParams gave them),
 * with `changes` set over them (a null removes one). Page 1 has no page parameter.
 */
export function listHref(
  path: string,
  params: Readonly<Record<string, string>>,
  changes: Readonly<Record<string, string | number | null | undefined>> = {},
): string {
  const search = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined) search.delete(name);
    else search.set(name, String(value));
  }
  if (search.get(PAGE_PARAM) === "1") search.delete(PAGE_PARAM);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The list an action returns to, from the address it was posted to: the same view (filters,
 * sort, page), without the add, edit or confirmation state.
 */
export function listBack(home: string, requestUrl: string): string {
  const search = new URL(requestUrl).searchParams;
  for (const name of STATE_PARAMS) search.delete(name);
  const query = search.toString();
  return query ? `${home}?${query}` : home;
}

/** The list's address with the saved row as its fragment: it is scrolled into view and focused. */
export const withRow = (location: string, id: number | null | undefined) =>
  typeof id === "number" && Number.isInteger(id) && id > 0 ? `${location}#${rowAnchor(id)}` : location;

/** The id of a row of a list, its fragment in a list's address. */
export const rowAnchor = (id: number | string) => `row-${id}`;

/**
 * The ids of a bulk selection: whole numbers, each once, at most LIST_PAGE_MAX; null when any is
 * not an id or there are none or too many.
 */
export function parseIds(values: readonly string[]): number[] | null {
  const ids = new Set<number>();
  for (const value of values.flatMap((v) => v.split(","))) {
    const text = value.trim();
    if (text === "") continue;
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1) return null;
    ids.add(Number(text));
  }
  return ids.size === 0 || ids.size > LIST_PAGE_MAX ? null : [...ids];
}
