import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextGateYear } from "~/core/gate-cycle";
import { istDate } from "~/core/ist";
import { demoEbooks, demoTestimonials } from "~/db/seed/demo-content.server";
import { scratchPostgres, scratchSqlite, startApp, type AppProcess, type ScratchDb } from "../../support/app-process";

/** The seeded GATE series is named after the next GATE cycle. */
const gateYear = nextGateYear(istDate());

// Two findings of an outside probe, on the production server and both engines:
// - a public list whose read failed was shown empty (spec §8) and that page was cached, so every
//   anonymous visitor kept getting the empty list after the database was back;
// - any query string made a new cache entry and a full render: ~650 GETs of /faqs?q<i>=… evicted
//   every cached page.

const EBOOK = demoEbooks[0]!.title;
const TESTIMONIAL = demoTestimonials[0]!.name;

async function get(app: AppProcess, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.url + path, { redirect: "manual", headers });
  return {
    status: response.status,
    cache: response.headers.get("X-Cache"),
    cacheControl: response.headers.get("Cache-Control"),
    body: await response.text(),
  };
}

/** GETs every path, `connections` at a time; their statuses, counted. */
async function flood(app: AppProcess, paths: string[], connections = 16) {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < paths.length) {
        const { status } = await get(app, paths[next++]!);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

/** Takes a table away from under the running server, and gives it back, with a connection of its own. */
interface TableSwitch {
  hide(table: string): Promise<void>;
  restore(table: string): Promise<void>;
  close(): Promise<void>;
}

const engines: { name: string; create(): Promise<ScratchDb>; open(url: string): Promise<TableSwitch> }[] = [
  {
    name: "SQLite",
    create: async () => scratchSqlite("page_cache"),
    async open(url) {
      const db = new Database(url.replace(/^file:/, ""), { fileMustExist: true, timeout: 5_000 });
      return {
        hide: async (table) => void db.exec(`alter table ${table} rename to ${table}_away`),
        restore: async (table) => void db.exec(`alter table ${table}_away rename to ${table}`),
        close: async () => void db.close(),
      };
    },
  },
  {
    name: "PostgreSQL",
    create: () => scratchPostgres("page_cache"),
    async open(url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return {
        hide: async (table) => void (await client.query(`alter table ${table} rename to ${table}_away`)),
        restore: async (table) => void (await client.query(`alter table ${table}_away rename to ${table}`)),
        close: () => client.end(),
      };
    },
  },
];

for (const engine of engines) {
  describe(`the page cache on ${engine.name}`, () => {
    let database: ScratchDb;
    let app: AppProcess;
    let tables: TableSwitch;

    beforeAll(async () => {
      database = await engine.create();
      app = await startApp({ databaseUrl: database.url });
      tables = await engine.open(database.url);
    });

    afterAll(async () => {
      await tables?.close();
      await app?.stop();
      await database?.drop();
    });

    it("keeps no page shown empty from a failed read: once the database is back, visitors get the real list", async () => {
      await tables.hide("ebooks");
      await tables.hide("testimonials");
      const broken: Awaited<ReturnType<typeof get>>[] = [];
      try {
        for (const path of ["/ebooks", "/ebooks", "/ebooks.data", "/", "/"]) broken.push(await get(app, path));
        // A visitor with cookies never shares a copy, but is told not to keep this one either.
        broken.push(await get(app, "/", { Cookie: "seen=1" }));
      } finally {
        await tables.restore("ebooks");
        await tables.restore("testimonials");
      }
      // The next anonymous visitor gets the real list, not a copy of the empty one.
      const mended = await get(app, "/ebooks");
      expect(mended.body).toContain(EBOOK);
      expect([mended.status, mended.cache, mended.cacheControl]).toEqual([200, "miss", "no-cache"]);
      expect((await get(app, "/")).body).toContain(TESTIMONIAL);
      // The empty answers (spec §8) said no-store and came from no cache.
      expect(broken.map(({ status, cacheControl, cache }) => [status, cacheControl, cache])).toEqual(
        broken.map(() => [200, "no-store", null]),
      );
      for (const { body } of broken.slice(0, 3)) expect(body).not.toContain(EBOOK);
      for (const { body } of broken.slice(3)) expect(body).not.toContain(TESTIMONIAL);
      expect(broken.at(-1)!.body).toContain("</html>");
      expect(app.output()).toContain("public list failed to load; showing it empty");
      expect((await get(app, "/ebooks")).cache).toBe("hit");
      expect((await get(app, "/ebooks.data")).body).toContain(EBOOK);
    });

    it("parameters a page does not read share its page's entry: no new render, no eviction", async () => {
      await get(app, "/faqs");
      expect((await get(app, "/faqs")).cache).toBe("hit");
      // The probe's stream: the same page under ever new parameter names.
      const variants = Array.from({ length: 700 }, (_, i) => `/faqs?q${i}=x`);
      expect(await flood(app, variants)).toEqual({ 200: 700 });
      for (const path of ["/faqs", "/faqs?junk=1", "/faqs?utm_source=mail&tab=x"]) {
        const answer = await get(app, path);
        expect([path, answer.status, answer.cache]).toEqual([path, 200, "hit"]);
      }
    });

    it("no stream of anonymous GETs evicts the fixed pages: searches evict only searches, 404s are never kept", async () => {
      const fixed = ["/", "/job-alerts?tab=vacancy", `/test-series/GATE%20${gateYear}`, "/ebooks.data"];
      for (const path of fixed) await get(app, path);
      for (const path of fixed) expect([path, (await get(app, path)).cache]).toEqual([path, "hit"]);
      // Each search term is a page of its own (a render); as route data, the cheapest to flood with.
      const run = Date.now().toString(36);
      const searches = Array.from({ length: 600 }, (_, i) => `/search.data?q=${run}${i}`);
      expect(await flood(app, searches)).toEqual({ 200: 600 });
      const missing = Array.from({ length: 100 }, (_, i) => `/no-such-page-${run}-${i}`);
      expect(await flood(app, missing)).toEqual({ 404: 100 });
      expect((await get(app, missing[0]!)).cache).toBeNull();
      for (const path of fixed) expect([path, (await get(app, path)).cache]).toEqual([path, "hit"]);
      expect((await get(app, searches.at(-1)!)).cache).toBe("hit");
    });

    it("refuses absurd list and search addresses before reading, and one spelling of a test series", async () => {
      expect((await get(app, "/ebooks?page=1001")).status).toBe(404);
      expect((await get(app, "/search?q=gate&page=1001")).status).toBe(404);
      expect((await get(app, "/search?q=gate&page=50")).status).toBe(404);
      const long = await get(app, `/search?q=${"gate ".repeat(100)}`);
      expect(long.status).toBe(200);
      expect(long.body).toContain(`Search results for &quot;${"gate ".repeat(20).trim()}&quot;`);
      const other = await fetch(`${app.url}/test-series/gate%20${gateYear}`, { redirect: "manual" });
      expect([other.status, other.headers.get("Location")]).toEqual([301, `/test-series/GATE%20${gateYear}`]);
    });
  });
}
