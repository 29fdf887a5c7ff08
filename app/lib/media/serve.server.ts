import { ByteLru } from "~/core/byte-lru";
import { logger } from "~/core/logger.server";
import type { DB } from "~/db/client.server";
import { currentVersions } from "~/db/content-version.server";
import { getMediaFileByHash, mediaBlobs, type MediaFile } from "~/db/queries/media.server";
import { contentDisposition } from "./filename";
import { isMediaHash, mediaUrl, mediaUrlName, VARIANT_FORMATS, variantWidths, type VariantFormat } from "./media-url";
import { mediaVariant } from "./variants.server";

// The media library's files as the site serves them (issue 45): /media/<hash>/<name> and its
// variants /media/<hash>/v/<width>.<format>. An address never changes what it holds (the hash is
// of the bytes), so every answer may be kept a year (immutable), is validated by its ETag, and is
// read in ranges (a PDF viewer asks for pages as it shows them). Answers carry their own strict
// policy: a file opened on its own runs nothing, loads nothing, and is sandboxed (the server's
// own headers are added only where a response has none, server/request-listener.ts).
//
// Small files and variants are kept in memory (MEMORY_BYTES), so that a picture on every page is
// not read from the database each time; which files exist is known per content version, so a
// file deleted through any instance is gone everywhere within a second.

/**
 * Images and PDFs open inline; `sandbox` gives a file opened on its own an opaque origin with no
 * scripts, forms or plugins (Chromium's PDF viewer still shows a PDF: tests/system/media.test.ts).
 * `frame-ancestors 'self'` lets the site's own pages frame a PDF, no other site.
 */
export const MEDIA_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

const YEAR = "public, max-age=31536000, immutable";
const MEMORY_BYTES = 32 * 1024 * 1024;
const MEMORY_ENTRY_BYTES = 1024 * 1024;

const bodies = new ByteLru<Buffer>(MEMORY_BYTES, MEMORY_ENTRY_BYTES, (data) => data.length);
/** Which hashes are files, as of a content version; unknown hashes too, so bounded in count. */
const files = new ByteLru<{ file: MediaFile | null; version: number }>(4096, 1, () => 1);

async function lookUp(db: DB, hash: string): Promise<MediaFile | null> {
  const { content } = await currentVersions(db);
  const known = files.get(hash);
  if (known && known.version === content) return known.file;
  const file = (await getMediaFileByHash(db, hash)) ?? null;
  files.set(hash, { file, version: content });
  if (!file) bodies.deletePrefix(hash);
  return file;
}

/** Forgets what this process knows of a file (it was just deleted here). */
export function forgetMediaFile(hash: string) {
  files.delete(hash);
  bodies.deletePrefix(hash);
}

/** One byte range of a body, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The range a Range header asks of a body of `size` bytes: a range, "unsatisfiable", or null
 * to send the whole body (no header, one we do not read, or several ranges, which a server may
 * answer whole: RFC 9110 §14.2).
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (header === null) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== "" && Number(to) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/** Whether If-None-Match names this ETag (weakly compared, RFC 9110 §13.1.2), or is `*`. */
function matches(ifNoneMatch: string | null, etag: string) {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}

/** A body read from the store a chunk at a time, as the client takes it. */
function streamOf(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const pieces = source[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await pieces.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        logger.error({ err: error }, "media file could not be read");
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return?.();
    },
  });
}

interface Servable {
  etag: string;
  mime: string;
  size: number;
  disposition: string;
  /** The bytes of a range, as a stream or whole. */
  read(range: ByteRange): ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
}

const baseHeaders = (item: Servable) => ({
  ETag: item.etag,
  "Cache-Control": YEAR,
  "Accept-Ranges": "bytes",
  "Content-Security-Policy": MEDIA_CSP,
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "SAMEORIGIN",
  "Cross-Origin-Resource-Policy": "same-origin",
});

