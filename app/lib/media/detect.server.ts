import { fileTypeFromBuffer } from "file-type";
import type { MediaKind } from "~/db/schema";

// What an upload is, read from its bytes (issue 45): never from its name or the Content-Type the
// browser sent. The first bytes say the format (file-type reads the magic numbers); only five
// picture formats and PDF are accepted. Text of any kind (HTML, SVG, XML) has no magic number
// and is refused with everything else.

/** How many first bytes the type is read from (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

export type MediaFormat = "jpeg" | "png" | "webp" | "avif" | "gif" | "pdf";

export interface DetectedType {
  kind: MediaKind;
  format: MediaFormat;
  mime: string;
  ext: string;
}

const accepted: Record<string, DetectedType> = {
  jpg: { kind: "image", format: "jpeg", mime: "image/jpeg", ext: "jpg" },
  png: { kind: "image", format: "png", mime: "image/png", ext: "png" },
  // An animated PNG is a PNG; its first frame is kept, as a GIF's.
  apng: { kind: "image", format: "png", mime: "image/png", ext: "png" },
  webp: { kind: "image", format: "webp", mime: "image/webp", ext: "webp" },
  avif: { kind: "image", format: "avif", mime: "image/avif", ext: "avif" },
  gif: { kind: "image", format: "gif", mime: "image/gif", ext: "gif" },
  pdf: { kind: "document", format: "pdf", mime: "application/pdf", ext: "pdf" },
};

const PDF_HEADER = /^%PDF-\d\.\d/;

/** The type of a file from its first bytes (up to SNIFF_BYTES), or null when it is not one we take. */
export async function detectType(head: Uint8Array): Promise<DetectedType | null> {
  if (head.length === 0) return null;
  const found = await fileTypeFromBuffer(head);
  const type = found ? accepted[found.ext] : undefined;
  if (!type) return null;
  // A PDF starts with its header at the very first byte (readers accept it anywhere in the first
  // kilobyte, which is how PDF polyglots begin as another format).
  if (type.format === "pdf" && !PDF_HEADER.test(Buffer.from(head.subarray(0, 8)).toString("latin1"))) return null;
  return type;
}

/** How many last bytes of a PDF its end is checked in. */
export const PDF_TAIL_BYTES = 1024;

/**
 * Whether a PDF ends as one does: its last `%%EOF` followed by nothing but line ends, spaces or
 * NULs. A file with something appended after the PDF (a ZIP, HTML: the classic polyglots) does
 * not, and neither does one cut off before its end.
 */
export function pdfEndsWell(tail: Uint8Array): boolean {
  const text = Buffer.from(tail).toString("latin1");
  const at = text.lastIndexOf("%%EOF");
  return at !== -1 && /^[\r\n\t \0]*$/.test(text.slice(at + 5));
}
