import type { DB } from "../client.server";

/** Bounds the page (DESIGN §9: long lists are bounded). */
const MAX_MATERIALS = 200;

/** Active free materials for /free-materials, newest first (spec §7). */
export function listActiveFreeMaterials(db: DB) {
  return db
    .selectFrom("free_materials")
    .select(["id", "title", "description", "material_link"])
    .where("is_active", "=", true)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MAX_MATERIALS)
    .execute();
}

export type PublicFreeMaterial = Awaited<ReturnType<typeof listActiveFreeMaterials>>[number];
