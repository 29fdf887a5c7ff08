import { ByteLru } from "~/core/byte-lru";
import type { DB } from "~/db/client.server";
import { mediaBlobs, type MediaFile } from "~/db/queries/media.server";
import { INLINE_IMAGE_LIMIT, withFirstImageInlined } from "~/lib/document/inline-image.server";
import { loadOrEmpty } from "~/lib/load-or-empty.server";
import { resolveMediaUrls } from "./library.server";
import { mediaUrl } from "./media-url";

// The media library's files on public pages (issue 45). A page's loader hands over the addresses
// staff entered (a banner's, a cover's, a paper's); those that are the library's files come back
// with what the page shows of them, read in one query: a picture's size and alt text for
// <MediaImage>, which renders it responsively in its own width and height (any other address
// stays a plain <img>); a document's size and where it came from.
//
// A page's first picture, when the library's file is small (INLINE_IMAGE_LIMIT), travels inside
// the document as a data: URL, as the site's own small files do (app/lib/document/inline-image.server.ts):
// the loader reads its bytes here, and the render finds them by address (inlinedPicture). Files
// never change under an address, so what is kept here is never stale.

/** What a page needs of a library picture: no more goes into its data. */
export type PagePicture = Pick<MediaFile, "hash" | "filename" | "width" | "height" | "alt_text" | "is_decorative">;

/** A page's library pictures, by the address its rows hold. */
export type PagePictures = Record<string, PagePicture>;

const inlined = new ByteLru<string>(2 * 1024 * 1024, 2 * INLINE_IMAGE_LIMIT, (url) => url.length);

/** The data: URL of a small library picture a loader on this page prepared, by its address (mediaUrl). */
export const inlinedPicture = (src: string): string | undefined => inlined.get(src);

async function prepareInline(db: DB, file: MediaFile) {
  const src = mediaUrl(file);
  if (file.kind !== "image" || file.size > INLINE_IMAGE_LIMIT || inlined.get(src)) return;
  const pieces: Uint8Array[] = [];
  for await (const piece of mediaBlobs.read(db, file.hash, 0, file.size - 1)) pieces.push(piece);
  inlined.set(src, `data:${file.mime};base64,${Buffer.concat(pieces).toString("base64")}`);
}

/**
 * The library's pictures among `urls`, by address (one query), the first one of the page (`inline`)
 * made ready to travel inside the document when small. A failed read gives none: the page then
 * shows each address as a plain image, which the library still serves.
 */
export function loadPagePictures(
  db: DB,
  urls: readonly (string | null | undefined)[],
  { inline }: { inline?: string | null } = {},
): Promise<PagePictures> {
  return loadOrEmpty(
    "media pictures",
    async () => {
      const files = await resolveMediaUrls(
        db,
        urls.filter((url): url is string => Boolean(url)),
      );
      const pictures: PagePictures = {};
      for (const [url, file] of files) {
        if (file.kind !== "image") continue;
        const { hash, filename, width, height, alt_text, is_decorative } = file;
        pictures[url] = { hash, filename, width, height, alt_text, is_decorative };
      }
      const first = inline ? files.get(inline) : undefined;
      if (first) await prepareInline(db, first);
      return pictures;
    },
    {},
  );
}

/**
 * Each item with the library picture its `key` names, or null. `alt: false` where the place does
 * not use the file's alt text (a decorative card picture, a banner with words of its own): a page
 * that hydrates carries its data twice, and an alt text is 40–50 bytes of it compressed.
 */
export function withPictures<T, K extends keyof T>(
  items: readonly T[],
  key: K,
  pictures: PagePictures,
  { alt = () => true }: { alt?: (item: T) => boolean } = {},
) {
  return items.map((item) => {
    const url = item[key];
    const picture = (typeof url === "string" && pictures[url]) || null;
    return { ...item, picture: picture && !alt(item) ? { ...picture, alt_text: null } : picture };
  });
}

/**
 * Each item with the library picture its `key` names (one query), the first item's made ready to
 * travel inside the document when small (loadPagePictures).
 */
export async function withLibraryPictures<K extends string, T extends { [P in K]: string | null }>(
  db: DB,
  items: readonly T[],
  key: K,
) {
  const urls = items.map((item) => item[key]);
  const pictures = await loadPagePictures(db, urls, { inline: urls[0] });
  return withPictures(items, key, pictures);
}

/**
 * A list page's cards with their library pictures (one query), the first card's picture inlined
 * when small, whether the library's (loadPagePictures) or one of the site's own files
 * (withFirstImageInlined).
 */
export async function withCardPictures<T extends { image: string | null }>(db: DB, cards: T[]) {
  return withFirstImageInlined(await withLibraryPictures(db, cards, "image"), "image");
}

/** A detail page's item (a course, a test series) with its picture, inlined as a list's first card's. */
export async function withCardPicture<T extends { image: string | null }>(db: DB, item: T) {
  const [card] = await withCardPictures(db, [item]);
  return card!;
}

/** What a page shows of a library document (an official paper): its link, size and source. */
export interface PageDocument {
  href: string;
  mime: string;
  size: number;
  source_url: string | null;
  source_read_on: string | null;
}

/** The library's documents among `urls`, by address (one query); none when the read fails. */
export function loadPageDocuments(
  db: DB,
  urls: readonly (string | null | undefined)[],
): Promise<Record<string, PageDocument>> {
  return loadOrEmpty(
    "media documents",
    async () => {
      const files = await resolveMediaUrls(
        db,
        urls.filter((url): url is string => Boolean(url)),
      );
      const documents: Record<string, PageDocument> = {};
      for (const [url, file] of files) {
        if (file.kind !== "document") continue;
        const { mime, size, source_url, source_read_on } = file;
        documents[url] = { href: mediaUrl(file), mime, size, source_url, source_read_on };
      }
      return documents;
    },
    {},
  );
}
