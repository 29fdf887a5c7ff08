import type { Insertable } from "kysely";
import { ADMIN_LIST_LIMIT, auditedWrite, type AdminActor } from "../audited-write.server";
import type { ListQuery } from "~/core/list-query";
import { readListPage } from "../admin-list.server";
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

/** One page of the manager's list (issue 48): searched, filtered by Active and date of purchase, sorted. */
export function pagePurchaseEntriesForAdmin(db: DB, list: ListQuery) {
  const query = db
    .selectFrom("purchase_entries")
    .select(["id", "buyer_name", "city", "product", "purchased_on", "is_active", "updated_at"]);
  return readListPage(query, list, {
    id: "id",
    search: ["buyer_name", "city", "product"],
    sorts: {
      purchased: { column: "purchased_on" },
      buyer: { column: "buyer_name" },
      city: { column: "city" },
      product: { column: "product" },
    },
    active: "is_active",
    dated: { column: "purchased_on", kind: "day" },
  });
}

/** Switches an entry on or off (a bulk action), audited. False when no such entry exists. */
export function setPurchaseEntryActive(db: DB, actor: AdminActor, id: number, active: boolean, now = new Date()) {
  return auditedWrite(db, actor, "purchase_entries", now, async ({ trx, update }) => {
    if (!(await update("purchase_entries", id, { is_active: active }))) return { result: false };
    const row = await trx
      .selectFrom("purchase_entries")
      .select("buyer_name")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const details = { name: row.buyer_name, is_active: active };
    return { result: true, audit: { action: "update", entityId: id, details } };
  });
}

/** What the form sets. */
export type PurchaseEntryFields = Omit<Insertable<PurchaseEntriesTable>, "id" | "created_at" | "updated_at">;

/** Creates an entry, claiming the submission first. Returns the new id. */
export function createPurchaseEntry(db: DB, actor: AdminActor, input: PurchaseEntryFields, now = new Date()) {
  return auditedWrite(db, actor, "purchase_entries", now, async ({ claim, insert }) => {
    await claim("create");
    const id = await insert("purchase_entries", input);
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
  return auditedWrite(db, actor, "purchase_entries", now, async ({ update }) => {
    if (!(await update("purchase_entries", id, input))) return { result: false };
    return { result: true, audit: { action: "update", entityId: id, details: { name: input.buyer_name } } };
  });
}

/** Deletes an entry into the trash (issue 48). False when no such entry exists. */
export function deletePurchaseEntry(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return auditedWrite(db, actor, "purchase_entries", now, async ({ remove }) => {
    const row = await remove("purchase_entries", id);
    if (!row) return { result: false };
    return { result: true, audit: { action: "delete", entityId: id, details: { name: String(row.buyer_name) } } };
  });
}

/** The manager's writes, as handleCrud takes them. */
export const purchaseEntryWrites = {
  create: createPurchaseEntry,
  update: updatePurchaseEntry,
  remove: deletePurchaseEntry,
};
