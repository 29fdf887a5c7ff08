import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getCourse,
  listCourses,
  listFreeCourses,
  listSearchableCatalog,
  listTestSeries,
} from "~/db/queries/catalog.server";
import { seedFixedData } from "~/db/seed/fixed-data.server";
import { openTestDb, type TestDb } from "../support/test-db";

let t: TestDb;
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
  return {
    courses: courses.map(withoutTimestamps),
    testSeries: testSeries.map(withoutTimestamps),
    createdAt: courses.map((r) => r.created_at),
  };
}

describe(`fixed catalogue on ${process.env.TEST_ENGINE}`, () => {
  it("writes the GATE 2026 test series with the spec's figures (§9)", async () => {
    const row = await t.db
      .selectFrom("test_series")
      .selectAll()
      .where("title", "=", "GATE 2026")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      price: 1499,
      original_price: 3010,
      discount_percent: 47,
      tests: 150,
      students: 1200,
      validity_months: 12,
    });
    const features: string[] = JSON.parse(row.features);
    expect(features).toHaveLength(4);
    expect(features[0]).toMatch(/^25 Full[- ]Length/i);
    expect(features[1]).toMatch(/^80 Topicwise/i);
    expect(features[2]).toMatch(/^10 Mixed Subjectwise/i);
    expect(features[3]).toMatch(/^15 Previous[- ]Year/i);
    expect(row.description).toMatch(/GATE 2026 Chemical Engineering/);
    expect(new URL(row.purchase_url).protocol).toBe("https:");
    expect(row.image).toMatch(/^\/images\/.+\.svg$/);
  });

  it("writes the IOCL-2025 test series with the spec's figures (§9)", async () => {
    const row = await t.db
      .selectFrom("test_series")
      .selectAll()
      .where("title", "=", "IOCL-2025")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      price: 499,
      original_price: 1009,
      discount_percent: 51,
      tests: 15,
      students: 1000,
      validity_months: 12,
    });
    const features: string[] = JSON.parse(row.features);
    expect(features[0]).toMatch(/^15 Full[- ]Length Tests$/i);
    expect(features.length).toBeGreaterThan(1);
    expect(new URL(row.purchase_url).protocol).toBe("https:");
  });

  it("writes the paid courses 2 and 3 with their test series' prices, and id 3 without a purchase page", async () => {
    const rows = await t.db
      .selectFrom("courses")
      .select(["id", "is_free", "price", "original_price", "discount_percent", "tests", "students", "purchase_url"])
      .where("is_free", "=", false)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      {
        id: 2,
        is_free: false,
        price: 1499,
        original_price: 3010,
        discount_percent: 47,
        tests: 150,
        students: 1200,
        purchase_url: expect.stringMatching(/^https:\/\//),
      },
      {
        id: 3,
        is_free: false,
        price: 499,
        original_price: 1009,
        discount_percent: 51,
        tests: 15,
        students: 1000,
        purchase_url: null,
      },
    ]);
  });

  it("writes two free sample courses with 50000 and 35000 students (§9)", async () => {
    const rows = await t.db
      .selectFrom("courses")
      .select(["is_free", "price", "students"])
      .where("is_free", "=", true)
      .orderBy("display_order")
      .execute();
    expect(rows).toEqual([
      { is_free: true, price: 0, students: 50000 },
      { is_free: true, price: 0, students: 35000 },
    ]);
  });

  it("is idempotent: a second run leaves the same rows", async () => {
    const before = await allRows();
    await seedFixedData(t.db);
    const after = await allRows();
    expect(after.courses).toHaveLength(4);
    expect(after.testSeries).toHaveLength(2);
    expect(after.courses).toEqual(before.courses);
    expect(after.testSeries).toEqual(before.testSeries);
    expect(after.createdAt).toEqual(before.createdAt);
  });

  it("puts a changed figure back on the next run", async () => {
    await t.db.updateTable("test_series").set({ price: 1 }).where("id", "=", 1).execute();
    await seedFixedData(t.db);
    const row = await t.db.selectFrom("test_series").select("price").where("id", "=", 1).executeTakeFirstOrThrow();
    expect(row.price).toBe(1499);
  });
});

describe(`catalogue queries on ${process.env.TEST_ENGINE}`, () => {
  it("lists the two paid courses in display order for /courses", async () => {
    const courses = await listCourses(t.db);
    expect(courses.map((c) => [c.id, c.price, c.original_price, c.discount_percent])).toEqual([
      [2, 1499, 3010, 47],
      [3, 499, 1009, 51],
    ]);
    expect(courses[0]).toMatchObject({ tests: 150, students: 1200, duration: "12 months" });
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
    expect(series.map((s) => [s.title, s.price, s.tests])).toEqual([
      ["GATE 2026", 1499, 150],
      ["IOCL-2025", 499, 15],
    ]);
    expect(series[0]?.features).toHaveLength(4);
    expect(series[1]?.features[0]).toMatch(/^15 Full[- ]Length Tests$/i);
  });

  it("reads a broken features column as an empty list instead of failing the page", async () => {
    await t.db.updateTable("test_series").set({ features: "not json" }).where("id", "=", 2).execute();
    const series = await listTestSeries(t.db);
    expect(series[1]?.features).toEqual([]);
    await seedFixedData(t.db);
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
});
