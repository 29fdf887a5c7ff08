import type { DB } from "~/db/client.server";
import { listCourses, listTestSeries } from "~/db/queries/catalog.server";
import { listActiveHeroBanners } from "~/db/queries/hero-banners.server";
import { listRecentTestimonials } from "~/db/queries/testimonials.server";
import { getActiveWelcomePopup } from "~/db/queries/welcome-popup.server";
import { loadOrEmpty } from "~/lib/load-or-empty.server";
import { loadSiteFigures } from "~/lib/site/site-figures.server";

// What the home page shows (spec §2 Home, §7): hero banners, testimonials and the welcome popup,
// plus the catalogue for the featured carousel. Each read fails on its own (spec §8).

/** Shown when no banner is active or the banners cannot be read (spec §3, §8). */
export const fallbackHeroBanners = [
  {
    id: 0,
    image_url: "/images/banners/gate-2026-ch-test-series.svg",
    link_url: "/test-series",
    alt_text: "GATE CH Test Series: full-length mocks, topicwise tests and detailed solutions. See the test series",
  },
];

/**
 * The featured carousel's test series (issue 26): those no listed course is sold as, so that each
 * product shows once (as its course, whose page says more).
 */
export function seriesNotSoldAsCourses<S extends { id: number }>(
  testSeries: readonly S[],
  courses: readonly { test_series_id: number | null }[],
): S[] {
  const sold = new Set(courses.map((course) => course.test_series_id));
  return testSeries.filter((series) => !sold.has(series.id));
}

/**
 * Everything the home page shows, read in parallel. Hero failure or no active banner → the
 * built-in banner; testimonial failure → empty list; popup failure → no popup (spec §8).
 */
export async function loadHomeContent(db: DB) {
  const [banners, testimonials, welcomePopup, courses, testSeries, figures] = await Promise.all([
    loadOrEmpty("hero banners", () => listActiveHeroBanners(db), []),
    loadOrEmpty("testimonials", () => listRecentTestimonials(db), []),
    loadOrEmpty("welcome popup", () => getActiveWelcomePopup(db), null),
    loadOrEmpty("courses", () => listCourses(db), []),
    loadOrEmpty("test series", () => listTestSeries(db), []),
    // Issue 48: the marketing figures, as staff set them or counted; none rather than a guess.
    loadOrEmpty("site figures", () => loadSiteFigures(db), []),
  ]);
  return {
    heroBanners: banners.length > 0 ? banners : fallbackHeroBanners,
    testimonials,
    welcomePopup,
    courses,
    testSeries: seriesNotSoldAsCourses(testSeries, courses),
    figures,
  };
}
