import { escapeHtml } from "~/core/html";
import type { DB } from "~/db/client.server";
import type { MediaFile } from "~/db/queries/media.server";
import type { MarkdownImage } from "~/lib/content/markdown.server";
import { resolveMediaUrls } from "~/lib/media/library.server";
import { mediaUrl, variantUrl, variantWidths } from "~/lib/media/media-url";

// A question's diagrams from the media library (issue 46), rendered when the question is saved:
// AVIF and WebP variants chosen by the browser, and the picture's own width and height, so that a
// practice page keeps the diagram's place before it loads (no layout shift). Any other image keeps
// the plain <img> the Markdown renderer writes.

/** The pictures of the library that the posted Markdown names, by their address as written. */
export type QuestionPictures = ReadonlyMap<string, MediaFile>;

const MEDIA_ADDRESS = /\/media\/[0-9a-f]{64}\/[^\s)"'<>]+/g;

/** The library pictures the texts name (unknown or non-picture files are left out). */
export async function questionPictures(db: DB, texts: Iterable<string | undefined>): Promise<QuestionPictures> {
  const urls = new Set<string>();
  for (const text of texts) for (const match of text?.matchAll(MEDIA_ADDRESS) ?? []) urls.add(match[0]);
  if (urls.size === 0) return new Map();
  const files = await resolveMediaUrls(db, [...urls]);
  return new Map([...files].filter(([, file]) => file.width !== null && file.height !== null));
}

/** How wide a diagram is shown: the question's column, at most 42rem. */
const SIZES = "(min-width: 768px) 42rem, 100vw";

/** The markdown renderer's `images` option: a responsive <picture> for the library's pictures. */
export function pictureRenderer(pictures: QuestionPictures | undefined) {
  if (!pictures?.size) return undefined;
  return (image: MarkdownImage): string | undefined => {
    const file = pictures.get(image.src);
    if (!file) return undefined;
    const widths = variantWidths(file.width!);
    const srcset = (format: "avif" | "webp") =>
      widths.map((w) => `${variantUrl(file.hash, w, format)} ${w}w`).join(", ");
    const sources = widths.length
      ? (["avif", "webp"] as const)
          .map((format) => `<source type="image/${format}" srcset="${srcset(format)}" sizes="${SIZES}">`)
          .join("")
      : "";
    // The question's own words for the picture first; the library's alt text when it gave none.
    const alt = file.is_decorative ? "" : image.alt || file.alt_text || "";
    const title = image.title ? ` title="${escapeHtml(image.title)}"` : "";
    return (
      `<picture>${sources}<img src="${escapeHtml(mediaUrl(file))}" width="${file.width}" height="${file.height}"` +
      ` alt="${escapeHtml(alt)}"${title} loading="lazy" decoding="async"></picture>`
    );
  };
}
