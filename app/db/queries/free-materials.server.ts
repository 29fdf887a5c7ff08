import type { RowRange } from "~/lib/pagination";
import type { DB } from "../client.server";

/** Materials per page of /free-materials (DESIGN §9: long lists are bounded): rows of 1, 2 or 3 cards. */
export const MATERIALS_PER_PAGE = 24;

/** Active free materials for /free-materials, newest first (spec §7): the first page unless a range is given. */
export function listActiveFreeMaterials(db: DB, range: RowRange = { limit: MATERIALS_PER_PAGE, offset: 0 }) {
  return db
    .selectFrom("free_materials")
    .select(["id", "title", "description", "material_link"])
    .where("is_active", "=", true)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(range.limit)
    .offset(range.offset)
    .execute();
}

export type PublicFreeMaterial = Awaited<ReturnType<typeof listActiveFreeMaterials>>[number];
