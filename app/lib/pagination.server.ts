import { data } from "react-router";
import { PAGE_PARAM, parsePage, rowRange, toListPage, type ListPage, type RowRange } from "~/core/pagination";
import { loadOrEmpty } from "./load-or-empty.server";

/**
 * Past this page a list is refused before any read: OFFSET walks every row before the page, and
 * the longest list at 100× the demo content (free tests, four categories a page) has 100 pages.
 */
export const MAX_READ_PAGE = 1_000;

/** The page a list's loader is asked for; an address naming no possible page is a 404. */
export function requestedPage(request: Request): number {
  const page = parsePage(new URL(request.url).searchParams.get(PAGE_PARAM));
  if (page === null || page > MAX_READ_PAGE) throw data(null, { status: 404 });
  return page;
}

/**
 * One page of a public list. A failed read leaves the page empty (./load-or-empty.server.ts); a
 * page past the end of a list that did load is a 404, so no address shows an empty list that is
 * not empty.
 */
export async function loadListPage<T>(
  what: string,
  page: number,
  pageSize: number,
  read: (range: RowRange) => Promise<T[]>,
): Promise<ListPage<T>> {
  const rows = await loadOrEmpty<T[] | null>(what, () => read(rowRange(page, pageSize)), null);
  if (rows === null) return { items: [], page, hasNext: false };
  if (page > 1 && rows.length === 0) throw data(null, { status: 404 });
  return toListPage(rows, page, pageSize);
}
