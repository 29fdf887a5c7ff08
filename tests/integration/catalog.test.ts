import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { istDate } from "~/core/ist";
import {
  findTestSeries,
  getCourse,
  listCourses,
  listFreeCourses,
  listSearchableCatalog,
  listTestSeries,
} from "~/db/queries/catalog.server";
import { catalogueYear, seededTitles, seedFixedData } from "~/db/seed/fixed-data.server";
import { openTestDb, type TestDb } from "../support/test-db";

// The catalogue (spec §3, §9; issue 26): what the seed writes into an empty database, and the
// public reads: active rows only, a course sold as a test series showing the series' figures.

let t: TestDb;
const titles = seededTitles(catalogueYear());
beforeAll(async () => {
  t = await openTestDb();
  await seedFixedData(t.db);
});
afterAll(() => t.cleanup());

// Timestamps move on every run; everything else must stay put.
function withoutTimestamps<T extends { created_at: string; updated_at: string }>(row: T) {
  const { created_at: _created, updated_at: _updated, ...rest } = row;
  return rest;
}

async function allRows() {
  const courses = await t.db.selectFrom("courses").selectAll().orderBy("id").execute();
  const testSeries = await t.db.selectFrom("test_series").selectAll().orderBy("id").execute();
  return { courses: courses.map(withoutTimestamps), testSeries: testSeries.map(withoutTimestamps) };
}

const setSeries = (id: number, values: { price?: number; is_active?: boolean; title?: string }) =>
  t.db.updateTable("test_series").set(values).where("id", "=", id).execute();
const setCourse = (id: number, values: { is_active?: boolean; test_series_id?: number | null }) =>
  t.db.updateTable("courses").set(values).where("id", "=", id).execute();

