import { createLimiter } from "~/core/limiter";
import { logger } from "~/core/logger.server";
import type { DB } from "~/db/client.server";
import { getMediaVariant, mediaBlobs, saveMediaVariant, type MediaFile } from "~/db/queries/media.server";
import { encodeVariant } from "./image.server";
import { mediaLimits } from "./limits.server";
import { variantWidths, type VariantFormat } from "./media-url";

// A picture's responsive variants (AVIF and WebP at a few widths, ./media-url.ts), made the first
// time one is asked for and kept in media_variants (issue 45). A new picture on a busy page is
// asked for by many visitors at once: in this process they share one making (a single flight per
// variant), variants are made one at a time (each takes a core for up to a second or two), and
// across instances the first insert wins (ON CONFLICT DO NOTHING), so at most one copy per
// instance is ever made, and one is kept.

const making = new Map<string, Promise<Buffer>>();
const encoder = createLimiter(1);
let made = 0;

/** How many variants this process has encoded (for the log and the tests). */
export const variantsMade = () => made;

async function readOriginal(db: DB, file: MediaFile): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  for await (const piece of mediaBlobs.read(db, file.hash, 0, file.size - 1)) pieces.push(piece);
  return Buffer.concat(pieces);
}

async function make(db: DB, file: MediaFile, width: number, format: VariantFormat): Promise<Buffer> {
  const kept = await getMediaVariant(db, file.hash, format, width);
  if (kept) return kept.data;
  return encoder.run(async () => {
    // Another instance may have made it while this request waited for the encoder.
    const since = await getMediaVariant(db, file.hash, format, width);
    if (since) return since.data;
    const started = performance.now();
    const data = await encodeVariant(await readOriginal(db, file), width, format, mediaLimits());
    made++;
    await saveMediaVariant(db, { hash: file.hash, format, width, data });
    logger.info(
      { hash: file.hash, width, format, bytes: data.length, ms: Math.round(performance.now() - started) },
      "media variant made",
    );
    return data;
  });
}

/** The bytes of a variant of picture `file`, made now if need be; null for a width it has no variant at. */
export function mediaVariant(db: DB, file: MediaFile, width: number, format: VariantFormat): Promise<Buffer> | null {
  if (file.kind !== "image" || !file.width || !variantWidths(file.width).includes(width)) return null;
  const key = `${file.hash}/${width}.${format}`;
  let pending = making.get(key);
  if (!pending) {
    pending = make(db, file, width, format).finally(() => making.delete(key));
    making.set(key, pending);
  }
  return pending;
}
