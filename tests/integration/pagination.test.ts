import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESULTS_PER_KIND, searchContentPage } from "~/lib/search/site-search.server";
import { EBOOKS_PER_PAGE, listActiveEbooks } from "~/db/queries/ebooks.server";
import { listActiveFreeMaterials, MATERIALS_PER_PAGE } from "~/db/queries/free-materials.server";
import { CATEGORIES_PER_PAGE, listFreeTestGroups } from "~/db/queries/free-tests.server";
import { HERO_BANNER_LIMIT, listActiveHeroBanners } from "~/db/queries/hero-banners.server";
import { ALERTS_PER_PAGE, listActiveJobAlerts } from "~/db/queries/job-alerts.server";
import { pageHref, parsePage } from "~/core/pagination";
import { loadListPage } from "~/lib/pagination.server";
import Ebooks, { loader as ebooksLoader } from "~/routes/public/ebooks";
import FreeTests, { loader as freeTestsLoader } from "~/routes/public/free-tests";
import JobAlerts, { loader as jobAlertsLoader } from "~/routes/public/job-alerts/route";
import Search, { loader as searchLoader } from "~/routes/public/search";
import { contextWith } from "../support/router-context";
import { openTestDb, type TestDb } from "../support/test-db";
import { charactersNeedingFallbackFont } from "../../support/system-font-text";

// Long public lists come a page at a time (issue 6 "100× the demo size"): ?page=N, Previous and
// Next as real links, no page past the end. The queries on both engines, then the loaders and
// the pages' links as the server renders them for a browser without JavaScript.

const engine = process.env.TEST_ENGINE;
const base = Date.UTC(2026, 10, 12, 6, 0, 0);
/** An ISO timestamp `hours` before a fixed moment: item n is older than item n - 1. */
const ago = (hours: number) => new Date(base - hours * 3_600_000).toISOString();
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const titles = (rows: { title: string }[]) => rows.map((row) => row.title);

/** What the router passes a loader for a GET of `path`. */
function loaderArgs(path: string) {
  const url = new URL(path, "http://localhost");
  return { request: new Request(url), url, pattern: url.pathname, params: {}, context: contextWith(t.db) };
}

/** What a loader threw, as a status; null when it answered. */
async function thrownStatus(load: () => Promise<unknown>) {
  try {
    await load();
    return null;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? "not a response";
  }
}

/** A page as the server renders it: the route's component with its loader's data. */
function render(path: string, url: string, Component: ComponentType, loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "page", path, Component }]);
  return renderToStaticMarkup(
    createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { page: loaderData } } }),
  );
}

