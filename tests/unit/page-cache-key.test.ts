import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { endOfIstDay, isCacheableResponse, PageCache, type CachedPage } from "../../server/page-cache";
import { pageKey, pageParams, visitorContentPages, type Partition } from "../../server/page-cache-key";

// The page cache's key (an outside probe: ~650 GETs of /faqs?q<i>=… evicted every cached page,
// each a render, a brotli and a gzip). A key keeps only the parameters its page reads, and each
// key names the part of the cache it may evict from: no stream of anonymous GETs can push out
// the site's fixed pages.

const key = (path: string) => pageKey(new URL(path, "http://localhost"));
const shows = (path: string) => key(path).showsVisitorContent === true;
/** Limits in entries only: the byte bounds are tests/unit/page-cache.test.ts's. */
const limits = (fixed: number, paged: number, open: number) => ({
  fixed: { entries: fixed, bytes: Infinity },
  paged: { entries: paged, bytes: Infinity },
  open: { entries: open, bytes: Infinity },
});

describe("page cache key", () => {
  it("drops the parameters a page does not read: /faqs?anything is /faqs", () => {
    for (const path of ["/faqs?q1=x", "/faqs?junk=1&utm_source=mail", "/faqs?", "/faqs?page=2"])
      expect(key(path)).toEqual({ key: "/faqs", partition: "fixed" });
    expect(key("/?fbclid=1")).toEqual({ key: "/", partition: "fixed", showsVisitorContent: true });
  });

  it("keeps the ones it reads, the first value of each, in one order", () => {
    expect(key("/job-alerts?page=2&x=1&tab=results&tab=jobs").key).toBe("/job-alerts?tab=results&page=2");
    expect(key("/job-alerts?page=2&view=archive&tab=jobs").key).toBe("/job-alerts?tab=jobs&view=archive&page=2");
    expect(key("/search?utm=1&q=heat+%26+mass&q=other").key).toBe("/search?q=heat+%26+mass");
    expect(key("/rank-predictor?marks=&branch=cs&utm=1").key).toBe("/rank-predictor?marks=&branch=cs");
    expect(key("/book-session?type=career-guidance&ref=x").key).toBe("/book-session?type=career-guidance");
  });

  it("route data (.data) is keyed apart from its document, with the same parameters, _routes dropped", () => {
    expect(key("/faqs.data?_routes=routes%2Fpublic%2Ffaqs&junk=1")).toEqual({ key: "/faqs.data", partition: "fixed" });
    expect(key("/_.data?_routes=root")).toEqual({ key: "/_.data", partition: "fixed", showsVisitorContent: true });
    expect(key("/search.data?q=gate&index")).toEqual({ key: "/search.data?q=gate", partition: "open" });
    expect(key("/ebooks.data?page=3")).toEqual({ key: "/ebooks.data?page=3", partition: "paged" });
  });

  it("puts each key in its part: fixed pages, further list pages, and everything unbounded", () => {
    const partition = (path: string) => key(path).partition;
    const cases: [string, Partition][] = [
      ["/", "fixed"],
      ["/test-series", "fixed"],
      ["/test-series/GATE%202026", "fixed"],
      ["/course/2", "fixed"],
      ["/search", "fixed"],
      ["/job-alerts?tab=vacancy", "fixed"],
      ["/book-session?type=higher-studies", "fixed"],
      ["/ebooks?page=2", "paged"],
      ["/job-alerts?tab=jobs&page=3", "paged"],
      ["/job-alerts?tab=jobs&view=archive", "fixed"],
      ["/job-alerts?view=closed", "open"],
      ["/ebooks?page=02", "open"],
      ["/job-alerts?tab=nonsense", "open"],
      ["/book-session?type=other", "open"],
      ["/search?q=gate", "open"],
      ["/rank-predictor?marks=56&branch=cs&category=general", "open"],
      // Other spellings the router matches all the same keep every parameter, in the open part.
      ["/FAQS", "open"],
      ["/faqs/", "open"],
      ["/f%61qs", "open"],
      ["/Test-Series/GATE%202026", "open"],
    ];
    expect(cases.map(([path]) => [path, partition(path)])).toEqual(cases);
    expect(key("/FAQS?junk=1").key).toBe("/FAQS?junk=1");
  });

  it("is its own key: a raw URL equal to a key (the server's fast path) is that very page", () => {
    for (const path of [
      "/job-alerts?page=2&tab=results",
      "/search?q=a b&page=2&x=1",
      "/search?q=%C3%A9t%C3%A9",
      "/rank-predictor?category=st&marks=1",
      "/FAQS/?b=2&a=1",
      "/faqs.data?_routes=x",
    ]) {
      const once = key(path);
      expect(key(once.key)).toEqual(once);
    }
  });

  it("lists every parameter each public page reads (grep searchParams in app/routes)", () => {
    const routes = readFileSync(resolve(import.meta.dirname, "../../app/routes.ts"), "utf8");
    const modules = [...routes.matchAll(/route\("([^"]+)", "(routes\/public\/[^"]+)"\)/g)];
    expect(modules.length).toBeGreaterThan(15);
    for (const [, path, file] of modules) {
      const source = readFileSync(resolve(import.meta.dirname, "../../app", file!), "utf8");
      const read = [...source.matchAll(/searchParams\.get\("([^"]+)"\)/g)].map((m) => m[1]!);
      if (source.includes("requestedPage(")) read.push("page");
      // A page that hands all its parameters to a helper must be listed as a whole.
      if (/\(new URL\(request\.url\)\.searchParams\)/.test(source))
        read.push(...Object.keys(pageParams[`/${path}`] ?? {}));
      if (/searchParams|requestedPage\(/.test(source)) expect(pageParams[`/${path}`], `/${path}`).toBeDefined();
      expect(Object.keys(pageParams[`/${path}`] ?? {}), `/${path}`).toEqual(expect.arrayContaining(read));
    }
    expect(Object.keys(pageParams["/rank-predictor"]!)).toEqual(["marks", "branch", "category"]);
  });

  it("marks the pages that show visitor content (the home page's testimonials), and only those", () => {
    expect(["/", "/?utm_source=x", "/_.data", "/_.data?_routes=routes%2Fpublic%2Fhome"].map(shows)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    for (const path of ["/faqs", "/faqs.data", "/search?q=gate", "/rank-predictor?marks=50", "/testimonials/new"])
      expect([path, shows(path)]).toEqual([path, false]);
    // Other spellings are not worked out (one might be the home page): kept at both counters.
    expect(shows("/FAQS")).toBe(true);
  });

  it("lists every public page whose loader reads testimonials (grep listRecentTestimonials in app)", () => {
    const app = resolve(import.meta.dirname, "../../app");
    const read = (file: string) => readFileSync(resolve(app, file), "utf8");
    // The modules that read the testimonials (outside their query module), and the pages that use one.
    const readers = readdirSync(app, { recursive: true, encoding: "utf8" }).filter(
      (file) =>
        /\.tsx?$/.test(file) && !file.startsWith("db/queries/") && read(file).includes("listRecentTestimonials("),
    );
    expect(readers.length).toBeGreaterThan(0);
    const reads = (file: string) =>
      readers.some((reader) => read(file).includes(`~/${reader.replace(/\.ts$/, "")}`)) ||
      read(file).includes("listRecentTestimonials");
    // Every page's route data carries the root's and the layout's: they must read none.
    for (const shell of ["root.tsx", "routes/public/layout.tsx"]) expect([shell, reads(shell)]).toEqual([shell, false]);
    const routes = read("routes.ts");
    const pages = [
      ...[...routes.matchAll(/index\("(routes\/public\/[^"]+)"\)/g)].map((m) => ["/", m[1]!]),
      ...[...routes.matchAll(/route\("([^"]+)", "(routes\/public\/[^"]+)"\)/g)].map((m) => [`/${m[1]}`, m[2]!]),
    ];
    expect(pages.length).toBeGreaterThan(15);
    const showing = pages.filter(([, file]) => reads(file!)).map(([path]) => path);
    expect(showing).toEqual([...visitorContentPages]);
  });
});

const v1 = { content: 1, visitor: 1 };
const empty = Buffer.alloc(0);
const page = (version = 1) => ({ version, visitorVersion: 1, identity: empty, gzip: empty, br: empty }) as CachedPage;

describe("page cache partitions", () => {
  it("a flood of open keys evicts only open keys: the fixed pages stay", () => {
    const cache = new PageCache(limits(50, 20, 10));
    cache.set(key("/faqs"), page());
    cache.set(key("/ebooks?page=2"), page());
    for (let i = 0; i < 1000; i++) cache.set(key(`/search?q=${i}`), page());
    expect(cache.get("/faqs", v1)).toBeDefined();
    expect(cache.get("/ebooks?page=2", v1)).toBeDefined();
    expect(cache.get("/search?q=999", v1)).toBeDefined();
    expect(cache.get("/search?q=989", v1)).toBeUndefined();
    expect(cache.size).toBe(12);
  });

  it("is an LRU within each part, and a stale version is a miss", () => {
    const cache = new PageCache(limits(2, 1, 1));
    cache.set(key("/a"), page());
    cache.set(key("/b"), page());
    expect(cache.get("/a", v1)).toBeDefined();
    cache.set(key("/c"), page());
    expect([cache.get("/a", v1), cache.get("/b", v1), cache.get("/c", v1)].map(Boolean)).toEqual([true, false, true]);
    expect(cache.get("/a", { content: 2, visitor: 1 })).toBeUndefined();
    expect(cache.get("/a", v1)).toBeUndefined();
  });

  it("ends every page at the next midnight in India: a job alert's badge never outlives its day", () => {
    // 23:59 IST on 27 Nov is 18:29 UTC; that day ends at 18:30 UTC.
    const lateEvening = Date.parse("2026-11-27T18:29:00Z");
    const validUntil = endOfIstDay(lateEvening);
    expect(new Date(validUntil).toISOString()).toBe("2026-11-27T18:30:00.000Z");
    // 00:30 IST on the 28th (19:00 UTC on the 27th) is in the next day.
    expect(new Date(endOfIstDay(Date.parse("2026-11-27T19:00:00Z"))).toISOString()).toBe("2026-11-28T18:30:00.000Z");
    const cache = new PageCache();
    cache.set(key("/job-alerts"), { ...page(), validUntil });
    expect(cache.get("/job-alerts", v1, validUntil - 1)).toBeDefined();
    expect(cache.get("/job-alerts", v1, validUntil)).toBeUndefined();
  });

  it("keeps 200 pages only: never a 404, a redirect, or a page that says no-store", () => {
    const html = { "Content-Type": "text/html; charset=utf-8" };
    expect(isCacheableResponse(new Response("", { headers: html }))).toBe(true);
    expect(isCacheableResponse(new Response("", { status: 404, headers: html }))).toBe(false);
    expect(isCacheableResponse(new Response(null, { status: 301, headers: { Location: "/" } }))).toBe(false);
    expect(isCacheableResponse(new Response("", { headers: { ...html, "Cache-Control": "no-store" } }))).toBe(false);
  });
});
