import { z } from "zod";
import { httpUrl, optionalText, requiredText } from "../fields";
import { checkbox } from "./common";

// Free material (spec §5): title and material link (URL) required; description optional.
export const FreeMaterialSchema = z.object({
  title: requiredText("Title", 200),
  description: optionalText("Description", 2000),
  material_link: httpUrl("Material link"),
  is_active: checkbox,
});
export type FreeMaterialInput = z.infer<typeof FreeMaterialSchema>;

export const freeMaterialDefaults = { title: "", description: "", material_link: "", is_active: true };
