import type { z } from "zod";
import { fileLink, optionalImageUrl } from "./common";
import { linkItemDefaults, linkItemSchema } from "./link-item";

// E-book (spec §5): title and PDF link (URL) required; description optional. Issue 45: the PDF
// may be a file of the media library (/media/…), and the card may have a cover picture.
export const EbookSchema = linkItemSchema("pdf_link", "PDF link").extend({
  pdf_link: fileLink("PDF link"),
  cover_url: optionalImageUrl("Cover image URL"),
});
export type EbookInput = z.infer<typeof EbookSchema>;

export const ebookDefaults = { ...linkItemDefaults("pdf_link"), cover_url: "" };