/** The page links of rendered markup: [accessible name, href], in document order. */
function pageLinks(html: string) {
  return [...html.matchAll(/<a [^>]*>/g)]
    .map(([tag]) => [tag.match(/aria-label="([^"]*)"/)?.[1], tag.match(/href="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&")])
    .filter(([label]) => label === "Previous page" || label === "Next page");
}

let t: TestDb;
const counts = {
  ebooks: EBOOKS_PER_PAGE * 2 + 5,
  alerts: ALERTS_PER_PAGE * 2 + 3,
  categories: CATEGORIES_PER_PAGE + 2,
};

beforeAll(async () => {
  t = await openTestDb();
  const db = t.db;
  // E-books "Mass Transfer Notes 0" (newest) … n, plus hidden ones in between.
  await db
    .insertInto("ebooks")
    .values([
      ...range(counts.ebooks).map((i) => ({
        title: `Mass Transfer Notes ${i}`,
        description: null,
        pdf_link: `https://learn.example/${i}.pdf`,
        is_active: true,
        created_at: ago(i * 2),
        updated_at: ago(i * 2),
      })),
      ...range(3).map((i) => ({
        title: `Mass Transfer Draft ${i}`,
        description: null,
        pdf_link: "https://learn.example/draft.pdf",
        is_active: false,
        created_at: ago(i * 2 + 1),
        updated_at: ago(i * 2 + 1),
      })),
    ])
    .execute();
  await db
    .insertInto("free_materials")
    .values(
      range(MATERIALS_PER_PAGE + 1).map((i) => ({
        title: `Mass Balance Sheet ${i}`,
        description: null,
        material_link: `https://learn.example/m${i}`,
        is_active: true,
        created_at: ago(i),
        updated_at: ago(i),
      })),
    )
    .execute();
  const categories = await db.selectFrom("job_categories").select(["id", "slug"]).execute();
  const categoryId = (slug: string) => categories.find((c) => c.slug === slug)!.id;
  await db
    .insertInto("job_alerts")
    .values([
      ...range(counts.alerts).map((i) => ({
        title: `PSU Job ${i}`,
        view_link: "https://jobs.example/",
        description: null,
        posted_date: ago(i * 24),
        category_id: categoryId("jobs"),
        is_active: true,
        created_at: ago(0),
        updated_at: ago(0),
      })),
      {
        title: "GATE Result",
        view_link: "https://jobs.example/result",
        description: null,
        posted_date: ago(5),
        category_id: categoryId("results"),
        is_active: true,
        created_at: ago(0),
        updated_at: ago(0),
      },
    ])
    .execute();
  // Free tests: visible categories Subject 0 … n, each with two subcategories of tests, and
  // between them an inactive category and one whose tests are all inactive: neither is listed.
  for (const [i, name] of [
    "Subject 0",
    "Hidden",
    "Subject 1",
    "Drafts only",
    ...range(counts.categories - 2).map((n) => `Subject ${n + 2}`),
  ].entries()) {
    const slug = name.toLowerCase().replace(/\W+/g, "-");
    const { id } = await db
      .insertInto("test_categories")
      .values({ name, slug, is_active: name !== "Hidden", created_at: ago(0), updated_at: ago(0) })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const part of [1, 2]) {
      const sub = await db
        .insertInto("test_subcategories")
        .values({
          category_id: id,
          name: `${name} part ${part}`,
          slug: `${slug}-part-${part}`,
          test_count: 0,
          is_active: true,
          created_at: ago(0),
          updated_at: ago(0),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("test_items")
        .values(
          range(part).map((n) => ({
            subcategory_id: sub.id,
            title: `${name} test ${part}.${n}`,
            description: null,
            test_link: null,
            is_active: name !== "Drafts only",
            created_at: ago(10 - i),
            updated_at: ago(10 - i),
          })),
        )
        .execute();
    }
  }
  await db
    .insertInto("hero_banners")
    .values(
      range(HERO_BANNER_LIMIT + 5).map((i) => ({
        image_url: `/images/banners/${i}.svg`,
        display_order: i,
        is_active: true,
        created_at: ago(0),
        updated_at: ago(0),
      })),
    )
    .execute();
});
afterAll(() => t.cleanup());

const readEbooks = (page: number) =>
  loadListPage("ebooks", page, EBOOKS_PER_PAGE, (rows) => listActiveEbooks(t.db, rows));
const readMaterials = (page: number) =>
  loadListPage("free materials", page, MATERIALS_PER_PAGE, (rows) => listActiveFreeMaterials(t.db, rows));
const readAlerts = (slug: string, page: number) =>
  loadListPage(slug, page, ALERTS_PER_PAGE, (rows) => listActiveJobAlerts(t.db, slug, rows));
const readFreeTests = (page: number) =>
  loadListPage("free tests", page, CATEGORIES_PER_PAGE, (rows) => listFreeTestGroups(t.db, rows));
const kinds = (items: { kind: string }[]) => items.map((item) => item.kind);

describe(`list queries, a page at a time, on ${engine}`, () => {
  it("pages active e-books newest first: every one once, in order, the last page without a next", async () => {
    const read = readEbooks;
    const [one, two, three] = [await read(1), await read(2), await read(3)];
    expect([one.items.length, two.items.length, three.items.length]).toEqual([EBOOKS_PER_PAGE, EBOOKS_PER_PAGE, 5]);
    expect([one.hasNext, two.hasNext, three.hasNext]).toEqual([true, true, false]);
    expect(titles([...one.items, ...two.items, ...three.items])).toEqual(
      range(counts.ebooks).map((i) => `Mass Transfer Notes ${i}`),
    );
    expect(await thrownStatus(() => read(4))).toBe(404);
  });

  it("reads the first page by default, as callers without a page do", async () => {
    expect(titles(await listActiveEbooks(t.db))).toEqual(range(EBOOKS_PER_PAGE).map((i) => `Mass Transfer Notes ${i}`));
    expect(await listActiveFreeMaterials(t.db)).toHaveLength(MATERIALS_PER_PAGE);
    expect(await listActiveJobAlerts(t.db, "jobs")).toHaveLength(ALERTS_PER_PAGE);
  });

  it("pages free materials: a full first page, then the one left over", async () => {
    const read = readMaterials;
    const [one, two] = [await read(1), await read(2)];
    expect(one).toMatchObject({ page: 1, hasNext: true });
    expect(titles(two.items)).toEqual([`Mass Balance Sheet ${MATERIALS_PER_PAGE}`]);
    expect(two.hasNext).toBe(false);
  });

  it("pages one tab's job alerts by posted date, leaving the other tabs alone", async () => {
    const read = readAlerts;
    const pages = [await read("jobs", 1), await read("jobs", 2), await read("jobs", 3)];
    expect(pages.map((p) => p.items.length)).toEqual([ALERTS_PER_PAGE, ALERTS_PER_PAGE, 3]);
    expect(titles(pages.flatMap((p) => p.items))).toEqual(range(counts.alerts).map((i) => `PSU Job ${i}`));
    expect(titles((await read("results", 1)).items)).toEqual(["GATE Result"]);
    expect(await thrownStatus(() => read("results", 2))).toBe(404);
  });

  it("pages free tests by whole categories, skipping those with nothing visible", async () => {
    const read = readFreeTests;
    const [one, two] = [await read(1), await read(2)];
    const names = range(counts.categories).map((i) => `Subject ${i}`);
    expect(one.items.map((c) => c.name)).toEqual(names.slice(0, CATEGORIES_PER_PAGE));
    expect(two.items.map((c) => c.name)).toEqual(names.slice(CATEGORIES_PER_PAGE));
    expect([one.hasNext, two.hasNext]).toEqual([true, false]);
    // A category's badge counts all its tests, whichever page it is on.
    expect([...one.items, ...two.items].map((c) => c.testCount)).toEqual(names.map(() => 3));
    expect(two.items[0]?.subcategories.map((s) => titles(s.tests))).toEqual([
      [`${names[CATEGORIES_PER_PAGE]} test 1.0`],
      [`${names[CATEGORIES_PER_PAGE]} test 2.0`, `${names[CATEGORIES_PER_PAGE]} test 2.1`],
    ]);
  });

  it("pages search results kind by kind, while any kind has more", async () => {
    const one = await searchContentPage(t.db, "mass", 1);
    expect(kinds(one.items).filter((k) => k === "ebook")).toHaveLength(RESULTS_PER_KIND);
    expect(kinds(one.items).filter((k) => k === "free-material")).toHaveLength(RESULTS_PER_KIND);
    expect(one.hasNext).toBe(true);
    const three = await searchContentPage(t.db, "mass", 3);
    expect(titles(three.items)).toEqual(
      range(counts.ebooks - 2 * RESULTS_PER_KIND).map((i) => `Mass Transfer Notes ${i + 2 * RESULTS_PER_KIND}`),
    );
    expect(three.hasNext).toBe(false);
    expect(await searchContentPage(t.db, "mass", 4)).toEqual({ items: [], page: 4, hasNext: false });
  });

  it("shows at most HERO_BANNER_LIMIT banners, by display order", async () => {
    expect((await listActiveHeroBanners(t.db)).map((b) => b.image_url)).toEqual(
      range(HERO_BANNER_LIMIT).map((i) => `/images/banners/${i}.svg`),
    );
  });
});

describe(`page links on ${engine}`, () => {
  it("parses ?page= strictly and writes page 1 as the plain address", () => {
    expect([null, "", "1", "2", "10000"].map(parsePage)).toEqual([1, 1, 1, 2, 10000]);
    expect(["0", "-1", "1.5", "x", "10001", "99999999"].map(parsePage)).toEqual([null, null, null, null, null, null]);
    expect(pageHref("/job-alerts", { tab: "jobs" }, 1)).toBe("/job-alerts?tab=jobs");
    expect(pageHref("/job-alerts", { tab: "jobs" }, 3)).toBe("/job-alerts?tab=jobs&page=3");
    expect(pageHref("/search", { q: "heat & mass" }, 2)).toBe("/search?q=heat+%26+mass&page=2");
  });

  it("e-books: Previous and Next link to the neighbouring pages; page 1 drops the parameter", async () => {
    const first = await ebooksLoader(loaderArgs("/ebooks"));
    expect(pageLinks(render("/ebooks", "/ebooks", Ebooks as ComponentType, first))).toEqual([
      ["Next page", "/ebooks?page=2"],
    ]);
    const second = await ebooksLoader(loaderArgs("/ebooks?page=2"));
    const html = render("/ebooks", "/ebooks?page=2", Ebooks as ComponentType, second);
    expect(pageLinks(html)).toEqual([
      ["Previous page", "/ebooks"],
      ["Next page", "/ebooks?page=3"],
    ]);
    expect(html).toMatch(/<nav aria-label="E-book pages".*Previous<\/a>.*Page 2.*Next/s);
    // Their arrows are icons, not characters that send a phone to a fallback font.
    expect(charactersNeedingFallbackFont(html)).toEqual([]);
    expect(html).toContain(`Mass Transfer Notes ${EBOOKS_PER_PAGE}<`);
    const last = await ebooksLoader(loaderArgs("/ebooks?page=3"));
    expect(pageLinks(render("/ebooks", "/ebooks?page=3", Ebooks as ComponentType, last))).toEqual([
      ["Previous page", "/ebooks?page=2"],
    ]);
  });

  it("answers 404 for a page past the end or not a page at all", async () => {
    expect(await thrownStatus(() => ebooksLoader(loaderArgs("/ebooks?page=4")))).toBe(404);
    expect(await thrownStatus(() => ebooksLoader(loaderArgs("/ebooks?page=two")))).toBe(404);
    expect(await thrownStatus(() => freeTestsLoader(loaderArgs("/free-tests?page=0")))).toBe(404);
    expect(await thrownStatus(() => jobAlertsLoader(loaderArgs("/job-alerts?tab=results&page=2")))).toBe(404);
  });

  it("free tests: the second page of categories links back to the first", async () => {
    const second = await freeTestsLoader(loaderArgs("/free-tests?page=2"));
    const html = render("/free-tests", "/free-tests?page=2", FreeTests as ComponentType, second);
    expect(pageLinks(html)).toEqual([["Previous page", "/free-tests"]]);
    expect(html).toContain(`Subject ${CATEGORIES_PER_PAGE}<`);
    expect(html).not.toContain("Subject 0<");
  });

  it("job alerts: ?page= pages the chosen tab; its links keep the tab, the other tabs stay on page 1", async () => {
    const data = await jobAlertsLoader(loaderArgs("/job-alerts?tab=jobs&page=2"));
    expect(titles(data.alerts.jobs)[0]).toBe(`PSU Job ${ALERTS_PER_PAGE}`);
    expect(titles(data.alerts.results)).toEqual(["GATE Result"]);
    const html = render("/job-alerts", "/job-alerts?tab=jobs&page=2", JobAlerts as ComponentType, data);
    expect(pageLinks(html)).toEqual([
      ["Previous page", "/job-alerts?tab=jobs"],
      ["Next page", "/job-alerts?tab=jobs&page=3"],
    ]);
    expect(html).toMatch(/<section id="panel-jobs".*<nav aria-label="Jobs pages"/s);
    // Every tab's alerts are in the page, so that a tab switches without a request (issue 50); the
    // other tabs show their first page, with no page links of their own here.
    expect(html).toContain(`PSU Job ${ALERTS_PER_PAGE}<`);
    expect(html).toMatch(/<section id="panel-results".*GATE Result</s);
    expect(html).not.toContain("Results pages");
  });

  it("search: page links keep the query", async () => {
    const first = await searchLoader(loaderArgs("/search?q=mass"));
    const html = render("/search", "/search?q=mass", Search as ComponentType, first);
    expect(pageLinks(html)).toEqual([["Next page", "/search?q=mass&page=2"]]);
    expect(html).toContain(`${first.total} results on page 1`);
    const second = await searchLoader(loaderArgs("/search?q=mass&page=2"));
    expect(pageLinks(render("/search", "/search?q=mass&page=2", Search as ComponentType, second))).toEqual([
      ["Previous page", "/search?q=mass"],
      ["Next page", "/search?q=mass&page=3"],
    ]);
    expect(second.groups.map((g) => [g.label, g.items.length])).toEqual([
      ["E-Books", RESULTS_PER_KIND],
      ["Free Materials", MATERIALS_PER_PAGE + 1 - RESULTS_PER_KIND],
    ]);
  });
});
