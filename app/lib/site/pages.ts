import type { href } from "react-router";

// Every public page, declared once (issue 23): the main menu, the footer, sitemap.xml and the
// page lists of the e2e tests, Lighthouse and the bench derive from this table, in its order.
// tests/unit/pages.test.ts fails when a public route of app/routes.ts is missing here. Plain data
// without imports: the tooling loads it too.

/** A path of the route table, as href() takes it (react-router typegen writes the list). */
export type RoutePath = Parameters<typeof href>[0];

export interface PublicPage {
  path: RoutePath;
  /** The page's name: its label in the main menu and the footer where it has one (spec §2). */
  title: string;
  /**
   * In the main menu (spec §2), under MAIN MENU or in its Exam tools group (issue 27). Every entry
   * is a live page: a Coming Soon badge beside a page that answers would contradict it.
   */
  menu?: "main" | "exam-tools";
  /** Among the footer's quick links. */
  footer?: true;
  /**
   * In sitemap.xml: the page itself, one URL per catalogue row (sitemap.ts reads them), or left out
   * (with a comment that says why: the reason costs the browser's bundle nothing there).
   */
  sitemap: "listed" | "per row" | "left out";
}

export const publicPages = {
  home: { path: "/", title: "Home", menu: "main", footer: true, sitemap: "listed" },
  "test-series": { path: "/test-series", title: "Test Series", menu: "main", footer: true, sitemap: "listed" },
  courses: { path: "/courses", title: "Courses", menu: "main", footer: true, sitemap: "listed" },
  "free-courses": { path: "/free-courses", title: "Free Courses", menu: "main", footer: true, sitemap: "listed" },
  "free-tests": { path: "/free-tests", title: "Free Tests", menu: "main", footer: true, sitemap: "listed" },
  ebooks: { path: "/ebooks", title: "E-Books", menu: "main", footer: true, sitemap: "listed" },
  "free-materials": {
    path: "/free-materials",
    title: "Free Materials",
    menu: "main",
    footer: true,
    sitemap: "listed",
  },
  "post-gate-guidance": {
    path: "/post-gate-guidance",
    title: "Post GATE Guidance",
    menu: "main",
    footer: true,
    sitemap: "listed",
  },
  "job-alerts": { path: "/job-alerts", title: "Job Alerts", menu: "main", footer: true, sitemap: "listed" },
  // Issue 49: job alerts by e-mail, the form's page (the footer's way to it).
  subscribe: { path: "/subscribe", title: "Job Alerts by E-mail", footer: true, sitemap: "listed" },
  faqs: { path: "/faqs", title: "FAQs", menu: "main", footer: true, sitemap: "listed" },
  syllabus: { path: "/syllabus", title: "GATE Syllabus", menu: "exam-tools", footer: true, sitemap: "listed" },
  "previous-year": {
    path: "/previous-year",
    title: "Previous Year Papers",
    menu: "exam-tools",
    footer: true,
    sitemap: "listed",
  },
  "question-bank": {
    path: "/question-bank",
    title: "Question Bank",
    menu: "exam-tools",
    footer: true,
    sitemap: "listed",
  },
  "rank-predictor": {
    path: "/rank-predictor",
    title: "GATE Rank Predictor",
    menu: "exam-tools",
    footer: true,
    sitemap: "listed",
  },
  "gate-cutoffs": { path: "/gate-cutoffs", title: "GATE Cutoffs", menu: "exam-tools", footer: true, sitemap: "listed" },
  privacy: { path: "/privacy", title: "Privacy Policy", footer: true, sitemap: "listed" },
  // Issue 48 item 7: written by staff; also linked beside every Buy button.
  terms: { path: "/terms", title: "Terms, Refunds and How to Pay", footer: true, sitemap: "listed" },
  contact: { path: "/contact", title: "Contact Us", sitemap: "listed" },
  "test-series-detail": { path: "/test-series/:param", title: "Test Series detail", sitemap: "per row" },
  "course-detail": { path: "/course/:id", title: "Course detail", sitemap: "per row" },
  // Issue 46: every published question has a page of its own, listed.
  "question-page": { path: "/question-bank/q/:slug", title: "Question", sitemap: "per row" },
  // Endless combinations of filters, marked noindex: the questions are listed at their own pages.
  "question-practice": { path: "/question-bank/practice", title: "Practice", sitemap: "left out" },
  // A question's report form, for browsers without JavaScript.
  "question-report": { path: "/question-bank/q/:slug/report", title: "Report a problem", sitemap: "left out" },
  // Issue 47: a timed test's page (instructions, Start), reached from /free-tests.
  "test-page": { path: "/tests/:slug", title: "Timed test", sitemap: "per row" },
  // Results of a query, marked noindex.
  search: { path: "/search", title: "Search results", sitemap: "left out" },
  // The pages of the booking and testimonial dialogs for browsers without JavaScript.
  "book-session": { path: "/book-session", title: "Book 1:1 Session", sitemap: "left out" },
  "testimonial-new": { path: "/testimonials/new", title: "Share Your Experience", sitemap: "left out" },
  // Issue 49: one subscriber's pages, reached from their e-mails by a token of theirs: noindex.
  "subscribe-confirm": { path: "/subscribe/confirm/:token", title: "Confirm your subscription", sitemap: "left out" },
  "subscribe-manage": { path: "/subscribe/manage/:token", title: "Your job alert e-mails", sitemap: "left out" },
  "subscribe-unsubscribe": { path: "/subscribe/unsubscribe/:token", title: "Unsubscribe", sitemap: "left out" },
  // Any unknown address, answered 404.
  "not-found": { path: "/*", title: "Page not found", sitemap: "left out" },
} as const satisfies Record<string, PublicPage>;

export type PublicPageId = keyof typeof publicPages;

const all: readonly PublicPage[] = Object.values(publicPages);

/** The main menu's entries, in order (spec §2 "Header and menu"), both groups. */
export const menuPages = all.filter((page) => page.menu);

/** The footer's quick links: the menu's links, the static study pages, the privacy notice and the terms. */
export const footerPages = all.filter((page) => page.footer);

/** The paths of the pages named, in the order given: the tooling's page lists. */
export const pathsOf = (...ids: PublicPageId[]) => ids.map((id) => publicPages[id].path);
