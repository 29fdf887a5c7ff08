import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { addDays, istDayStart, type CalendarDate } from "~/core/ist";
import type { ListQuery } from "~/core/list-query";
import { rowRange, toListPage, type ListPage } from "~/core/pagination";
import { anyTable } from "./any-table.server";
import { auditedWrite, type AdminActor, type RowTable } from "./audited-write.server";
import type { DB } from "./client.server";
import type { Database } from "./schema";

// One page of an admin list (issue 48): each table's query module builds its list's query and its
// own filters (a status, a category), and this adds what every list shares: the words searched,
// Active, a date range, the sort and the page, or only the rows asked for by id. Pages are read
// by LIMIT and OFFSET with one row more than shown to know whether another follows; no count is
// read, so a page costs the same however long the list (~/core/pagination.ts). The address's
// values are checked before they get here (~/core/list-query.ts): sort keys are looked up in the
// list's own map of columns, never written into SQL.

/** A column, qualified as the query names it ("a.title"), or an expression. */
type Column = string | RawBuilder<unknown>;

export interface ListColumns {
  /** The row's id, which every sort ends with so that pages never overlap. */
  id: string;
  /** The text columns a search looks in, any case. */
  search: readonly Column[];
  /**
   * The sort keys of the list's spec, each to its column (nullable ones sort their empties last),
   * and the columns that order the rows it leaves equal (ties), each in its own direction.
   */
  sorts: Readonly<
    Record<string, { column: Column; nullable?: boolean; ties?: readonly { column: Column; dir: "asc" | "desc" }[] }>
  >;
  /** The Active flag, filtered by ?active=1 or ?active=0. */
  active?: string;
  /** The column ?from= and ?to= filter: an instant (ISO timestamp) or a calendar date. */
  dated?: { column: string; kind: "instant" | "day" };
}

const ref = (column: Column) => (typeof column === "string" ? sql.ref(column) : column);

/** A LIKE pattern matching the text anywhere, its own % and _ taken literally. */
export const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The text found, any case, in any of the columns. */
export function textMatches(columns: readonly Column[], text: string): Expression<SqlBool> {
  const pattern = containing(text);
  const likes = columns.map((column) => sql<SqlBool>`lower(${ref(column)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(likes, sql` or `)})`;
}

/** From one day in India to another, both included, on an instant or a calendar-date column. */
export function dayRange(
  column: string,
  kind: "instant" | "day",
  from: CalendarDate | undefined,
  to: CalendarDate | undefined,
): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (from) where.push(sql<SqlBool>`${sql.ref(column)} >= ${kind === "day" ? from : istDayStart(from)}`);
  if (to) {
    where.push(
      kind === "day"
        ? sql<SqlBool>`${sql.ref(column)} <= ${to}`
        : sql<SqlBool>`${sql.ref(column)} < ${istDayStart(addDays(to, 1))}`,
    );
  }
  return where;
}

// Kysely types a query by its tables; this helper serves every list, so it takes any.
// oxlint-disable-next-line typescript/no-explicit-any
export type AnySelect<O> = SelectQueryBuilder<any, any, O>;

/** The shared filters of the view on `query`: the search, Active and the date range, or the ids asked for. */
export function listFilters<O>(query: AnySelect<O>, list: ListQuery, columns: ListColumns): AnySelect<O> {
  if (list.ids) return query.where(sql.ref(columns.id), "in", list.ids.length > 0 ? [...list.ids] : [0]);
  let filtered = query;
  if (list.q && columns.search.length > 0) filtered = filtered.where(textMatches(columns.search, list.q));
  const active = list.filters.active;
  if (columns.active && (active === "1" || active === "0"))
    filtered = filtered.where(sql.ref(columns.active), "=", active === "1");
  if (columns.dated) {
    for (const where of dayRange(columns.dated.column, columns.dated.kind, list.filters.from, list.filters.to))
      filtered = filtered.where(where);
  }
  return filtered;
}

/** The view's sort on `query`, ending with the id in the same direction. */
export function listOrder<O>(query: AnySelect<O>, list: ListQuery, columns: ListColumns): AnySelect<O> {
  const sort = columns.sorts[list.sort] ?? Object.values(columns.sorts)[0];
  let ordered = query;
  if (sort) {
    if (sort.nullable) ordered = ordered.orderBy(sql`case when ${ref(sort.column)} is null then 1 else 0 end`);
    ordered = ordered.orderBy(ref(sort.column), list.dir);
    for (const tie of sort.ties ?? []) ordered = ordered.orderBy(ref(tie.column), tie.dir);
  }
  return ordered.orderBy(sql.ref(columns.id), list.dir);
}

/**
 * One page of the list: the shared filters and the sort applied to `query` (which holds the
 * list's own filters), the view's page of rows, or every row asked for by id.
 */
export async function readListPage<O>(
  query: AnySelect<O>,
  list: ListQuery,
  columns: ListColumns,
): Promise<ListPage<O>> {
  const { pageSize } = list;
  const ordered = listOrder(listFilters(query, list, columns), list, columns);
  if (list.ids) {
    const rows = await ordered.limit(list.ids.length).execute();
    return { items: rows, page: 1, hasNext: false };
  }
  const { limit, offset } = rowRange(list.page, pageSize);
  const rows = await ordered.limit(limit).offset(offset).execute();
  return toListPage(rows, list.page, pageSize);
}

/**
 * Switches one row's Active flag, audited (a bulk Activate or Deactivate): one transaction and one
 * audit row per row, which keeps the row's `detail` column (its title) beside the new flag. False
 * when no such row exists.
 */
export function setActiveAudited<Table extends RowTable>(
  db: DB,
  actor: AdminActor,
  table: Table,
  id: number,
  active: boolean,
  detail: keyof Database[Table] & string,
  now = new Date(),
): Promise<boolean> {
  return auditedWrite(db, actor, table, now, async ({ trx, update }) => {
    // Every RowTable has is_active; Kysely cannot see that through the generic table.
    if (!(await update(table, id, { is_active: active } as never))) return { result: false };
    const column: string = detail;
    const row = await anyTable(trx)
      .selectFrom(table as string)
      .select(column)
      .where("id", "=", id)
      .executeTakeFirst();
    const details = { [column]: (row?.[column] as string | number | null) ?? null, is_active: active };
    return { result: true, audit: { action: "update", entityId: id, details } };
  });
}
