import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent, seedFixedData } from "~/db/seed.server";
import { catalogueYear, seededTitles } from "~/db/seed/fixed-data.server";
import { loader as ebooksLoader } from "~/routes/public/ebooks";
import { loader as searchLoader } from "~/routes/public/search";
import { loader as testSeriesLoader } from "~/routes/public/test-series-detail";
import { contextWith } from "../support/router-context";
import { openTestDb, type TestDb } from "../support/test-db";

// Addresses anonymous visitors can vary without end are refused cheaply, so that each costs at
// most one bounded render and the page cache holds one copy per real page (server/page-cache-key.ts):
// a page number past 1000 before any read, a search past its last page, an overlong query cut,
// and a test series by title at one spelling only.

// The loaders get this file's database from their context, counting the queries it runs.
const queries = { count: 0 };
const counting: KyselyPlugin = {
  transformQuery(args) {
    queries.count++;
    return args.node;
  },
  transformResult: async (args) => args.result,
};

const engine = process.env.TEST_ENGINE;

/** What the router passes a loader for a GET of `path`. */
function loaderArgs(path: string, params: Record<string, string> = {}) {
  const url = new URL(path, "http://localhost");
  return {
    request: new Request(url),
    url,
    pattern: url.pathname,
    params,
    context: contextWith(t.db.withPlugin(counting)),
  };
}

/** What a loader threw, as [status, Location]; null when it answered. */
async function thrown(load: () => Promise<unknown>) {
  try {
    await load();
    return null;
  } catch (error) {
    if (error instanceof Response) return [error.status, error.headers.get("Location")];
    return [(error as { init?: { status?: number } }).init?.status ?? "not a response", null];
  }
}

/** The test series page's loader for /test-series/{raw}, its parameter decoded as the router does. */
const loadSeries = (raw: string) =>
  testSeriesLoader(loaderArgs(`/test-series/${raw}`, { param: decodeURIComponent(raw) }) as never);

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedFixedData(t.db);
  await seedDemoContent(t.db);
});
afterAll(() => t.cleanup());

describe(`bounded public addresses on ${engine}`, () => {
  it("refuses a page number past 1000 before reading anything", async () => {
    queries.count = 0;
    expect(await thrown(() => ebooksLoader(loaderArgs("/ebooks?page=1001")))).toEqual([404, null]);
    expect(await thrown(() => searchLoader(loaderArgs("/search?q=gate&page=1001")))).toEqual([404, null]);
    expect(queries.count).toBe(0);
  });

  it("answers 404 for a search page past the last, and for further pages of no query", async () => {
    expect(await thrown(() => searchLoader(loaderArgs("/search?q=gate&page=2")))).toEqual([404, null]);
    expect(await thrown(() => searchLoader(loaderArgs("/search?page=2")))).toEqual([404, null]);
    expect((await searchLoader(loaderArgs("/search?q=gate"))).total).toBeGreaterThan(0);
  });

  it("cuts a query to 100 characters, whole characters only", async () => {
    const long = await searchLoader(loaderArgs(`/search?q=${encodeURIComponent(`${"é".repeat(99)}😀😀`)}`));
    expect(long.query).toBe(`${"é".repeat(99)}😀`);
    const spaced = await searchLoader(loaderArgs(`/search?q=${encodeURIComponent(`${"a".repeat(99)}  b`)}`));
    expect(spaced.query).toBe("a".repeat(99));
    expect((await searchLoader(loaderArgs("/search?q=GATE"))).query).toBe("GATE");
  });

  it("sends other spellings of a test series title, and its id, to its one address", async () => {
    const title = seededTitles(catalogueYear()).gateSeries;
    const canonical = `/test-series/${encodeURIComponent(title)}`;
    const lower = encodeURIComponent(title.toLowerCase());
    const twice = encodeURIComponent(encodeURIComponent(title));
    for (const raw of [lower, twice, `%20${encodeURIComponent(title)}`, "1"])
      expect([raw, await thrown(() => loadSeries(raw))]).toEqual([raw, [301, canonical]]);
    expect(await loadSeries(encodeURIComponent(title))).toMatchObject({ series: { title } });
    expect(await loadSeries("GATE%201990")).toMatchObject({ init: { status: 404 } });
  });
});
