import type { Kysely, Selectable } from "kysely";
import { normaliseTitle } from "~/core/test-series-title";
import type { ListPage } from "~/core/pagination";
import { anyTable } from "../any-table.server";
import { trashableTables, undoableTables, type AuditEntity, type TrashableTable } from "../audited-tables";
import { auditedWrite, type AdminActor } from "../audited-write.server";
import { isPostgres, type DB } from "../client.server";
import type { IdTable } from "../row-by-id.server";
import type { AuditLogTable, Database } from "../schema";
import { parseDetails, toActivityEntry, type ActivityEntry } from "./audit-log.server";
import { getTrashItem, latestTrashItemOf, removeTrashItem, rowName, type Row } from "./trash.server";

// History you can trust and undo (issue 48, decision 018): the activity log's reads (filtered by
// section and by person, a page at a time, each change with its row before and after), the Undo
// of an item's latest change, and Restore from the trash. Undo and Restore are admin writes like
// any other: one audited transaction each, checked inside it, so a change made meanwhile refuses
// them rather than being overwritten.

/** An activity entry with the row before and after the change (null where none was recorded). */
export interface HistoryEntry extends ActivityEntry {
  before: Row | null;
  after: Row | null;
}

export interface ActivityFilter {
  /** An audit entity (a table), or null for every section. */
  entity: string | null;
  /** An admin's e-mail, or null for everyone. */
  actor: string | null;
}

const entryColumns = [
  "id",
  "actor_user_id",
  "actor_email",
  "action",
  "entity",
  "entity_id",
  "details",
  "row_before",
  "row_after",
  "created_at",
] as const;

function toEntry(row: Selectable<AuditLogTable>): HistoryEntry {
  return { ...toActivityEntry(row), before: parseDetails(row.row_before), after: parseDetails(row.row_after) };
}

/** One page of the activity log, newest first, filtered by section and by person. */
export async function listActivity(
  db: DB,
  filter: ActivityFilter,
  page: number,
  pageSize: number,
): Promise<ListPage<HistoryEntry>> {
  let query = db.selectFrom("audit_log").select(entryColumns);
  if (filter.entity) query = query.where("entity", "=", filter.entity);
  if (filter.actor) query = query.where("actor_email", "=", filter.actor);
  const rows = await query
    .orderBy("id", "desc")
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.slice(0, pageSize).map(toEntry), page, hasNext: rows.length > pageSize };
}

/** Everyone who made a change, for the person filter (bounded: staff are few). */
export async function listActivityActors(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select("actor_email")
    .distinct()
    .where("actor_email", "is not", null)
    .orderBy("actor_email")
    .limit(200)
    .execute();
  return rows.map((row) => row.actor_email!);
}

/** One entry of the activity log, or null. */
export async function getActivityEntry(db: Kysely<Database>, id: number): Promise<HistoryEntry | null> {
  const row = await db.selectFrom("audit_log").select(entryColumns).where("id", "=", id).executeTakeFirst();
  return row ? toEntry(row) : null;
}

/** The latest entry about this item, if any. */
async function latestEntryOf(db: Kysely<Database>, entity: string, entityId: string) {
  const row = await db
    .selectFrom("audit_log")
    .select(entryColumns)
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toEntry(row) : null;
}

// --- Undo ---------------------------------------------------------------------------------------

/** The tables whose updates Undo puts back (which, and why those: ../audited-tables.ts). */
const undoableUpdates = new Set<string>(undoableTables);

const isTrashable = (entity: string): entity is TrashableTable =>
  (trashableTables as readonly string[]).includes(entity);

/** Why an entry cannot be undone. */
export type UndoRefusal =
  | { reason: "missing" }
  | { reason: "not-undoable" }
  /** A later change of the same item: that one is the latest now. */
  | { reason: "later-change"; later: { actor: string | null; at: string } }
  /** The item is no longer as this change left it (deleted, or changed without the log). */
  | { reason: "changed-since" }
  /** A deleted item no longer in the trash (restored, or purged after 30 days). */
  | { reason: "not-in-trash" }
  /** A created test series that courses are now sold as: deleting it is refused, as ever. */
  | { reason: "in-use" }
  | RestoreRefusal;

/** The same row, whatever the order of its columns. */
function sameRow(a: Row | null | undefined, b: Row | null | undefined) {
  if (!a || !b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null)) return false;
  return true;
}

