import { linkListQueries } from "./link-list.server";

// Free materials (spec §2, §7): the active ones for /free-materials; all of them for the Free
// Materials manager, which inserts, updates and deletes them by id.

/** Materials per page of /free-materials (DESIGN §9: long lists are bounded): rows of 1, 2 or 3 cards. */
export const MATERIALS_PER_PAGE = 24;

const materials = linkListQueries("free_materials", "material_link", MATERIALS_PER_PAGE);

export const listActiveFreeMaterials = materials.listActive;
export const listFreeMaterialsForAdmin = materials.listForAdmin;
export const pageFreeMaterialsForAdmin = materials.pageForAdmin;
export const setFreeMaterialActive = materials.setActive;
export const getFreeMaterial = materials.get;
export const createFreeMaterial = materials.create;
export const updateFreeMaterial = materials.update;
export const deleteFreeMaterial = materials.delete;

export type PublicFreeMaterial = Awaited<ReturnType<typeof listActiveFreeMaterials>>[number];