/** The answer to a GET or HEAD of a stored body: 200, 206, 304 or 416. */
function answer(request: Request, item: Servable): Response {
  const headers: Record<string, string> = baseHeaders(item);
  if (matches(request.headers.get("If-None-Match"), item.etag)) return new Response(null, { status: 304, headers });
  headers["Content-Type"] = item.mime;
  headers["Content-Disposition"] = item.disposition;
  // If-Range: the range only of this very file (an ETag never changes here; a date is not ours).
  const ifRange = request.headers.get("If-Range");
  const range = ifRange === null || ifRange === item.etag ? parseRange(request.headers.get("Range"), item.size) : null;
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${item.size}` } });
  }
  const part = range ?? { start: 0, end: item.size - 1 };
  headers["Content-Length"] = String(part.end - part.start + 1);
  if (range) headers["Content-Range"] = `bytes ${part.start}-${part.end}/${item.size}`;
  const status = range ? 206 : 200;
  if (request.method === "HEAD") return new Response(null, { status, headers });
  return new Response(item.read(part), { status, headers });
}

const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": MEDIA_CSP,
    },
  });

/** Bytes held in memory, as a body: Buffers made by Node are never over shared memory. */
const bytesOf = (data: Buffer, range: ByteRange) =>
  data.subarray(range.start, range.end + 1) as Uint8Array<ArrayBuffer>;

/** GET or HEAD /media/<hash>/<name>. */
export async function serveMediaFile(db: DB, request: Request, hash: string, name: string): Promise<Response> {
  if (!isMediaHash(hash)) return notFound();
  const file = await lookUp(db, hash);
  if (!file) return notFound();
  const urlName = mediaUrlName(file.filename);
  if (name !== urlName) {
    return new Response(null, {
      status: 301,
      headers: { Location: mediaUrl(file), "Cache-Control": "public, max-age=86400" },
    });
  }
  const kept = bodies.get(hash);
  const item: Servable = {
    etag: `"${hash}"`,
    mime: file.mime,
    size: file.size,
    disposition: contentDisposition(file.filename, urlName),
    read(range) {
      if (kept) return bytesOf(kept, range);
      // A whole small file is read once and kept; anything else streams from the store.
      if (file.size <= MEMORY_ENTRY_BYTES && range.start === 0 && range.end === file.size - 1) {
        return streamOf(keepWhole(db, file));
      }
      return streamOf(mediaBlobs.read(db, hash, range.start, range.end));
    },
  };
  return answer(request, item);
}

/** Reads a small file whole, handing it on as it reads, and keeps it once complete. */
async function* keepWhole(db: DB, file: MediaFile): AsyncIterable<Uint8Array> {
  const pieces: Uint8Array[] = [];
  for await (const piece of mediaBlobs.read(db, file.hash, 0, file.size - 1)) {
    pieces.push(piece);
    yield piece;
  }
  bodies.set(file.hash, Buffer.concat(pieces));
}

const VARIANT = /^(\d{1,5})\.([a-z]+)$/;

/** GET or HEAD /media/<hash>/v/<width>.<format>. */
export async function serveMediaVariant(db: DB, request: Request, hash: string, variant: string): Promise<Response> {
  const parsed = VARIANT.exec(variant);
  const format = parsed?.[2] as VariantFormat | undefined;
  if (!isMediaHash(hash) || !parsed || !format || !VARIANT_FORMATS.includes(format)) return notFound();
  const width = Number(parsed[1]);
  const file = await lookUp(db, hash);
  if (!file || file.kind !== "image" || !file.width || !variantWidths(file.width).includes(width)) return notFound();
  const etag = `"${hash}-${width}.${format}"`;
  const key = `${hash}/${width}.${format}`;
  let data = bodies.get(key);
  // A revalidation needs no bytes: answered before anything is made.
  if (!data && !matches(request.headers.get("If-None-Match"), etag)) {
    const pending = mediaVariant(db, file, width, format);
    if (!pending) return notFound();
    try {
      data = await pending;
    } catch (error) {
      logger.error({ err: error, hash, width, format }, "media variant could not be made");
      return new Response("Service Unavailable", {
        status: 503,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5" },
      });
    }
    bodies.set(key, data);
  }
  const stem = mediaUrlName(file.filename).replace(/\.[a-z0-9]+$/, "");
  const name = `${stem}-${width}.${format}`;
  return answer(request, {
    etag,
    mime: `image/${format}`,
    size: data?.length ?? 0,
    disposition: contentDisposition(name, name),
    read: (range) => bytesOf(data ?? Buffer.alloc(0), range),
  });
}