async function readRow(db: Kysely<Database>, table: string, id: number) {
  return ((await anyTable(db).selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst()) ??
    null) as Row | null;
}

/**
 * Whether this entry can be undone now: it is the latest change of its item, and the item is as
 * the change left it (updated or created: the row is exactly its recorded after; deleted: the row
 * is still in the trash). Null when it can.
 */
export async function undoRefusal(db: Kysely<Database>, entry: HistoryEntry): Promise<UndoRefusal | null> {
  const id = entry.entityId === null ? NaN : Number(entry.entityId);
  if (!Number.isInteger(id) || id <= 0) return { reason: "not-undoable" };
  const kind = entry.action;
  const undoable =
    (kind === "update" && undoableUpdates.has(entry.entity) && entry.before !== null && entry.after !== null) ||
    ((kind === "create" || kind === "delete") &&
      isTrashable(entry.entity) &&
      (kind === "delete" || entry.after !== null));
  if (!undoable) return { reason: "not-undoable" };
  const latest = await latestEntryOf(db, entry.entity, entry.entityId!);
  if (latest && latest.id !== entry.id) {
    return { reason: "later-change", later: { actor: latest.actorEmail, at: latest.createdAt } };
  }
  if (kind === "delete") {
    return (await latestTrashItemOf(db, entry.entity, id)) ? null : { reason: "not-in-trash" };
  }
  return sameRow(await readRow(db, entry.entity, id), entry.after) ? null : { reason: "changed-since" };
}

/** Which entries of a page of the log can be undone now, by id. */
export async function undoableEntries(db: DB, entries: HistoryEntry[]): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const entry of entries) {
    if (!["update", "create", "delete"].includes(entry.action) || entry.entityId === null) continue;
    if ((await undoRefusal(db, entry)) === null) ids.add(entry.id);
  }
  return ids;
}

export type UndoOutcome = { ok: true; entry: HistoryEntry } | ({ ok: false } & UndoRefusal);

/**
 * Undoes the latest change of an item: an update's row goes back to its before values, a create's
 * row goes to the trash, a delete's row comes back from the trash. Audited as "undo", with the
 * entry it undid; refused (nothing written) when undoRefusal says so.
 */
export async function undoChange(db: DB, actor: AdminActor, entryId: number, now = new Date()): Promise<UndoOutcome> {
  const found = await getActivityEntry(db, entryId);
  if (!found) return { ok: false, reason: "missing" };
  const entity = found.entity as AuditEntity;
  return auditedWrite<UndoOutcome>(db, actor, entity, now, async ({ trx, stamp, track, remove }) => {
    // Read again inside the transaction (locking the row on PostgreSQL), so the checks hold for the write.
    const entry = (await getActivityEntry(trx, entryId))!;
    const id = Number(entry.entityId);
    if (entry.entityId !== null && Number.isInteger(id) && isPostgres(trx)) {
      await anyTable(trx).selectFrom(entity).select("id").where("id", "=", id).forUpdate().execute();
    }
    const refusal = await undoRefusal(trx, entry);
    if (refusal) return { result: { ok: false, ...refusal } };
    // Named as the item is once undone: an update's earlier name, a created or deleted row's own.
    const name = rowName(entry.before ?? entry.after) ?? rowName(entry.details) ?? `#${id}`;
    const details = { undid: entry.id, change: entry.action, title: name };

    if (entry.action === "update") {
      const before = entry.before!;
      await track(entity as IdTable, id);
      const { id: _id, created_at: _created, ...values } = before;
      if ("updated_at" in before) values.updated_at = stamp;
      await anyTable(trx).updateTable(entity).set(values).where("id", "=", id).execute();
      if (entity === "test_series") await keepSeriesTitles(trx, id, String(entry.after!.title), String(before.title));
    } else if (entry.action === "create") {
      if (entity === "test_series" && (await soldAs(trx, id)).length > 0) {
        return { result: { ok: false, reason: "in-use" } };
      }
      await remove(entity as TrashableTable, id);
    } else {
      const item = await latestTrashItemOf(trx, entity, id);
      const restored = await putBack(trx, item!, stamp);
      if (!restored.ok) return { result: restored };
      return {
        result: { ok: true, entry },
        audit: { action: "undo", entityId: restored.id, details, after: restored.row },
      };
    }
    return { result: { ok: true, entry }, audit: { action: "undo", entityId: id, details } };
  });
}

