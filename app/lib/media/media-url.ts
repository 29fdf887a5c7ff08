import { slugify } from "~/core/slug";

// The addresses of the media library's files (issue 45, decision 017), for the server and the
// browser alike. A file lives at /media/<hash>/<name>: the hash (SHA-256 of its bytes, hex) says
// which file, the name is for people and search engines and is checked (a wrong one redirects).
// A picture's responsive variants live at /media/<hash>/v/<width>.<format>.

/** What an address is made from: a stored file's hash and display name. */
export interface MediaAddress {
  hash: string;
  filename: string;
}

/** The widths variants are made at: a picture gets those under its own width, and its own (at most the last). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/**
 * Where uploads are posted: the media library's action, the one address the server takes a
 * body of more than 1 MiB at (server/request-body.ts), `.data` being React Router's address for
 * the same action posted by a fetcher. A picker uploads here and reads the answer.
 */
export const MEDIA_UPLOAD_PATH = "/admin/media";
export const MEDIA_UPLOAD_PATHS: readonly string[] = [MEDIA_UPLOAD_PATH, `${MEDIA_UPLOAD_PATH}.data`];

const HASH = /^[0-9a-f]{64}$/;
export const isMediaHash = (value: string) => HASH.test(value);

/** The longest name part of an address, before its extension. */
const MAX_URL_STEM = 80;

/** The name part of a file's address: its display name as a slug, with its extension ("gate-2024-ch.pdf"). */
export function mediaUrlName(filename: string): string {
  const dot = filename.lastIndexOf(".");
  const stem = dot > 0 ? filename.slice(0, dot) : filename;
  const ext = dot > 0 ? filename.slice(dot + 1).toLowerCase() : "";
  const slug = slugify(stem).slice(0, MAX_URL_STEM).replace(/-+$/, "") || "file";
  return ext ? `${slug}.${ext}` : slug;
}

/** A file's address on this site. */
export const mediaUrl = (file: MediaAddress) => `/media/${file.hash}/${mediaUrlName(file.filename)}`;

/** The address of one variant of a picture. */
export const variantUrl = (hash: string, width: number, format: VariantFormat) => `/media/${hash}/v/${width}.${format}`;

/** The widths a picture `width` pixels wide has variants at, smallest first. */
export function variantWidths(width: number): number[] {
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  const own = Math.min(width, largest);
  if (own > 0 && !widths.includes(own)) widths.push(own);
  return widths;
}

const MEDIA_PATH = /^\/media\/([0-9a-f]{64})\/([^/?#]+)$/;

/**
 * The file an address names: a path on this site (/media/<hash>/<name>) or an absolute http(s)
 * URL with such a path (a field may hold either). Null for anything else, variants included.
 */
export function parseMediaUrl(url: string): { hash: string; name: string } | null {
  let path = url.trim();
  if (/^https?:\/\//i.test(path)) {
    if (!URL.canParse(path)) return null;
    path = new URL(path).pathname;
  } else path = path.replace(/[?#].*$/, "");
  const match = MEDIA_PATH.exec(path);
  return match ? { hash: match[1]!, name: match[2]! } : null;
}

export const isMediaUrl = (url: string) => parseMediaUrl(url) !== null;

/**
 * A staff-entered address as a link on this site when it names a library file (a picker's
 * "/media/<hash>/<name>", or the same path on an absolute URL), else null: for links that
 * otherwise take http(s) URLs only (safeHref), which a site path is not.
 */
export function mediaPath(url: string | null | undefined): string | null {
  const parsed = url ? parseMediaUrl(url) : null;
  return parsed ? `/media/${parsed.hash}/${parsed.name}` : null;
}
