import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { addDays, istDate, istDayStart } from "~/core/ist";
import type { ContentVersions } from "~/db/content-version.server";
import { pageKey, type PageKey, type Partition } from "./page-cache-key";

// Anonymous GETs of public pages are answered from memory, each page held already compressed
// (issue 6 "Caching"). An entry is good while the content versions it was rendered at are current
// (app/db/content-version.server.ts; the visitor one only for the pages that show visitor
// content) and until the day in India it was rendered on ends: a page may say what today is (a
// job alert's "Closes in 3 days", the open alerts and the closed ones, issue 26), and nothing else
// marks midnight. A cached page cannot carry a per-request nonce, so its Content-Security-Policy
// allows exactly its own inline scripts and styles by their SHA-256 hashes. The cache is bounded
// in bytes as well as entries (issue 42; docs/deploy.md "Memory").

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface CachedPage {
  /** The admin content counter it was rendered at. */
  version: number;
  /** The visitor content counter it was rendered at: compared only for pages that show it. */
  visitorVersion: number;
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
  // The admin area and its route data (/admin.data, /admin/ebooks.data) are never shared; nor is a
  // test attempt (issue 47), one aspirant's, whose ?q= and ?view= the cache's key would drop.
  return (
    !pathname.startsWith("/admin") && !pathname.startsWith("/api/") && !/^\/tests\/[^/]+\/attempt\//.test(pathname)
  );
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

/**
 * How hard a stored page is compressed. "best": brotli 9 and gzip 9, for pages the site's content
 * bounds (brotli 11 on a second hit saved 0.9–2.1 KB a page: 11–27 ms at Regular 3G's 630 kbps, under
 * 2 % of LCP, for 0.2–0.6 s of a core a page; decision 020 dropped it). "fast": brotli 4 and gzip 4,
 * for the open part, where every search term or prediction is a page of its own, most asked for
 * once: on a 95 KB rank prediction brotli 9 + gzip 9 took ~60 ms and brotli 11 ~0.9 s more,
 * against a ~11 ms render; brotli 4 + gzip 4 take ~2 ms for 9 % and 5 % more bytes (issue 42).
 */
export type Compression = "best" | "fast";

/** A page larger than this is rendered for each request and never kept (issue 42: an 8.4 MB predictor page). */
export const MAX_CACHED_PAGE_BYTES = 512 * 1024;

export async function buildCachedPage(
  versions: ContentVersions,
  response: Response,
  body: Buffer,
  { validUntil = endOfIstDay(), compression = "best" }: { validUntil?: number; compression?: Compression } = {},
): Promise<CachedPage> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!/^(content-length|content-encoding|content-security-policy|etag|cache-control|vary)$/i.test(name))
      headers.push([name, value]);
  });
  const text = (response.headers.get("Content-Type") ?? "").startsWith("text/html") ? body.toString("utf8") : "";
  const sizeHint = { [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
  // The fast levels take about a millisecond each: on this thread, as the per-request path does
  // (server/compression.ts), rather than paying the thread pool's hand-off.
  const [br, gzipped] =
    compression === "fast"
      ? [
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, ...sizeHint } }),
          gzipSync(body, { level: 4 }),
        ]
      : await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, ...sizeHint } }),
          gz(body, { level: 9 }),
        ]);
  return {
    version: versions.content,
    visitorVersion: versions.visitor,
    validUntil,
    status: response.status,
    headers,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    scriptHashes: text ? inlineScriptHashes(text) : [],
    styleHashes: text ? inlineStyleHashes(text) : [],
    identity: body,
    gzip: gzipped,
    br,
  };
}

/** What each part of the cache may hold (server/page-cache-key.ts says which page goes where). */
export interface PartitionLimit {
  entries: number;
  /** Bytes of pages: each page's three bodies plus ENTRY_OVERHEAD. */
  bytes: number;
}

const MiB = 1024 * 1024;

/** A page's headers, hashes and bookkeeping beside its bodies, about (its `sent` lists are most of it). */
export const ENTRY_OVERHEAD = 4 * 1024;

/**
 * The parts' limits: 64 MiB of pages in all (docs/deploy.md "Memory"). Most pages are 50–120 KB
 * before compression, so the byte limits bind only when pages are unusually large.
 */
