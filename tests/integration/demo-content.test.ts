import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestGateResultYear, nextGateYear } from "~/core/gate-cycle";
import { istDate } from "~/core/ist";
import { seedDemoContent } from "~/db/seed/demo-content.server";
import { deadlineOf } from "~/lib/job-alerts/job-deadline";
import { openTestDb, type TestDb } from "../support/test-db";

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedDemoContent(t.db);
});
afterAll(() => t.cleanup());

const tables = [
  "hero_banners",
  "testimonials",
  "welcome_popup",
  "test_categories",
  "test_subcategories",
  "test_items",
  "ebooks",
  "free_materials",
  "job_alerts",
] as const;

async function counts() {
  const result: Record<string, number> = {};
  for (const table of tables) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

async function activeFlags(table: "hero_banners" | "ebooks" | "free_materials" | "job_alerts" | "test_items") {
  const rows = await t.db.selectFrom(table).select("is_active").execute();
  return { active: rows.filter((r) => r.is_active).length, inactive: rows.filter((r) => !r.is_active).length };
}

describe(`demo content on ${process.env.TEST_ENGINE}`, () => {
  it("gives the home page 3 active banners in order 1 to 3 and one inactive banner", async () => {
    const banners = await t.db
      .selectFrom("hero_banners")
      .select(["image_url", "display_order", "is_active"])
      .orderBy("display_order")
      .execute();
    expect(banners.filter((b) => b.is_active).map((b) => b.display_order)).toEqual([1, 2, 3]);
    expect(banners.filter((b) => !b.is_active)).toHaveLength(1);
    for (const b of banners) expect(b.image_url).toMatch(/^\/images\/banners\/[a-z0-9-]+\.svg$/);
  });

  it("gives each banner a page of this site and its words, filling only what staff left empty (issue 27)", async () => {
    const links = () =>
      t.db.selectFrom("hero_banners").select(["image_url", "link_url", "alt_text"]).orderBy("display_order").execute();
    const seeded = await links();
    expect(seeded.map((b) => b.link_url)).toEqual([
      "/test-series",
      "/test-series",
      "/free-tests",
      "/post-gate-guidance",
    ]);
    for (const b of seeded) expect(b.alt_text).toMatch(/^[A-Z].{20,}/);
    expect(seeded[2]!.alt_text).toContain("Start a free test");

    // A banner from before the migration (no link, no words) and one a staff member changed.
    const [first, second] = seeded as [(typeof seeded)[number], (typeof seeded)[number]];
    await t.db
      .updateTable("hero_banners")
      .set({ link_url: null, alt_text: null })
      .where("image_url", "=", first.image_url)
      .execute();
    await t.db
      .updateTable("hero_banners")
      .set({ link_url: "https://staff.example.in/" })
      .where("image_url", "=", second.image_url)
      .execute();
    await seedDemoContent(t.db);
    const again = await links();
    expect(again[0]).toEqual(first);
    expect(again[1]).toEqual({ ...second, link_url: "https://staff.example.in/" });
    await t.db
      .updateTable("hero_banners")
      .set({ link_url: second.link_url })
      .where("image_url", "=", second.image_url)
      .execute();
  });

  it("adds six testimonials rated 4 or 5 with avatars made from the names", async () => {
    const rows = await t.db.selectFrom("testimonials").select(["name", "rating", "avatar"]).execute();
    expect(rows).toHaveLength(6);
    for (const r of rows) expect([4, 5]).toContain(r.rating);
    expect(rows.find((r) => r.name === "Priya Sharma")?.avatar).toBe("PS");
  });

  it("adds one active welcome popup", async () => {
    const rows = await t.db.selectFrom("welcome_popup").select(["title", "image_url", "is_active"]).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ is_active: true, image_url: "/images/welcome-popup.svg" });
  });

  it("groups the learning app's free tests by category and subcategory, inactive, with an inactive row at each level", async () => {
    const categories = await t.db
      .selectFrom("test_categories")
      .select(["name", "slug", "is_active"])
      .orderBy("id")
      .execute();
    // Tests on the learning app, whose demo addresses do not exist: every category is written
    // inactive, so no visitor is sent there (the demo's free tests are the site's own sample tests).
    expect(categories.map((c) => [c.slug, c.is_active])).toEqual([
      ["core-chemical-engineering", false],
      ["engineering-mathematics-and-aptitude", false],
      ["psu-preparation", false],
      ["gate-2025-paper-analysis", false],
    ]);

    const subcategories = await t.db
      .selectFrom("test_subcategories")
      .select(["id", "slug", "test_count", "is_active"])
      .execute();
    expect(subcategories.filter((s) => !s.is_active)).toHaveLength(1);
    for (const s of subcategories) expect(s.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);

    // test_count is what a visitor can open: the active tests of the subcategory.
    const items = await t.db.selectFrom("test_items").select(["subcategory_id", "is_active", "test_link"]).execute();
    for (const s of subcategories) {
      const tests = items.filter((i) => i.subcategory_id === s.id);
      expect(tests.length).toBeGreaterThanOrEqual(2);
      expect(tests.length).toBeLessThanOrEqual(4);
      expect(s.test_count).toBe(tests.filter((i) => i.is_active).length);
    }
    for (const i of items) expect(i.test_link).toMatch(/^https:\/\/learn\.gatechacademy\.in\//);
    expect((await activeFlags("test_items")).inactive).toBe(1);

    // The inactive category still holds tests, so the page's filter has something to hide.
    const hidden = await t.db
      .selectFrom("test_items")
      .innerJoin("test_subcategories", "test_subcategories.id", "test_items.subcategory_id")
      .innerJoin("test_categories", "test_categories.id", "test_subcategories.category_id")
      .select("test_items.id")
      .where("test_categories.is_active", "=", false)
      .execute();
    expect(hidden.length).toBeGreaterThan(0);
  });

  it("adds e-books and free materials with one inactive each", async () => {
    expect(await activeFlags("ebooks")).toEqual({ active: 4, inactive: 1 });
    expect(await activeFlags("free_materials")).toEqual({ active: 5, inactive: 1 });
    const links = [
      ...(await t.db.selectFrom("ebooks").select("pdf_link as link").execute()),
      ...(await t.db.selectFrom("free_materials").select("material_link as link").execute()),
    ];
    for (const { link } of links) expect(link).toMatch(/^https:\/\//);
  });

  it("adds 3 or 4 job alerts to every job category, posted in the past, one inactive", async () => {
    const categories = await t.db.selectFrom("job_categories").select(["id", "slug"]).execute();
    const alerts = await t.db
      .selectFrom("job_alerts")
      .select(["category_id", "posted_date", "view_link", "is_active"])
      .execute();
    for (const c of categories) {
      const n = alerts.filter((a) => a.category_id === c.id).length;
      expect(n, c.slug).toBeGreaterThanOrEqual(3);
      expect(n, c.slug).toBeLessThanOrEqual(4);
    }
    expect(alerts.filter((a) => !a.is_active)).toHaveLength(1);
    const now = Date.now();
    for (const a of alerts) {
      expect(Date.parse(a.posted_date)).toBeLessThan(now);
      expect(Date.parse(a.posted_date)).toBeGreaterThan(now - 60 * 24 * 60 * 60 * 1000);
      expect(a.view_link).toMatch(/^https:\/\//);
    }
    expect(new Set(alerts.map((a) => a.posted_date)).size).toBe(alerts.length);
  });

  it("dates the alerts around today in India: open weeks ahead, closing this week, closed, and without a last date", async () => {
    const today = istDate();
    const alerts = await t.db
      .selectFrom("job_alerts")
      .select([
        "title",
        "posted_date",
        "last_date",
        "is_active",
        "selection_mode",
        "gate_year",
        "organisation",
        "job_location",
        "posts",
      ])
      .where("is_active", "=", true)
      .execute();
    const states = alerts.map((a) => deadlineOf(a.last_date, today)?.state ?? "none");
    for (const state of ["open", "closing", "closed", "none"]) expect(states, state).toContain(state);
    for (const a of alerts) {
      if (a.last_date) expect(a.last_date >= istDate(new Date(a.posted_date)), a.title).toBe(true);
      if (a.selection_mode === "gate-score") expect(a.gate_year, a.title).not.toBeNull();
    }
    // Every GATE year named is the next one or the latest with results: nothing stale.
    const years = new Set([nextGateYear(today), latestGateResultYear(today)].map(String));
    for (const a of alerts)
      for (const year of a.title.match(/\b20\d\d\b/g) ?? []) expect(years, a.title).toContain(year);
    // Demo alerts state no number of posts or place of work, so none is offered to search engines
    // as a JobPosting: those come only from what staff enter from a real notice.
    expect(alerts.filter((a) => a.posts !== null || a.job_location !== null).map((a) => a.title)).toEqual([]);
  });

  it("adds nothing when run again", async () => {
    const before = await counts();
    for (const n of Object.values(before)) expect(n).toBeGreaterThan(0);
    await seedDemoContent(t.db);
    expect(await counts()).toEqual(before);
  });

  it("never adds a second popup next to one an admin created", async () => {
    await t.db.deleteFrom("welcome_popup").execute();
    const now = new Date().toISOString();
    await t.db
      .insertInto("welcome_popup")
      .values({
        title: "Admin popup",
        description: "d",
        image_url: "https://example.com/p.png",
        is_active: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await seedDemoContent(t.db);
    expect(await t.db.selectFrom("welcome_popup").select("title").execute()).toEqual([{ title: "Admin popup" }]);
  });
});
