import type { z } from "zod";
import { linkItemDefaults, linkItemSchema } from "./link-item";

// E-book (spec §5): title and PDF link (URL) required; description optional.
export const EbookSchema = linkItemSchema("pdf_link", "PDF link");
export type EbookInput = z.infer<typeof EbookSchema>;

export const ebookDefaults = linkItemDefaults("pdf_link");
