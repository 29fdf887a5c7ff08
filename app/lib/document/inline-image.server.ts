import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

// A page's first image, when it is one of the site's own small files, travels inside the
// document as a data: URL, as Vite inlines assets under 4 KiB: on a 3G link every request costs
// over a second before its first byte, so an image fetched after the HTML lands its LCP at
// ~2.4 s, and with the HTML at ~1.3 s (issue 6, "Slow networks"; `npm run lighthouse --
// --throttling=3g`). Only the first, above-the-fold image: the rest load as files, cached.

/**
 * Vite's own limit for inlining assets (build.assetsInlineLimit), in the bytes an image adds to
 * the document as sent: an SVG's text compresses with the page, so its gzip size counts (the
 * catalogue's pictures draw their words as outlines, issue 28: 12 KiB of text, 3 KiB gzip).
 */
export const INLINE_IMAGE_LIMIT = 4096;

const TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
};

const MAX_KNOWN = 500;

/** An inliner for the public files under `root`; each answer is remembered (the files are the build's). */
export function createImageInliner(root: URL): (src: string) => string {
  const known = new Map<string, string>();
  return (src) => {
    let inlined = known.get(src);
    if (inlined === undefined) {
      inlined = dataUrl(root, src) ?? src;
      if (known.size < MAX_KNOWN) known.set(src, inlined);
    }
    return inlined;
  };
}

/**
 * `src` as a data: URL when it names a public file of at most INLINE_IMAGE_LIMIT bytes (an SVG's
 * at gzip -9); else `src`.
 * The files are the client build's (build/client) beside this bundle (build/server). Outside a
 * build — the dev server, the tests — there is nothing there and every image stays a link.
 */
export const inlineSmallImage = createImageInliner(new URL("../client/", import.meta.url));

function dataUrl(root: URL, src: string): string | undefined {
  // Same-site paths of plain names only: never a URL, a query or a step out of the directory.
  const match = /^\/(?![/\\])(?!.*\.\.)[\w\-/.]+\.(\w+)$/.exec(src);
  const type = match && TYPES[match[1]!.toLowerCase()];
  const file = new URL(`.${src}`, root);
  if (!type || !file.href.startsWith(root.href)) return undefined;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (type !== "image/svg+xml") {
    return bytes.length > INLINE_IMAGE_LIMIT ? undefined : `data:${type};base64,${bytes.toString("base64")}`;
  }
  if (gzipSync(bytes, { level: 9 }).length > INLINE_IMAGE_LIMIT) return undefined;
  // SVG as text is smaller than base64 and compresses with the page; only what a URL cannot
  // hold is escaped.
  const svg = bytes.toString("utf8").trim().replace(/\s+/g, " ");
  return `data:image/svg+xml,${svg.replace(/[%#<>"]/g, (c) => encodeURIComponent(c))}`;
}

/** The list with its first item's image inlined (inlineSmallImage). */
export function withFirstImageInlined<T, K extends keyof T>(items: T[], key: K, inline = inlineSmallImage): T[] {
  const [first, ...rest] = items;
  if (!first || typeof first[key] !== "string") return items;
  return [{ ...first, [key]: inline(first[key] as string) } as T, ...rest];
}
