import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { addDays, istDate, istDayStart } from "~/core/ist";
import { pageKey, type PageKey, type Partition } from "./page-cache-key";

// Anonymous GETs of public pages are answered from memory, each page held already compressed
// (issue 6 "Caching"). An entry is good while the content version it was rendered at is current
// (app/db/content-version.server.ts) and until the day in India it was rendered on ends: a page may
// say what today is (a job alert's "Closes in 3 days", the open alerts and the closed ones, issue
// 26), and nothing else marks midnight. A cached page cannot carry a per-request nonce, so its
// Content-Security-Policy allows exactly its own inline scripts and styles by their SHA-256 hashes.

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface CachedPage {
  version: number;
  /** The next midnight in India after the render began (ms since the epoch): the page ends then. */
  validUntil: number;
  status: number;
  headers: [string, string][];
  etag: string;
  scriptHashes: string[];
  styleHashes: string[];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /**
   * A hit's status line headers, flat ([name, value, name, value, …]) for res.writeHead, one list
   * per way it can be sent: built once when the page is stored (server/request-listener.ts).
   */
  sent?: Readonly<Record<"br" | "gzip" | "identity" | "unchanged", readonly string[]>>;
}

/** Only visitors without cookies (so never a signed-in admin) get shared copies. */
export function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.has("Cookie") || request.headers.has("Authorization")) return false;
  const { pathname } = new URL(request.url);
  // The admin area and its route data (/admin.data, /admin/ebooks.data) are never shared.
  return !pathname.startsWith("/admin") && !pathname.startsWith("/api/");
}

/** Successful documents and route data with nothing personal in them. */
export function isCacheableResponse(response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    !/no-store|private/.test(cacheControl) &&
    /^(text\/html|text\/x-script)/.test(type)
  );
}

const sha256Source = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** 'sha256-…' sources for every inline script of a document (those without a src attribute). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = match;
    if (/\ssrc\s*=/.test(attributes) || /type\s*=\s*"application\/(ld\+)?json"/i.test(attributes)) continue;
    hashes.add(sha256Source(body));
  }
  return [...hashes];
}

/** 'sha256-…' sources for every inline <style> of a document (the stylesheet, issue 6). */
export function inlineStyleHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) hashes.add(sha256Source(match[1] ?? ""));
  return [...hashes];
}

/** The instant (ms) today's day in India ends, as of `now`: when pages rendered now go stale. */
export function endOfIstDay(now = Date.now()): number {
  return Date.parse(istDayStart(addDays(istDate(now), 1)));
}

export async function buildCachedPage(
  version: number,
  response: Response,
  body: Buffer,
  validUntil = endOfIstDay(),
): Promise<CachedPage> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!/^(content-length|content-encoding|content-security-policy|etag|cache-control|vary)$/i.test(name))
      headers.push([name, value]);
  });
  const isHtml = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ]);
  return {
    version,
    validUntil,
    status: response.status,
    headers,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    scriptHashes: isHtml ? inlineScriptHashes(body.toString("utf8")) : [],
    styleHashes: isHtml ? inlineStyleHashes(body.toString("utf8")) : [],
    identity: body,
    gzip: gzipped,
    br,
  };
}

// The stored page's brotli is redone at the highest quality once the visitor who caused the render
// has it: for the home page quality 9 took 30 ms here and 11 took 220 ms, for 9 % fewer bytes (20.4
// → 18.6 KiB) that every later visitor on a slow link gets. One at a time, so that a burst of new
// pages (content just changed) never takes more than one core from the requests.
let recompressing: Promise<unknown> = Promise.resolve();

/** Replaces `page.br` with the best brotli of its body, then calls `done` (to rebuild its headers). */
export function recompressBest(page: CachedPage, done: () => void): Promise<void> {
  const next = recompressing.then(async () => {
    const best = await brotli(page.identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: page.identity.length },
    });
    if (best.length < page.br.length) {
      page.br = best;
      done();
    }
  });
  recompressing = next.catch(() => {});
  return next;
}

/** How many pages each part of the cache holds (server/page-cache-key.ts says which goes where). */
export const PARTITION_SIZES: Readonly<Record<Partition, number>> = {
  // Bounded by the content itself (one spelling per page): far more than the site has.
  fixed: 500,
  paged: 200,
  // Search results and the like: unbounded, so the smallest; they can only evict one another.
  open: 100,
};

/** An entry and when it was last used (PageCache's clock). */
interface Slot {
  page: CachedPage;
  used: number;
}

/**
 * An LRU per partition: pages of one part never evict another part's. A hit only stamps its
 * entry with the cache's clock (re-inserting it into its Map on every hit cost a delete and a
 * set, issue 28); a store into a full part evicts the entry with the oldest stamp.
 */
export class PageCache {
  readonly #parts: Record<Partition, Map<string, Slot>> = { fixed: new Map(), paged: new Map(), open: new Map() };
  // The same maps in an array: a hit's lookup allocates nothing (no iterator).
  readonly #all = Object.values(this.#parts);
  #clock = 0;
  constructor(readonly sizes: Readonly<Record<Partition, number>> = PARTITION_SIZES) {}

  /**
   * The entry of this key at this content version that has not outlived its IST day. Keys are
   * unique across the parts (a key names its part), so the first match is the entry. A stale
   * entry is dropped.
   */
  get(key: string, version: number, now = Date.now()): CachedPage | undefined {
    for (let i = 0; i < this.#all.length; i++) {
      const entries = this.#all[i]!;
      const slot = entries.get(key);
      if (slot === undefined) continue;
      const page = slot.page;
      if (page.version !== version || now >= page.validUntil) {
        entries.delete(key);
        return undefined;
      }
      slot.used = ++this.#clock;
      return page;
    }
    return undefined;
  }

  set({ key, partition }: PageKey, page: CachedPage) {
    const entries = this.#parts[partition];
    entries.set(key, { page, used: ++this.#clock });
    while (entries.size > this.sizes[partition]) {
      // Stores follow renders, so a scan of at most PARTITION_SIZES entries is nothing beside one.
      let oldest: string | undefined;
      let stamp = Infinity;
      for (const [name, slot] of entries)
        if (slot.used < stamp) {
          stamp = slot.used;
          oldest = name;
        }
      entries.delete(oldest!);
    }
  }

  get size() {
    return this.#all.reduce((sum, entries) => sum + entries.size, 0);
  }
}

/** The cache key and partition of a request (the host is the site's own). */
export function cacheKey(request: Request): PageKey {
  return pageKey(new URL(request.url));
}
