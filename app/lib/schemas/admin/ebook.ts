import { z } from "zod";
import { httpUrl, optionalText, requiredText } from "../fields";
import { checkbox } from "./common";

// E-book (spec §5): title and PDF link (URL) required; description optional.
export const EbookSchema = z.object({
  title: requiredText("Title", 200),
  description: optionalText("Description", 2000),
  pdf_link: httpUrl("PDF link"),
  is_active: checkbox,
});
export type EbookInput = z.infer<typeof EbookSchema>;

export const ebookDefaults = { title: "", description: "", pdf_link: "", is_active: true };
