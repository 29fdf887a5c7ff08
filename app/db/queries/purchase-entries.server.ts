import type { Insertable } from "kysely";
import { ADMIN_LIST_LIMIT, auditedWrite, type AdminActor } from "../audited-write.server";
import type { DB } from "../client.server";
import type { PurchaseEntriesTable } from "../schema";

// Purchase entries (issue 25 "True social proof"): the real purchases the purchase toast shows.
// The toast reads the recent active ones; the Purchase Toasts manager lists all and writes them,
// each write audited and marking cached pages stale (auditedWrite).

/** The most entries one toast cycle goes through. */
export const TOAST_ENTRY_LIMIT = 20;

/**
 * Active entries purchased between `since` and `today` (YYYY-MM-DD, both included), newest first:
 * what the toast may show today.
 */
export function listRecentPurchaseEntries(db: DB, since: string, today: string, limit = TOAST_ENTRY_LIMIT) {
  return db
    .selectFrom("purchase_entries")
    .select(["id", "buyer_name", "city", "product", "purchased_on"])
    .where("is_active", "=", true)
    .where("purchased_on", ">=", since)
    .where("purchased_on", "<=", today)
    .orderBy("purchased_on", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Every entry, active or not, newest purchase first, for the manager's table. */
export function listPurchaseEntriesForAdmin(db: DB) {
  return db
    .selectFrom("purchase_entries")
    .select(["id", "buyer_name", "city", "product", "purchased_on", "is_active", "updated_at"])
    .orderBy("purchased_on", "desc")
    .orderBy("id", "desc")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
}

export type AdminPurchaseEntry = Awaited<ReturnType<typeof listPurchaseEntriesForAdmin>>[number];

/** What the form sets. */
export type PurchaseEntryFields = Omit<Insertable<PurchaseEntriesTable>, "id" | "created_at" | "updated_at">;

/** Creates an entry, claiming the submission first. Returns the new id. */
export function createPurchaseEntry(db: DB, actor: AdminActor, input: PurchaseEntryFields, now = new Date()) {
  return auditedWrite(db, actor, "purchase_entries", now, async ({ trx, stamp, claim }) => {
    await claim("create");
    const { id } = await trx
      .insertInto("purchase_entries")
      .values({ ...input, created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { result: id, audit: { action: "create", entityId: id, details: { name: input.buyer_name } } };
  });
}

/** Updates an entry. False when no such entry exists. */
export function updatePurchaseEntry(
  db: DB,
  actor: AdminActor,
  id: number,
  input: PurchaseEntryFields,
  now = new Date(),
) {
  return auditedWrite(db, actor, "purchase_entries", now, async ({ trx, stamp }) => {
    const row = await trx
      .updateTable("purchase_entries")
      .set({ ...input, updated_at: stamp })
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    if (!row) return { result: false };
    return { result: true, audit: { action: "update", entityId: id, details: { name: input.buyer_name } } };
  });
}

/** Deletes an entry. False when no such entry exists. */
export function deletePurchaseEntry(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return auditedWrite(db, actor, "purchase_entries", now, async ({ trx }) => {
    const row = await trx
      .deleteFrom("purchase_entries")
      .where("id", "=", id)
      .returning("buyer_name")
      .executeTakeFirst();
    if (!row) return { result: false };
    return { result: true, audit: { action: "delete", entityId: id, details: { name: row.buyer_name } } };
  });
}

/** The manager's writes, as handleCrud takes them. */
export const purchaseEntryWrites = {
  create: createPurchaseEntry,
  update: updatePurchaseEntry,
  remove: deletePurchaseEntry,
};
