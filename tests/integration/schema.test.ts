import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDb } from "../support/test-db";

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.cleanup());

describe(`schema on ${process.env.TEST_ENGINE}`, () => {
  it("seeds the four job categories in tab order", async () => {
    const rows = await t.db.selectFrom("job_categories").select(["name", "slug"]).orderBy("display_order").execute();
    expect(rows).toEqual([
      { name: "Jobs", slug: "jobs" },
      { name: "Vacancy", slug: "vacancy" },
      { name: "Results", slug: "results" },
      { name: "Admit Cards", slug: "admit-cards" },
    ]);
  });

  it("stores booleans and timestamps the same way on both engines", async () => {
    const now = new Date("2026-01-02T03:04:05.678Z").toISOString();
    const { id } = await t.db
      .insertInto("ebooks")
      .values({
        title: "Mass Transfer notes",
        pdf_link: "https://example.com/a.pdf",
        is_active: false,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await t.db
      .selectFrom("ebooks")
      .select(["is_active", "created_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_active: false, created_at: now });
    const active = await t.db.selectFrom("ebooks").select("id").where("is_active", "=", true).execute();
    expect(active).toEqual([]);
  });

  it("refuses a rating outside 1 to 5", async () => {
    const now = new Date().toISOString();
    await expect(
      t.db
        .insertInto("testimonials")
        .values({ name: "A", rating: 6, comment: "x", avatar: "A", created_at: now })
        .execute(),
    ).rejects.toThrow();
  });
});
