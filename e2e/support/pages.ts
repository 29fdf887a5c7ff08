import { nextGateYear } from "../../app/core/gate-cycle";
import { istDate } from "../../app/core/ist";
import { sampleQuestions } from "../../app/db/seed/sample-questions";
import { publicPages, type PublicPage, type RoutePath } from "../../app/lib/site/pages";
import { questionHref } from "../../app/lib/questions/practice-link";
import { questionSlugBase } from "../../app/lib/questions/sample-seed.server";

// The public pages the tests open, from the pages registry (app/lib/site/pages.ts). A page whose path
// has parameters opens at an address of the demo content.

const examples: Partial<Record<RoutePath, string>> = {
  // The seeded series is named for the next GATE cycle (issue 26).
  "/test-series/:param": `/test-series/GATE%20${nextGateYear(istDate())}`,
  "/course/:id": "/course/2",
  "/search": "/search?q=gate",
  // The first sample question the demo seeds (issue 46), at the slug its text gives it.
  "/question-bank/q/:slug": questionHref(questionSlugBase(sampleQuestions[0]!.text)),
  "/question-bank/q/:slug/report": `${questionHref(questionSlugBase(sampleQuestions[0]!.text))}/report`,
  // The demo's sample mock test (issue 47).
  "/tests/:slug": "/tests/sample-mock-test",
  // Issue 49: a subscriber's pages, at a link that names nobody (each says so, and offers the form).
  "/subscribe/confirm/:token": `/subscribe/confirm/${"0".repeat(64)}`,
  "/subscribe/manage/:token": `/subscribe/manage/${"0".repeat(64)}`,
  "/subscribe/unsubscribe/:token": `/subscribe/unsubscribe/${"0".repeat(64)}`,
};

/** The address the tests open for a page. */
export function addressOf(page: PublicPage): string {
  const example = examples[page.path];
  if (example) return example;
  if (/[:*]/.test(page.path)) throw new Error(`${page.path}: give it an example address in e2e/support/pages.ts`);
  return page.path;
}

const pages: readonly PublicPage[] = Object.values(publicPages);

/** Every public page but the 404, at the address the tests open. */
export const publicAddresses = pages.filter((page) => page.path !== "/*").map(addressOf);

/** The pages sitemap.xml lists: as they are, and one of each kind it lists per row. */
export const sitemapAddresses = pages.filter((page) => page.sitemap !== "left out").map(addressOf);

/** The pages the main menu links to, both its groups. */
export const menuAddresses = pages.filter((page) => page.menu).map(addressOf);
