import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listActiveHeroBanners } from "~/db/queries/hero-banners.server";
import { listRecentTestimonials, TESTIMONIAL_LIMIT } from "~/db/queries/testimonials.server";
import { getActiveWelcomePopup } from "~/db/queries/welcome-popup.server";
import { seedFixedData } from "~/db/seed/fixed-data.server";
import { fallbackHeroBanners, loadHomeContent } from "~/routes/public/home/home-content.server";
import { openTestDb, type TestDb } from "../support/test-db";

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedFixedData(t.db);
});
afterAll(() => t.cleanup());
afterEach(async () => {
  await t.db.deleteFrom("hero_banners").execute();
  await t.db.deleteFrom("testimonials").execute();
  await t.db.deleteFrom("welcome_popup").execute();
});

const at = (day: number) => new Date(Date.UTC(2025, 0, day, 9)).toISOString();

async function addBanner(image_url: string, display_order: number, is_active: boolean) {
  await t.db
    .insertInto("hero_banners")
    .values({ image_url, display_order, is_active, created_at: at(1), updated_at: at(1) })
    .execute();
}

async function addTestimonial(name: string, day: number) {
  await t.db
    .insertInto("testimonials")
    .values({ name, rating: 5, comment: `${name} liked the mocks.`, avatar: name.slice(0, 1), created_at: at(day) })
    .execute();
}

async function addPopup(title: string, day: number, is_active: boolean) {
  await t.db
    .insertInto("welcome_popup")
    .values({
      title,
      subtitle: null,
      description: `${title} description`,
      image_url: "https://example.com/popup.png",
      is_active,
      created_at: at(day),
      updated_at: at(day),
    })
    .execute();
}

describe(`home page queries on ${process.env.TEST_ENGINE}`, () => {
  it("lists only active hero banners, by display_order ascending", async () => {
    await addBanner("/c.svg", 3, true);
    await addBanner("/hidden.svg", 1, false);
    await addBanner("/a.svg", 2, true);
    // A tie in display_order keeps the order the banners were added in.
    await addBanner("/b.svg", 2, true);
    const banners = await listActiveHeroBanners(t.db);
    expect(banners.map((b) => b.image_url)).toEqual(["/a.svg", "/b.svg", "/c.svg"]);
  });

  it("falls back to the built-in banner when none is active", async () => {
    await addBanner("/hidden.svg", 1, false);
    const content = await loadHomeContent(t.db);
    expect(content.heroBanners).toEqual(fallbackHeroBanners);
    expect(fallbackHeroBanners[0]!.image_url).toMatch(/^\/images\/banners\/.+\.svg$/);
  });

  it("lists testimonials newest first, at most the limit", async () => {
    await addTestimonial("Older", 2);
    await addTestimonial("Newest", 20);
    await addTestimonial("Middle", 10);
    const rows = await listRecentTestimonials(t.db);
    expect(rows.map((r) => r.name)).toEqual(["Newest", "Middle", "Older"]);
    expect(rows[0]).toMatchObject({ rating: 5, comment: "Newest liked the mocks." });

    for (let day = 1; day <= TESTIMONIAL_LIMIT + 3; day++) await addTestimonial(`Student ${day}`, day);
    const limited = await listRecentTestimonials(t.db);
    expect(limited).toHaveLength(TESTIMONIAL_LIMIT);
    expect(limited[0]!.name).toBe("Newest");
  });

  it("reads the newest active welcome popup", async () => {
    await addPopup("Old active", 1, true);
    await addPopup("Newest but hidden", 30, false);
    await addPopup("Newer active", 10, true);
    expect(await getActiveWelcomePopup(t.db)).toMatchObject({
      title: "Newer active",
      subtitle: null,
      description: "Newer active description",
      image_url: "https://example.com/popup.png",
    });
  });

  it("has no popup when no row is active, or none exists", async () => {
    expect(await getActiveWelcomePopup(t.db)).toBeNull();
    await addPopup("Hidden", 1, false);
    expect(await getActiveWelcomePopup(t.db)).toBeNull();
  });

  it("loads the whole page: banners, testimonials, popup and the featured catalogue", async () => {
    await addBanner("/a.svg", 1, true);
    await addTestimonial("Priya Sharma", 3);
    await addPopup("Welcome", 1, true);
    const content = await loadHomeContent(t.db);
    expect(content.heroBanners.map((b) => b.image_url)).toEqual(["/a.svg"]);
    expect(content.testimonials.map((r) => r.name)).toEqual(["Priya Sharma"]);
    expect(content.welcomePopup?.title).toBe("Welcome");
    expect(content.courses.map((c) => c.id)).toEqual([2, 3]);
    // Courses 2 and 3 are sold as the two seeded series: each product once (issue 26).
    expect(content.testSeries).toEqual([]);
  });

  it("features a test series no listed course is sold as, and each product once", async () => {
    await t.db.updateTable("courses").set({ is_active: false }).where("id", "=", 3).execute();
    try {
      const content = await loadHomeContent(t.db);
      expect(content.courses.map((c) => c.id)).toEqual([2]);
      expect(content.testSeries.map((s) => s.id)).toEqual([2]);
    } finally {
      await t.db.updateTable("courses").set({ is_active: true }).where("id", "=", 3).execute();
    }
  });
});

describe(`home page read failures on ${process.env.TEST_ENGINE} (spec §8)`, () => {
  let broken: TestDb;
  beforeAll(async () => {
    broken = await openTestDb();
    await seedFixedData(broken.db);
    await broken.db
      .insertInto("testimonials")
      .values({ name: "Rohit Verma", rating: 4, comment: "Good tests.", avatar: "RV", created_at: at(1) })
      .execute();
  });
  afterAll(() => broken.cleanup());

  it("uses the fallback banner when banners cannot be read, and keeps the rest", async () => {
    await sql`drop table hero_banners`.execute(broken.db);
    const content = await loadHomeContent(broken.db);
    expect(content.heroBanners).toEqual(fallbackHeroBanners);
    expect(content.testimonials.map((r) => r.name)).toEqual(["Rohit Verma"]);
  });

  it("shows no popup when the popup cannot be read, and an empty list when testimonials cannot", async () => {
    await sql`drop table welcome_popup`.execute(broken.db);
    await sql`drop table testimonials`.execute(broken.db);
    const content = await loadHomeContent(broken.db);
    expect(content.welcomePopup).toBeNull();
    expect(content.testimonials).toEqual([]);
    expect(content.courses).toHaveLength(2);
  });
});
