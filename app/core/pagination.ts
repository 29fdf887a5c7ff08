// Link-based pagination for public lists that can grow without bound (issue 6 "100× the demo
// size"): ?page=N on the list's own address, real links, so it works without JavaScript and every
// page can be shared and cached. No total count is read: a page asks for one row more than it
// shows to know whether a next page exists, so reading page 1 costs the same at any table size.

export const PAGE_PARAM = "page";
/** Far beyond any real list; a larger number is not a page of ours. */
const MAX_PAGE = 10_000;

/** One page of a list, and whether another follows it. */
export interface ListPage<T> {
  items: T[];
  page: number;
  hasNext: boolean;
}

/** The LIMIT and OFFSET of a page's rows. */
export interface RowRange {
  limit: number;
  offset: number;
}

/** ?page=N as a whole number from 1 to MAX_PAGE; null when it is anything else. */
export function parsePage(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return 1;
  if (!/^\d{1,5}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : null;
}

/** The rows a page needs: its own, plus one to tell whether there is a next page. */
export function rowRange(page: number, pageSize: number): RowRange {
  return { limit: pageSize + 1, offset: (page - 1) * pageSize };
}

/** The page made from what rowRange asked for. */
export function toListPage<T>(rows: T[], page: number, pageSize: number): ListPage<T> {
  return { items: rows.slice(0, pageSize), page, hasNext: rows.length > pageSize };
}

/**
 * The address of another page of the same list: the other parameters (tab, q) are kept in their
 * order, and page 1 has no page parameter, so it stays the list's plain address.
 */
export function pageHref(pathname: string, params: Record<string, string>, page: number): string {
  const search = new URLSearchParams(params);
  search.delete(PAGE_PARAM);
  if (page > 1) search.set(PAGE_PARAM, String(page));
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}
