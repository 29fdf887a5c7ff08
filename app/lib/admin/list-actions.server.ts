import type { z } from "zod";
import type { DB } from "~/db/client.server";
import type { AdminActor } from "~/db/audited-write.server";
import {
  isFiltered,
  listBack,
  listParams,
  parseIds,
  parseListQuery,
  type ListQuery,
  type SortDir,
} from "~/core/list-query";
import type { ListPage } from "~/core/pagination";
import { formFailure, parseForm } from "~/lib/forms/read-form.server";
import type { AdminList } from "./admin-lists";
import { listMessages as lm, type BulkAction } from "./messages/lists";
import { answerCrud, attempt, done, postedForm, type CrudOptions } from "./manager-actions.server";

// The server side of every admin list (issue 48 "Lists staff can work"): the loader's read of one
// page of the list as its address says, with the rows its states need from elsewhere (an edited
// row not on the page, the rows of a bulk confirmation); and the bulk action, which runs the
// manager's own write once per row (each its own audited transaction, one audit row per row),
// then returns to the list as it was.

/** The list's view as the page draws it: its parameters, and each of its parts. */
export interface ListView {
  /** The view's parameters without the page, as listHref takes them. */
  params: Record<string, string>;
  q: string | null;
  sort: string;
  dir: SortDir;
  page: number;
  filters: Record<string, string>;
  /** A search or a filter is set: an empty page means "nothing matches". */
  filtered: boolean;
}

/** The rows of a bulk confirmation (?bulk=deactivate&ids=1&ids=2, or &all=1 for the page's). */
export interface BulkStep<Row> {
  action: BulkAction;
  rows: Row[];
}

export interface ListData<Row> {
  rows: Row[];
  hasNext: boolean;
  view: ListView;
  /** Rows the page's states need that are not on this page: the edited or confirmed one. */
  others: Row[];
  bulk: BulkStep<Row> | null;
  /** The bulk step's refusal: no row chosen, or an action the list does not have. */
  bulkError: string | null;
}

export type ListReader<Row> = (db: DB, query: ListQuery) => Promise<ListPage<Row>>;

const idParam = (search: URLSearchParams, name: string) => {
  const value = search.get(name);
  return value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
};

/** The view of the list at this address. */
export function listQueryOf(list: AdminList, url: URL): ListQuery {
  return parseListQuery(list.spec, url.searchParams);
}

/** The view of `query` as the page draws it. */
export function viewOf(list: AdminList, query: ListQuery): ListView {
  return {
    params: listParams(list.spec, query),
    q: query.q,
    sort: query.sort,
    dir: query.dir,
    page: query.page,
    filters: { ...query.filters },
    filtered: isFiltered(query),
  };
}

/** The list with no rows (its read failed): the page still draws its filters. */
export function emptyList<Row>(list: AdminList, url: URL): ListData<Row> {
  return {
    rows: [],
    hasNext: false,
    view: viewOf(list, listQueryOf(list, url)),
    others: [],
    bulk: null,
    bulkError: null,
  };
}

/** Only the rows with these ids, whatever the view's filters. */
export const onlyRows = (query: ListQuery, ids: readonly number[]): ListQuery => ({
  ...query,
  q: null,
  filters: {},
  page: 1,
  ids,
});

/**
 * A row of an ordered list (banners, FAQs) with its place in the whole order (1 for the first),
 * known when the list is not filtered; null then, and for rows read apart (an edited one off the
 * page).
 */
export type Positioned<Row> = Row & { position: number | null };

/** The reader of an ordered list's page, each row with its place in the order (Positioned). */
export function withPositions<Row>(read: ListReader<Row>): ListReader<Positioned<Row>> {
  return async (db, query) => {
    const page = await read(db, query);
    const ordered = !query.ids && !isFiltered(query);
    const first = (query.page - 1) * query.pageSize + 1;
    return { ...page, items: page.items.map((row, i) => ({ ...row, position: ordered ? first + i : null })) };
  };
}

/** A row of an ordered list moved one place by the table's query: false at an end or when gone. */
export type MoveRow = (db: DB, actor: AdminActor, id: number, direction: "up" | "down") => Promise<boolean>;

/**
 * An up or down arrow of an ordered list's Order column (banners, FAQs): the posted row moved by
 * `move`, then `answer` says where that returns to; a refusal names the form (postedForm).
 */
export async function answerMove(
  db: DB,
  values: Record<string, string>,
  admin: AdminActor,
  options: {
    schema: z.ZodType<{ id: number; direction: "up" | "down" }>;
    what: string;
    failed: string;
    move: MoveRow;
    answer: (id: number, moved: boolean) => Response;
  },
) {
  const { failed } = options;
  const parsed = parseForm(options.schema, values);
  if (!parsed.ok) return formFailure(400, { formError: failed, values: postedForm(values) });
  const { id, direction } = parsed.data;
  const moved = await attempt(`move ${options.what}`, () => options.move(db, admin, id, direction));
  if (!moved.ok) return formFailure(503, { formError: failed, values: postedForm(values) });
  return options.answer(id, moved.value);
}

/**
 * One page of the list at `url`, read by `read` (the table's query), with the rows its edit,
 * delete and bulk states name that are not on the page.
 */
