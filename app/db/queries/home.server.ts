import type { DB } from "../client.server";
import { listCourses, listTestSeries } from "./catalog.server";
import { markDegraded } from "~/lib/degraded.server";
import { logger } from "~/lib/logger.server";

// What the home page reads (spec §2 Home, §7): hero banners, testimonials and the welcome popup,
// plus the catalogue for the featured carousel. Each read fails on its own (spec §8).

/** The carousel shows at most this many testimonials: a long list never slows the page. */
export const TESTIMONIAL_LIMIT = 12;

/** Shown when no banner is active or the banners cannot be read (spec §3, §8). */
export const fallbackHeroBanners = [{ id: 0, image_url: "/images/banners/gate-2026-ch-test-series.svg" }];

/** The hero carousel shows at most this many banners, so a long list never slows the page. */
export const HERO_BANNER_LIMIT = 10;

/** Active banners, by display_order (spec §7), at most HERO_BANNER_LIMIT. */
export function listActiveHeroBanners(db: DB) {
  return db
    .selectFrom("hero_banners")
    .select(["id", "image_url"])
    .where("is_active", "=", true)
    .orderBy("display_order")
    .orderBy("id")
    .limit(HERO_BANNER_LIMIT)
    .execute();
}

export type HeroBanner = Awaited<ReturnType<typeof listActiveHeroBanners>>[number];

/** The newest testimonials first (spec §7), at most `limit`. */
export function listRecentTestimonials(db: DB, limit = TESTIMONIAL_LIMIT) {
  return db
    .selectFrom("testimonials")
    .select(["id", "name", "rating", "comment", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export type Testimonial = Awaited<ReturnType<typeof listRecentTestimonials>>[number];

/** The newest active welcome popup, or null (spec §7: is_active, newest first, limit 1). */
export async function getActiveWelcomePopup(db: DB) {
  const row = await db
    .selectFrom("welcome_popup")
    .select(["id", "title", "subtitle", "description", "image_url"])
    .where("is_active", "=", true)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export type WelcomePopup = NonNullable<Awaited<ReturnType<typeof getActiveWelcomePopup>>>;

/**
 * A failed read is logged and replaced, so one broken table never takes the page down (spec §8);
 * that page is this response's only: no cache keeps it (~/lib/degraded.server.ts).
 */
async function orElse<T>(read: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    logger.error({ err: error }, `home page: failed to load ${what}`);
    markDegraded();
    return fallback;
  }
}

/**
 * Everything the home page shows, read in parallel. Hero failure or no active banner → the
 * built-in banner; testimonial failure → empty list; popup failure → no popup (spec §8).
 */
export async function loadHomeContent(db: DB) {
  const [banners, testimonials, welcomePopup, courses, testSeries] = await Promise.all([
    orElse(listActiveHeroBanners(db), [], "hero banners"),
    orElse(listRecentTestimonials(db), [], "testimonials"),
    orElse(getActiveWelcomePopup(db), null, "welcome popup"),
    orElse(listCourses(db), [], "courses"),
    orElse(listTestSeries(db), [], "test series"),
  ]);
  return {
    heroBanners: banners.length > 0 ? banners : fallbackHeroBanners,
    testimonials,
    welcomePopup,
    courses,
    testSeries,
  };
}