export const PARTITION_LIMITS: Readonly<Record<Partition, PartitionLimit>> = {
  // Bounded by the content itself (one spelling per page): far more than the site has.
  fixed: { entries: 500, bytes: 32 * MiB },
  paged: { entries: 200, bytes: 16 * MiB },
  // Search results and the like: unbounded, so the smallest; they can only evict one another.
  open: { entries: 100, bytes: 16 * MiB },
};

/** The bytes a page counts for in its part, as stored (a later brotli 11 only makes it smaller). */
export const pageBytes = (page: CachedPage) =>
  page.identity.length + page.gzip.length + page.br.length + ENTRY_OVERHEAD;

/** An entry, when it was last used (PageCache's clock), and what it counts for. */
interface Slot {
  page: CachedPage;
  used: number;
  bytes: number;
  /** Its page shows visitor content: stale when either counter moves. */
  visitor: boolean;
}

interface Part {
  entries: Map<string, Slot>;
  bytes: number;
  limit: PartitionLimit;
}

/**
 * An LRU per partition, bounded in entries and in bytes: pages of one part never evict another
 * part's. A hit only stamps its entry with the cache's clock (re-inserting it into its Map on every
 * hit cost a delete and a set, issue 28); a store into a full part evicts the entries with the
 * oldest stamps until it fits. A page larger than MAX_CACHED_PAGE_BYTES is not kept at all.
 */
export class PageCache {
  readonly #parts: Record<Partition, Part>;
  // The same maps in an array: a hit's lookup allocates nothing (no iterator).
  readonly #all: Map<string, Slot>[];
  readonly #list: Part[];
  #clock = 0;
  constructor(limits: Readonly<Record<Partition, PartitionLimit>> = PARTITION_LIMITS) {
    const part = (limit: PartitionLimit): Part => ({ entries: new Map(), bytes: 0, limit });
    this.#parts = { fixed: part(limits.fixed), paged: part(limits.paged), open: part(limits.open) };
    this.#list = Object.values(this.#parts);
    this.#all = this.#list.map((p) => p.entries);
  }

  /**
   * The entry of this key rendered at these versions (the visitor one only if its page shows
   * visitor content) that has not outlived its IST day. Keys are unique across the parts (a key
   * names its part), so the first match is the entry. A stale entry is dropped.
   */
  get(key: string, versions: ContentVersions, now = Date.now()): CachedPage | undefined {
    for (let i = 0; i < this.#all.length; i++) {
      const entries = this.#all[i]!;
      const slot = entries.get(key);
      if (slot === undefined) continue;
      const page = slot.page;
      if (
        page.version !== versions.content ||
        (slot.visitor && page.visitorVersion !== versions.visitor) ||
        now >= page.validUntil
      ) {
        entries.delete(key);
        this.#list[i]!.bytes -= slot.bytes;
        return undefined;
      }
      slot.used = ++this.#clock;
      return page;
    }
    return undefined;
  }

  /** Keeps the page, evicting the least recently used of its part until the part is within its limits. */
  set({ key, partition, showsVisitorContent }: PageKey, page: CachedPage) {
    const part = this.#parts[partition];
    const bytes = pageBytes(page);
    this.#drop(key);
    if (page.identity.length > MAX_CACHED_PAGE_BYTES || bytes > part.limit.bytes) return;
    part.entries.set(key, { page, used: ++this.#clock, bytes, visitor: showsVisitorContent === true });
    part.bytes += bytes;
    while (part.entries.size > part.limit.entries || part.bytes > part.limit.bytes) {
      // Stores follow renders, so a scan of at most a part's entries is nothing beside one.
      let oldest: string | undefined;
      let stamp = Infinity;
      for (const [name, slot] of part.entries)
        if (slot.used < stamp) {
          stamp = slot.used;
          oldest = name;
        }
      this.#drop(oldest!);
    }
  }

  #drop(key: string) {
    for (const part of this.#list) {
      const slot = part.entries.get(key);
      if (slot === undefined) continue;
      part.entries.delete(key);
      part.bytes -= slot.bytes;
    }
  }

  get size() {
    return this.#all.reduce((sum, entries) => sum + entries.size, 0);
  }

  /** The bytes each part holds (what PARTITION_LIMITS bounds). */
  get bytes(): Record<Partition, number> {
    return { fixed: this.#parts.fixed.bytes, paged: this.#parts.paged.bytes, open: this.#parts.open.bytes };
  }
}

/** The cache key and partition of a request (the host is the site's own). */
export function cacheKey(request: Request): PageKey {
  return pageKey(new URL(request.url));
}