describe(`seeded catalogue on ${process.env.TEST_ENGINE}`, () => {
  it("names the products for the next GATE cycle in India: GATE 2027 from March 2026 on", () => {
    expect(catalogueYear("2026-02-28")).toBe(2026);
    expect(catalogueYear("2026-03-01")).toBe(2027);
    expect(catalogueYear("2026-11-15")).toBe(2027);
    expect(seededTitles(2027)).toMatchObject({ gateSeries: "GATE 2027", ioclSeries: "IOCL-2027" });
    expect(titles.gateSeries).toBe(`GATE ${catalogueYear(istDate())}`);
  });

  it("writes the GATE test series with the spec's figures (§9)", async () => {
    const row = await t.db
      .selectFrom("test_series")
      .selectAll()
      .where("title", "=", titles.gateSeries)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      id: 1,
      price: 1499,
      original_price: 3010,
      tests: 150,
      students: 1200,
      validity_months: 12,
      is_active: true,
    });
    const features: string[] = JSON.parse(row.features);
    expect(features).toHaveLength(4);
    expect(features[0]).toMatch(/^25 Full[- ]Length/i);
    expect(features[1]).toMatch(/^80 Topicwise/i);
    expect(features[2]).toMatch(/^10 Mixed Subjectwise/i);
    expect(features[3]).toMatch(/^15 Previous[- ]Year/i);
    expect(row.description).toContain(`${titles.gateSeries} Chemical Engineering`);
    expect(new URL(row.purchase_url ?? "").protocol).toBe("https:");
    expect(row.image).toMatch(/^\/images\/.+\.svg$/);
  });

  it("writes the IOCL test series with the spec's figures (§9), without a purchase page", async () => {
    const row = await t.db
      .selectFrom("test_series")
      .selectAll()
      .where("title", "=", titles.ioclSeries)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      id: 2,
      price: 499,
      original_price: 1009,
      tests: 15,
      students: 1000,
      validity_months: 12,
      purchase_url: null,
    });
    const features: string[] = JSON.parse(row.features);
    expect(features[0]).toMatch(/^15 Full[- ]Length Tests$/i);
    expect(features.length).toBeGreaterThan(1);
  });

  it("writes the paid courses 2 and 3 as the two test series, each one product", async () => {
    const rows = await t.db
      .selectFrom("courses")
      .select(["id", "title", "test_series_id", "is_active"])
      .where("is_free", "=", false)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: 2, title: titles.gateCourse, test_series_id: 1, is_active: true },
      { id: 3, title: titles.ioclCourse, test_series_id: 2, is_active: true },
    ]);
  });

  it("writes two free sample courses with 50000 and 35000 students (§9)", async () => {
    const rows = await t.db
      .selectFrom("courses")
      .select(["is_free", "price", "students", "test_series_id"])
      .where("is_free", "=", true)
      .orderBy("display_order")
      .execute();
    expect(rows).toEqual([
      { is_free: true, price: 0, students: 50000, test_series_id: null },
      { is_free: true, price: 0, students: 35000, test_series_id: null },
    ]);
  });

  it("writes only into an empty catalogue: a later start keeps staff's changes", async () => {
    await setSeries(1, { price: 999 });
    await setCourse(5, { is_active: false });
    const before = await allRows();
    await seedFixedData(t.db, "2030-11-01");
    const after = await allRows();
    expect(after).toEqual(before);
    expect(after.courses).toHaveLength(4);
    expect(after.courses[3]).toMatchObject({ id: 5, is_active: false });
    expect(after.testSeries.map((row) => [row.title, row.price])).toEqual([
      [titles.gateSeries, 999],
      [titles.ioclSeries, 499],
    ]);
    await setSeries(1, { price: 1499 });
    await setCourse(5, { is_active: true });
  });

  it("leaves the next id free for the manager's first new test series and course", async () => {
    const stamp = new Date().toISOString();
    const { id } = await t.db
      .insertInto("test_series")
      .values({
        title: "Spare",
        price: 1,
        original_price: 1,
        tests: 1,
        students: 0,
        validity_months: 1,
        description: "d",
        purchase_url: null,
        features: "[]",
        image: "/x.svg",
        display_order: 9,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(2);
    await t.db.deleteFrom("test_series").where("id", "=", id).execute();
  });

  it("names a catalogue written on another day for that day's cycle", async () => {
    const other = await openTestDb();
    try {
      await seedFixedData(other.db, "2026-11-15");
      const series = await listTestSeries(other.db);
      expect(series.map((s) => s.title)).toEqual(["GATE 2027", "IOCL-2027"]);
      expect((await listCourses(other.db)).map((c) => c.title)).toEqual([
        "GATE 2027 Chemical Engineering (CH) Test Series",
        "IOCL-2027 Chemical Engineering Test Series",
      ]);
    } finally {
      await other.cleanup();
    }
  });
});

