import { createHash } from "node:crypto";
import sharp from "sharp";
import type { DB } from "~/db/client.server";
import { bumpContentVersion } from "~/db/content-version.server";
import { seedMediaFile, type NewMediaFile } from "~/db/queries/media.server";
import { demoArtwork, type DemoArtwork } from "~/db/seed/demo-artwork";
import { showDemoPicture } from "~/db/seed/demo-pictures.server";
import { mediaUrl } from "./media-url";

// The demo's pictures in the media library (issue 45): drawn in code (app/db/seed/demo-artwork.ts),
// rendered to WebP here, stored like an upload (by the hash of their bytes) and shown by the demo
// rows that still have their placeholder (app/db/seed/demo-pictures.server.ts). It lives in lib,
// not db/seed, because it renders with sharp, as the library's own processing does.
//
// The same drawing renders to the same bytes, so a second run finds every picture stored and every
// row already pointing at it, and writes nothing.

/** Who the library says stored them: no admin did. */
export const DEMO_PICTURES_BY = "demo content";

/**
 * Stores a file of the demo (a picture, a PDF) as an upload is stored, by the hash of its bytes,
 * but with no audit row: no admin stored it. Once per hash.
 */
export function storeDemoFile(
  db: DB,
  data: Buffer,
  details: Pick<NewMediaFile, "kind" | "mime" | "ext" | "width" | "height" | "filename" | "title" | "alt_text">,
  now: Date,
) {
  const file: NewMediaFile = {
    ...details,
    hash: createHash("sha256").update(data).digest("hex"),
    size: data.length,
    is_decorative: false,
    source_url: null,
    source_read_on: null,
    created_by: DEMO_PICTURES_BY,
  };
  return seedMediaFile(db, file, data, now);
}

/** A picture of the demo as the library stores it: WebP, no metadata. */
export function renderDemoPicture(art: DemoArtwork): Promise<Buffer> {
  return sharp(Buffer.from(art.svg()))
    .webp({ quality: art.quality ?? 80, effort: 6 })
    .toBuffer();
}

/** Stores the demo's pictures and shows them in the demo rows; returns how many files and rows changed. */
export async function seedDemoPictures(db: DB, now = new Date()): Promise<{ stored: number; rows: number }> {
  let stored = 0;
  let rows = 0;
  for (const art of demoArtwork) {
    const data = await renderDemoPicture(art);
    const outcome = await storeDemoFile(
      db,
      data,
      {
        kind: "image",
        mime: "image/webp",
        ext: "webp",
        width: art.width,
        height: art.height,
        filename: art.filename,
        title: art.title,
        alt_text: art.alt,
      },
      now,
    );
    if (outcome.created) stored++;
    rows += await showDemoPicture(db, art.key, mediaUrl(outcome.file));
  }
  // Pages cached by a server already running (`npm run db:seed` beside it) show the pictures now.
  if (stored || rows) await bumpContentVersion(db);
  return { stored, rows };
}
