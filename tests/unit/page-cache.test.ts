import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  buildCachedPage,
  ENTRY_OVERHEAD,
  MAX_CACHED_PAGE_BYTES,
  PageCache,
  pageBytes,
  PARTITION_LIMITS,
  type CachedPage,
} from "../../server/page-cache";
import { pageKey } from "../../server/page-cache-key";

// Issue 42, an outside probe: each new search or rank-prediction address was kept compressed at
// brotli 9 and gzip 9 and queued for brotli 11 (about 12× the CPU of an uncached render, the queue
// unbounded), and the cache bounded entries, not bytes: 110 distinct predictions of an 8.4 MB page
// took the process from 474 to 1,507 MiB. The cache is now bounded in bytes per part, keeps no
// page over MAX_CACHED_PAGE_BYTES and compresses open addresses cheaply (the brotli-11 queue is
// gone: decision 020).

const key = (path: string) => pageKey(new URL(path, "http://localhost"));
const v1 = { content: 1, visitor: 1 };
const html = { "Content-Type": "text/html; charset=utf-8" };

/** A page whose three bodies add up to `bytes` bytes (the cache counts them, not their contents). */
function sized(bytes: number, versions = v1): CachedPage {
  const third = Math.floor((bytes - ENTRY_OVERHEAD) / 3);
  const body = Buffer.alloc(third);
  return {
    version: versions.content,
    visitorVersion: versions.visitor,
    validUntil: Infinity,
    status: 200,
    headers: [],
    etag: '"x"',
    scriptHashes: [],
    styleHashes: [],
    identity: body,
    gzip: Buffer.alloc(third),
    br: Buffer.alloc(bytes - ENTRY_OVERHEAD - 2 * third),
  };
}

/** A document of about `bytes` bytes that compresses like a page (repeated markup, varied text). */
function documentOf(bytes: number) {
  const rows: string[] = [];
  for (let i = 0; rows.join("").length < bytes; i++)
    rows.push(`<tr><td>${i}</td><td>${(i * 7919) % 1000}</td><td>Official answer key ${i % 13}</td></tr>`);
  const text = `<!DOCTYPE html><html><body><table>${rows.join("")}</table></body></html>`;
  return { text, body: Buffer.from(text), response: new Response(text, { headers: html }) };
}

describe("page cache byte bounds", () => {
  const KiB = 1024;
  const limits = {
    fixed: { entries: 100, bytes: 400 * KiB },
    paged: { entries: 100, bytes: 200 * KiB },
    open: { entries: 100, bytes: 300 * KiB },
  };

  it("holds at most its bytes in each part: big open pages evict the oldest open ones, never a fixed page", () => {
    const cache = new PageCache(limits);
    cache.set(key("/faqs"), sized(100 * KiB));
    for (let i = 0; i < 20; i++) cache.set(key(`/search?q=${i}`), sized(100 * KiB));
    expect(cache.bytes).toEqual({ fixed: 100 * KiB, paged: 0, open: 300 * KiB });
    // The three newest searches stay, however few entries that is.
    const held = Array.from({ length: 20 }, (_, i) => i).filter((i) => cache.get(`/search?q=${i}`, v1));
    expect(held).toEqual([17, 18, 19]);
    expect(cache.get("/faqs", v1)).toBeDefined();
  });

  it("evicts the least recently used, and counts a replaced or stale entry out", () => {
    const cache = new PageCache(limits);
    for (const q of ["a", "b", "c"]) cache.set(key(`/search?q=${q}`), sized(100 * KiB));
    expect(cache.get("/search?q=a", v1)).toBeDefined();
    cache.set(key("/search?q=d"), sized(100 * KiB));
    expect(["a", "b", "c", "d"].map((q) => Boolean(cache.get(`/search?q=${q}`, v1)))).toEqual([
      true,
      false,
      true,
      true,
    ]);
    // The same key again replaces its entry: counted once.
    cache.set(key("/search?q=d"), sized(50 * KiB));
    expect(cache.bytes.open).toBe(250 * KiB);
    // A stale entry found by a lookup is dropped, and its bytes with it.
    expect(cache.get("/search?q=d", { content: 2, visitor: 1 })).toBeUndefined();
    expect(cache.bytes.open).toBe(200 * KiB);
  });

  it("keeps no page over MAX_CACHED_PAGE_BYTES, nor one larger than its part", () => {
    const cache = new PageCache();
    const big = sized(3 * (MAX_CACHED_PAGE_BYTES + 1) + ENTRY_OVERHEAD);
    expect(big.identity.length).toBeGreaterThan(MAX_CACHED_PAGE_BYTES);
    cache.set(key("/rank-predictor?marks=50&branch=ch&category=general"), big);
    cache.set(key("/gate-cutoffs"), big);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toEqual({ fixed: 0, paged: 0, open: 0 });
    const small = new PageCache(limits);
    small.set(key("/ebooks?page=2"), sized(201 * KiB));
    expect(small.get("/ebooks?page=2", v1)).toBeUndefined();
    // A page just under the limit is kept.
    cache.set(key("/gate-cutoffs"), sized(3 * MAX_CACHED_PAGE_BYTES));
    expect(cache.get("/gate-cutoffs", v1)).toBeDefined();
  });

  it("bounds the whole cache at 64 MiB of pages", () => {
    const total = Object.values(PARTITION_LIMITS).reduce((sum, part) => sum + part.bytes, 0);
    expect(total).toBe(64 * 1024 * 1024);
    // The largest page kept fits many times in the smallest part.
    expect(Math.min(...Object.values(PARTITION_LIMITS).map((part) => part.bytes))).toBeGreaterThan(
      16 * MAX_CACHED_PAGE_BYTES,
    );
  });
});

describe("page cache and visitor content", () => {
  it("keeps the home page at both counters, every other page at the admin one only", () => {
    const cache = new PageCache();
    for (const path of ["/", "/_.data", "/faqs", "/search?q=heat"]) cache.set(key(path), sized(10_000));
    const visitorPosted = { content: 1, visitor: 2 };
    const shown = ["/", "/_.data", "/faqs", "/search?q=heat"].filter((path) => cache.get(path, visitorPosted));
    expect(shown).toEqual(["/faqs", "/search?q=heat"]);
    expect(cache.get("/faqs", { content: 2, visitor: 2 })).toBeUndefined();
  });
});

describe("page compression", () => {
  it("compresses an open address cheaply, a page the content bounds harder", async () => {
    const { body, response, text } = documentOf(90_000);
    const fast = await buildCachedPage(v1, response.clone(), body, { compression: "fast" });
    const best = await buildCachedPage(v1, response, body, { compression: "best" });
    expect(best.br.length).toBeLessThan(fast.br.length);
    for (const page of [fast, best]) {
      expect(brotliDecompressSync(page.br).toString()).toBe(text);
      expect(gunzipSync(page.gzip).toString()).toBe(text);
    }
  });
});

describe("page size", () => {
  it("counts every body of a page", () => {
    const page = sized(30_000);
    expect(pageBytes(page)).toBe(30_000);
  });
});
