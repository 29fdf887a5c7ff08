import type { z } from "zod";
import { fileLink, optionalImageUrl } from "./common";
import { linkItemDefaults, linkItemSchema } from "./link-item";

// Free material (spec §5): title and material link (URL) required; description optional. Issue
// 45: the material may be a PDF of the media library (/media/…), and the card may have a cover.
export const FreeMaterialSchema = linkItemSchema("material_link", "Material link").extend({
  material_link: fileLink("Material link"),
  cover_url: optionalImageUrl("Cover image URL"),
});
export type FreeMaterialInput = z.infer<typeof FreeMaterialSchema>;

export const freeMaterialDefaults = { ...linkItemDefaults("material_link"), cover_url: "" };
