import type { DB } from "~/db/client.server";
import type { FreeMaterialInput } from "~/lib/schemas/admin/free-material";
import { ADMIN_LIST_LIMIT, recordAudit, type AdminActor } from "./audit.server";

// Free Materials manager (spec §2, §7): all materials newest first; insert, update (with updated_at) and
// delete by id, each with its audit row in one transaction.

export function listFreeMaterialsForAdmin(db: DB) {
  return db
    .selectFrom("free_materials")
    .select(["id", "title", "description", "material_link", "is_active", "created_at", "updated_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
}

export type AdminFreeMaterial = Awaited<ReturnType<typeof listFreeMaterialsForAdmin>>[number];

export async function getFreeMaterial(db: DB, id: number) {
  const row = await db
    .selectFrom("free_materials")
    .select(["id", "title", "description", "material_link", "is_active"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** Returns the new id. */
export function createFreeMaterial(db: DB, actor: AdminActor, input: FreeMaterialInput, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("free_materials")
      .values({ ...input, created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      { action: "create", entity: "free_materials", entityId: id, details: { title: input.title } },
      stamp,
    );
    return id;
  });
}

/** False when no such material exists. */
export function updateFreeMaterial(db: DB, actor: AdminActor, id: number, input: FreeMaterialInput, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("free_materials")
      .set({ ...input, updated_at: stamp })
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(
      trx,
      actor,
      { action: "update", entity: "free_materials", entityId: id, details: { title: input.title } },
      stamp,
    );
    return true;
  });
}

/** False when no such material exists. */
export function deleteFreeMaterial(db: DB, actor: AdminActor, id: number, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("free_materials")
      .where("id", "=", id)
      .returning(["id", "title"])
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(
      trx,
      actor,
      { action: "delete", entity: "free_materials", entityId: id, details: { title: row.title } },
      stamp,
    );
    return true;
  });
}