describe(`catalogue queries on ${process.env.TEST_ENGINE}`, () => {
  it("lists the two paid courses in display order for /courses, with their series' figures", async () => {
    const courses = await listCourses(t.db);
    expect(courses.map((c) => [c.id, c.price, c.original_price, c.tests, c.students, c.purchase_url])).toEqual([
      [2, 1499, 3010, 150, 1200, expect.stringMatching(/^https:\/\//)],
      [3, 499, 1009, 15, 1000, null],
    ]);
    expect(courses[0]).toMatchObject({ duration: "12 months", test_series_id: 1 });
  });

  it("reads a linked course's price from its series: one change shows on both", async () => {
    await setSeries(1, { price: 1299 });
    try {
      expect((await listCourses(t.db))[0]?.price).toBe(1299);
      expect(await getCourse(t.db, 2)).toMatchObject({ price: 1299, original_price: 3010 });
      const search = await listSearchableCatalog(t.db);
      expect(search.filter((e) => e.price === 1299).map((e) => [e.kind, e.id])).toEqual([
        ["course", 2],
        ["test-series", 1],
      ]);
      // Sold on its own again, the course shows its own figures.
      await setCourse(2, { test_series_id: null });
      expect(await getCourse(t.db, 2)).toMatchObject({ price: 1499 });
    } finally {
      await setSeries(1, { price: 1499 });
      await setCourse(2, { test_series_id: 1 });
    }
  });

  it("lists the two free courses for /free-courses", async () => {
    const courses = await listFreeCourses(t.db);
    expect(courses.map((c) => c.students)).toEqual([50000, 35000]);
    expect(courses.every((c) => c.title.includes("(Free)"))).toBe(true);
  });

  it("finds courses 2 and 3 by id with their learning points, and nothing else", async () => {
    const gate = await getCourse(t.db, 2);
    expect(gate).toMatchObject({ id: 2, price: 1499, tests: 150, students: 1200 });
    expect(gate?.learn_points.length).toBeGreaterThan(2);
    expect(gate?.learn_points.every((point) => typeof point === "string" && point.length > 0)).toBe(true);
    expect(gate?.purchase_url).toMatch(/^https:\/\//);

    const iocl = await getCourse(t.db, 3);
    expect(iocl).toMatchObject({ id: 3, price: 499, purchase_url: null });

    // Free sample courses and unknown ids have no detail page.
    for (const id of [1, 4, 5, 6, 999]) expect(await getCourse(t.db, id)).toBeNull();
  });

  it("lists the test series in display order with their features as lists", async () => {
    const series = await listTestSeries(t.db);
    expect(series.map((s) => [s.title, s.price, s.tests, s.students, s.validity_months])).toEqual([
      [titles.gateSeries, 1499, 150, 1200, 12],
      [titles.ioclSeries, 499, 15, 1000, 12],
    ]);
    expect(series[0]?.features).toHaveLength(4);
    expect(series[1]?.features[0]).toMatch(/^15 Full[- ]Length Tests$/i);
  });

  it("reads a broken features column as an empty list instead of failing the page", async () => {
    const { features } = await t.db
      .selectFrom("test_series")
      .select("features")
      .where("id", "=", 2)
      .executeTakeFirstOrThrow();
    await t.db.updateTable("test_series").set({ features: "not json" }).where("id", "=", 2).execute();
    const series = await listTestSeries(t.db);
    expect(series[1]?.features).toEqual([]);
    await t.db.updateTable("test_series").set({ features }).where("id", "=", 2).execute();
  });

  it("offers the paid courses and the test series to search, courses first", async () => {
    const entries = await listSearchableCatalog(t.db);
    expect(entries.map((e) => [e.kind, e.id])).toEqual([
      ["course", 2],
      ["course", 3],
      ["test-series", 1],
      ["test-series", 2],
    ]);
  });

  it("leaves inactive products out everywhere, and a course sold as an inactive series", async () => {
    await setSeries(2, { is_active: false });
    await setCourse(5, { is_active: false });
    try {
      expect((await listTestSeries(t.db)).map((s) => s.id)).toEqual([1]);
      expect((await listCourses(t.db)).map((c) => c.id)).toEqual([2]);
      expect(await getCourse(t.db, 3)).toBeNull();
      expect((await listFreeCourses(t.db)).map((c) => c.id)).toEqual([4]);
      expect((await listSearchableCatalog(t.db)).map((e) => [e.kind, e.id])).toEqual([
        ["course", 2],
        ["test-series", 1],
      ]);
      expect(await findTestSeries(t.db, titles.ioclSeries)).toBeUndefined();
      expect(await findTestSeries(t.db, "2")).toBeUndefined();
    } finally {
      await setSeries(2, { is_active: true });
      await setCourse(5, { is_active: true });
    }
  });

  it("finds a test series by its title in any case, its id, or an earlier title", async () => {
    expect((await findTestSeries(t.db, titles.gateSeries.toUpperCase()))?.id).toBe(1);
    expect((await findTestSeries(t.db, "1"))?.id).toBe(1);
    expect(await findTestSeries(t.db, "01")).toBeUndefined();
    await t.db.insertInto("test_series_aliases").values({ alias: "gate 2020", test_series_id: 1 }).execute();
    try {
      expect((await findTestSeries(t.db, "GATE 2020"))?.id).toBe(1);
      expect((await findTestSeries(t.db, "GATE%202020"))?.id).toBe(1);
      expect(await findTestSeries(t.db, "GATE 2019")).toBeUndefined();
    } finally {
      await t.db.deleteFrom("test_series_aliases").execute();
    }
  });
});
