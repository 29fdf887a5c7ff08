import type { DB } from "~/db/client.server";
import type { EbookInput } from "~/lib/schemas/admin/ebook";
import { ADMIN_LIST_LIMIT, recordAudit, type AdminActor } from "./audit.server";

// E-Books manager (spec §2, §7): all e-books newest first; insert, update (with updated_at) and
// delete by id, each with its audit row in one transaction.

export function listEbooksForAdmin(db: DB) {
  return db
    .selectFrom("ebooks")
    .select(["id", "title", "description", "pdf_link", "is_active", "created_at", "updated_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
}

export type AdminEbook = Awaited<ReturnType<typeof listEbooksForAdmin>>[number];

export async function getEbook(db: DB, id: number) {
  const row = await db
    .selectFrom("ebooks")
    .select(["id", "title", "description", "pdf_link", "is_active"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** Returns the new id. */
export function createEbook(db: DB, actor: AdminActor, input: EbookInput, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("ebooks")
      .values({ ...input, created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      { action: "create", entity: "ebooks", entityId: id, details: { title: input.title } },
      stamp,
    );
    return id;
  });
}

/** False when no such e-book exists. */
export function updateEbook(db: DB, actor: AdminActor, id: number, input: EbookInput, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("ebooks")
      .set({ ...input, updated_at: stamp })
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(
      trx,
      actor,
      { action: "update", entity: "ebooks", entityId: id, details: { title: input.title } },
      stamp,
    );
    return true;
  });
}

/** False when no such e-book exists. */
export function deleteEbook(db: DB, actor: AdminActor, id: number, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("ebooks").where("id", "=", id).returning(["id", "title"]).executeTakeFirst();
    if (!row) return false;
    await recordAudit(
      trx,
      actor,
      { action: "delete", entity: "ebooks", entityId: id, details: { title: row.title } },
      stamp,
    );
    return true;
  });
}
