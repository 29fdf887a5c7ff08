import type { FreeMaterialInput } from "~/lib/schemas/admin/free-material";
import { linkListStore } from "./link-list.server";

// Free Materials manager (spec §2, §7): all materials newest first; insert, update and delete by id.
export const materials = linkListStore<"material_link", FreeMaterialInput>("free_materials", "material_link");

export const listFreeMaterialsForAdmin = materials.list;
export const getFreeMaterial = materials.get;
export const createFreeMaterial = materials.create;
export const updateFreeMaterial = materials.update;
export const deleteFreeMaterial = materials.delete;

export type AdminFreeMaterial = Awaited<ReturnType<typeof listFreeMaterialsForAdmin>>[number];
