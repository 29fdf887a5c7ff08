import type { z } from "zod";
import { linkItemDefaults, linkItemSchema } from "./link-item";

// Free material (spec §5): title and material link (URL) required; description optional.
export const FreeMaterialSchema = linkItemSchema("material_link", "Material link");
export type FreeMaterialInput = z.infer<typeof FreeMaterialSchema>;

export const freeMaterialDefaults = linkItemDefaults("material_link");
