import type { Kysely } from "kysely";
import type { DB } from "../client.server";
import type { Database } from "../schema";

// The trash (issue 48, decision 018): a row deleted in the admin panel is kept here as it was, with
// who deleted it and when, for TRASH_DAYS; it can be restored with its own id until the worker
// purges it (~/lib/retention.server.ts). The row tables themselves keep no deleted rows, so the
// public pages' queries never see one. auditedWrite's `remove` puts rows here; restoring is
// ./history-writes.server.ts.

/** How long a deleted row can be restored. */
export const TRASH_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The trash list is bounded like every admin list. */
const TRASH_LIST_LIMIT = 1000;

/** A row as the history sees it: its columns by name (strings, numbers, booleans, null). */
export type Row = Record<string, unknown>;

/** What an item is called in the trash list and the activity log: its title, name or code. */
export function rowName(row: Row | null | undefined): string | null {
  if (!row) return null;
  for (const column of ["title", "name", "buyer_name", "alt_text", "code", "slug", "subject"]) {
    const value = row[column];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return null;
}

/** Keeps a deleted row, inside the delete's own transaction. */
export async function putInTrash(
  trx: Kysely<Database>,
  entry: { entity: string; entityId: number; row: Row; actor: { userId: string; email: string }; stamp: string },
) {
  await trx
    .insertInto("trash")
    .values({
      entity: entry.entity,
      entity_id: entry.entityId,
      title: rowName(entry.row) ?? `#${entry.entityId}`,
      row_data: JSON.stringify(entry.row),
      deleted_by: entry.actor.email,
      deleted_by_user_id: entry.actor.userId,
      deleted_at: entry.stamp,
    })
    .execute();
}

export interface TrashEntry {
  id: number;
  entity: string;
  entityId: number;
  title: string;
  deletedBy: string | null;
  deletedAt: string;
  /** When the purge removes it. */
  purgeAt: string;
}

function parseRow(text: string): Row | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Row) : null;
  } catch {
    return null;
  }
}

const purgeAt = (deletedAt: string) => new Date(Date.parse(deletedAt) + TRASH_DAYS * DAY_MS).toISOString();

/** Everything in the trash, most recently deleted first. */
export async function listTrash(db: DB): Promise<TrashEntry[]> {
  const rows = await db
    .selectFrom("trash")
    .select(["id", "entity", "entity_id", "title", "deleted_by", "deleted_at"])
    .orderBy("deleted_at", "desc")
    .orderBy("id", "desc")
    .limit(TRASH_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    entity: row.entity,
    entityId: row.entity_id,
    title: row.title,
    deletedBy: row.deleted_by,
    deletedAt: row.deleted_at,
    purgeAt: purgeAt(row.deleted_at),
  }));
}

/** One item of the trash with its row, or null when there is no such item (restored, purged). */
export async function getTrashItem(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom("trash").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const data = parseRow(row.row_data);
  return data ? { id: row.id, entity: row.entity, entityId: row.entity_id, title: row.title, row: data } : null;
}

/** The item the latest delete of this row left in the trash, if it is still there. */
export async function latestTrashItemOf(db: Kysely<Database>, entity: string, entityId: number) {
  const row = await db
    .selectFrom("trash")
    .select("id")
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? getTrashItem(db, row.id) : null;
}

/** Takes an item out of the trash (it was restored). */
export async function removeTrashItem(trx: Kysely<Database>, id: number) {
  await trx.deleteFrom("trash").where("id", "=", id).execute();
}

/** Purges what was deleted more than TRASH_DAYS ago; returns how many items went. */
export async function purgeTrash(db: DB, now = Date.now()) {
  const before = new Date(now - TRASH_DAYS * DAY_MS).toISOString();
  const result = await db.deleteFrom("trash").where("deleted_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