// --- Restore ------------------------------------------------------------------------------------

/** Why a row cannot go back. */
export type RestoreRefusal =
  /** Another row now has its unique title. */
  | { reason: "clash"; entity: string; value: string }
  /** A row it belongs to (a subcategory, the test series it is sold as) was deleted. */
  | { reason: "parent-gone"; parent: AuditEntity };

/** The rows a trashed row points at, which must still exist for it to come back. */
const parents: Partial<Record<TrashableTable, [column: string, table: keyof Database & AuditEntity][]>> = {
  test_items: [
    ["subcategory_id", "test_subcategories"],
    ["practice_test_id", "practice_tests"],
  ],
  courses: [["test_series_id", "test_series"]],
};

async function soldAs(trx: Kysely<Database>, seriesId: number) {
  return trx.selectFrom("courses").select("id").where("test_series_id", "=", seriesId).execute();
}

/** A renamed series' titles as updateTestSeries keeps them: the old one answers for this series. */
async function keepSeriesTitles(trx: Kysely<Database>, id: number, from: string, to: string) {
  if (normaliseTitle(from) === normaliseTitle(to)) return;
  await trx.deleteFrom("test_series_aliases").where("alias", "=", normaliseTitle(to)).execute();
  await trx
    .insertInto("test_series_aliases")
    .values({ alias: normaliseTitle(from), test_series_id: id })
    .onConflict((oc) => oc.column("alias").doUpdateSet({ test_series_id: id }))
    .execute();
}

/**
 * Puts a trashed row back in its table, with its own id unless another row has it now, and takes
 * it out of the trash. Refused when its unique title is taken or a row it belongs to is gone.
 */
async function putBack(
  trx: Kysely<Database>,
  item: { id: number; entity: string; entityId: number; row: Row },
  stamp: string,
): Promise<{ ok: true; id: number; row: Row } | ({ ok: false } & RestoreRefusal)> {
  const table = item.entity as TrashableTable;
  const { id: _id, ...values } = item.row;
  for (const [column, parent] of parents[table] ?? []) {
    const ref = values[column];
    if (typeof ref === "number" && !(await readRow(trx, parent, ref)))
      return { ok: false, reason: "parent-gone", parent };
  }
  if (table === "test_series") {
    const title = normaliseTitle(String(values.title));
    const titles = await trx.selectFrom("test_series").select("title").execute();
    if (titles.some((row) => normaliseTitle(row.title) === title)) {
      return { ok: false, reason: "clash", entity: table, value: String(values.title) };
    }
    // Its title is its own again: no earlier title of another series answers for it.
    await trx.deleteFrom("test_series_aliases").where("alias", "=", title).execute();
  }
  if ("updated_at" in values) values.updated_at = stamp;
  const idFree = (await readRow(trx, table, item.entityId)) === null;
  const { id } = await anyTable(trx)
    .insertInto(table)
    .values(idFree ? { id: item.entityId, ...values } : values)
    .returning("id")
    .executeTakeFirstOrThrow();
  await removeTrashItem(trx, item.id);
  return { ok: true, id, row: (await readRow(trx, table, id))! };
}

export type RestoreOutcome =
  { ok: true; entity: string; title: string; id: number } | ({ ok: false } & (RestoreRefusal | { reason: "missing" }));

/** Restores an item of the trash as it was (audited "restore"). */
export async function restoreFromTrash(
  db: DB,
  actor: AdminActor,
  trashId: number,
  now = new Date(),
): Promise<RestoreOutcome> {
  const found = await getTrashItem(db, trashId);
  if (!found || !isTrashable(found.entity)) return { ok: false, reason: "missing" };
  return auditedWrite<RestoreOutcome>(db, actor, found.entity as AuditEntity, now, async ({ trx, stamp }) => {
    let lookup = trx.selectFrom("trash").select("id").where("id", "=", trashId);
    if (isPostgres(trx)) lookup = lookup.forUpdate();
    if (!(await lookup.executeTakeFirst())) return { result: { ok: false, reason: "missing" } };
    const restored = await putBack(trx, found, stamp);
    if (!restored.ok) return { result: restored };
    const details = { title: found.title, ...(restored.id !== found.entityId ? { was: found.entityId } : {}) };
    return {
      result: { ok: true, entity: found.entity, title: found.title, id: restored.id },
      audit: { action: "restore", entityId: restored.id, details, after: restored.row },
    };
  });
}