export async function readList<Row extends { id: number }>(
  db: DB,
  list: AdminList,
  url: URL,
  read: ListReader<Row>,
): Promise<ListData<Row>> {
  const search = url.searchParams;
  const query = listQueryOf(list, url);
  const page = await read(db, query);
  const onPage = new Map(page.items.map((row) => [row.id, row]));

  let bulk: { action: BulkAction; ids: number[] } | null = null;
  let bulkError: string | null = null;
  const asked = search.get("bulk");
  if (asked !== null) {
    const action = list.bulk.find((a) => a === asked);
    const ids = search.get("all") === "1" ? [...onPage.keys()] : parseIds(search.getAll("ids"));
    if (!action) bulkError = lm.unknownAction;
    else if (!ids || ids.length === 0) bulkError = lm.noneSelected;
    else bulk = { action, ids };
  }

  const wanted = [idParam(search, "edit"), idParam(search, "delete"), ...(bulk?.ids ?? [])].filter(
    (id): id is number => id !== null && !onPage.has(id),
  );
  const others = wanted.length > 0 ? (await read(db, onlyRows(query, [...new Set(wanted)]))).items : [];
  const found = new Map([...onPage, ...others.map((row) => [row.id, row] as const)]);
  const chosen = bulk ? bulk.ids.map((id) => found.get(id)).filter((row): row is Row => row !== undefined) : [];
  if (bulk && chosen.length === 0) bulkError = lm.gone;

  return {
    rows: page.items,
    hasNext: page.hasNext,
    view: viewOf(list, query),
    others,
    bulk: bulk && chosen.length > 0 ? { action: bulk.action, rows: chosen } : null,
    bulkError,
  };
}

/**
 * One row's write of a bulk action: the manager's own (its delete, its Active or status change),
 * run as the admin. True when done, false when the row no longer exists, "refused" when the
 * manager's rules keep it (a file in use, a test already taken).
 */
export type BulkWrite<Id = number> = (db: DB, actor: AdminActor, id: Id) => Promise<boolean | "refused">;

/**
 * The answer to a posted bulk action (intent=bulk, bulk=<action>, ids=1,2,3): every id checked
 * (`parse`: whole numbers by default, each once, at most a page's), then the write run once per
 * row, each its own audited transaction; back to the list as it was (`home` with the posted
 * address's view) with a toast saying how many were done.
 */
export async function answerBulk<Id = number>(
  db: DB,
  request: Request,
  values: Record<string, string>,
  options: {
    admin: AdminActor;
    list: AdminList;
    home: string;
    writes: Partial<Record<BulkAction, BulkWrite<Id>>>;
    parse?: (ids: string) => Id[] | null;
  },
) {
  const { admin, list, home, writes } = options;
  const parse = options.parse ?? ((text: string) => parseIds([text]) as Id[] | null);
  const which = postedForm(values);
  const action = list.bulk.find((a) => a === values.bulk);
  const write = action ? writes[action] : undefined;
  if (!action || !write) return formFailure(400, { formError: lm.unknownAction, values: which });
  const ids = parse(values.ids ?? "");
  if (!ids) return formFailure(400, { formError: lm.noneSelected, values: which });

  const tally = { done: 0, missing: 0, refused: 0, failed: 0 };
  for (const id of ids) {
    const result = await attempt(`bulk ${action} ${list.nouns[0]}`, () => write(db, admin, id));
    if (!result.ok) tally.failed += 1;
    else if (result.value === true) tally.done += 1;
    else if (result.value === false) tally.missing += 1;
    else tally.refused += 1;
  }
  if (tally.done === 0) {
    const status = tally.failed > 0 ? 503 : tally.refused > 0 ? 409 : 404;
    return formFailure(status, { formError: lm.noneDone(action, list.nouns), values: which });
  }
  const notDone = tally.missing + tally.refused + tally.failed;
  return done(listBack(home, request.url), lm.done(action, tally.done, list.nouns, notDone));
}

/** A query that switches one row's Active on or off; false when the row no longer exists. */
export type SetActive = (db: DB, actor: AdminActor, id: number, active: boolean) => Promise<boolean>;

/** The bulk writes of a list whose rows have an Active switch: activate, deactivate and delete. */
export function activeRowWrites(setActive: SetActive, remove: BulkWrite): Partial<Record<BulkAction, BulkWrite>> {
  return {
    activate: (db, actor, id) => setActive(db, actor, id, true),
    deactivate: (db, actor, id) => setActive(db, actor, id, false),
    delete: remove,
  };
}

/**
 * The action of a one-table manager whose rows have an Active switch (e-books, job alerts,
 * banners): a bulk activate, deactivate or delete (answerBulk), otherwise a create, update or
 * delete (answerCrud); either returns to the list (`home`) as it was posted from.
 */
export function answerBulkOrCrud<S extends z.ZodType>(
  db: DB,
  request: Request,
  values: Record<string, string>,
  admin: AdminActor,
  options: CrudOptions<S> & { list: AdminList; setActive: SetActive },
) {
  const { list, setActive, home, ...crud } = options;
  return values.intent === "bulk"
    ? answerBulk(db, request, values, { admin, list, home, writes: activeRowWrites(setActive, crud.writes.remove) })
    : answerCrud(db, values, admin, { ...crud, home: listBack(home, request.url) });
}
