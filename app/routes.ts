import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { adminSectionList } from "./lib/admin/sections";

// A page that became a feature folder (its route.tsx beside the modules only it uses, issue 50)
// keeps the id its single file had: route data, tests and the client's requests name it.
const keepId = (entry: RouteConfigEntry, id: string): RouteConfigEntry => ({ ...entry, id });

// The whole site in one table (spec §2). Public pages share the shell in public/layout.tsx.
export default [
  // For search engines (issue 6): crawl rules and the list of public pages.
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("favicon.ico", "routes/seo/favicon-ico.ts"),
  // A job alert's last date as a calendar file (issue 26 "Add to calendar"); no page around it.
  route("job-alerts/:id/calendar.ics", "routes/files/job-alert-calendar.ts"),
  // Issue 49: job alerts to follow, an Atom feed of them all or of one tab, and every open last
  // date as a calendar to subscribe to.
  route("job-alerts/:tab?/atom.xml", "routes/files/job-alerts-feed.ts"),
  route("job-alerts/calendar.ics", "routes/files/job-alerts-calendar.ts"),
  // Issue 49: the RFC 8058 one-click unsubscribe address of every job alert e-mail (mail clients
  // POST to it); no page around it.
  route("subscribe/unsubscribe/:token/one-click", "routes/alerts/one-click-unsubscribe.ts"),
  // The media library's files and their variants (issue 45, decision 017): public, immutable.
  route("media/:hash/v/:variant", "routes/media/variant.ts"),
  route("media/:hash/:name", "routes/media/file.ts"),
  // Issue 47: the exam interface takes the whole screen (no site shell), and its saves' endpoint.
  route("tests/:slug/attempt/:token", "routes/exam/attempt.tsx"),
  route("tests/:slug/attempt/:token/save", "routes/exam/attempt-save.ts"),
  layout("routes/public/layout.tsx", [
    keepId(index("routes/public/home/route.tsx"), "routes/public/home"),
    route("courses", "routes/public/courses.tsx"),
    route("free-courses", "routes/public/free-courses.tsx"),
    route("course/:id", "routes/public/course-detail.tsx"),
    route("test-series", "routes/public/test-series.tsx"),
    route("test-series/:param", "routes/public/test-series-detail.tsx"),
    route("search", "routes/public/search.tsx"),
    route("previous-year", "routes/public/previous-year.tsx"),
    route("question-bank", "routes/public/question-bank.tsx"),
    // Issue 46: practice one question at a time, and a page per published question.
    route("question-bank/practice", "routes/public/question-practice.tsx"),
    route("question-bank/q/:slug", "routes/public/question-page.tsx"),
    route("question-bank/q/:slug/report", "routes/public/question-report.tsx"),
    route("syllabus", "routes/public/syllabus.tsx"),
    route("rank-predictor", "routes/public/rank-predictor.tsx"),
    route("gate-cutoffs", "routes/public/gate-cutoffs.tsx"),
    route("faqs", "routes/public/faqs.tsx"),
    route("free-tests", "routes/public/free-tests.tsx"),
    // Issue 47: a timed test's page (instructions, Start) and, once submitted, its result and review.
    route("tests/:slug", "routes/public/test-page.tsx"),
    route("tests/:slug/attempt/:token/result", "routes/exam/attempt-result.tsx"),
    route("ebooks", "routes/public/ebooks.tsx"),
    route("free-materials", "routes/public/free-materials.tsx"),
    keepId(route("job-alerts", "routes/public/job-alerts/route.tsx"), "routes/public/job-alerts"),
    // Issue 49: job alerts by e-mail: the form's page (where every subscription form posts), and
    // the confirmation, preferences and unsubscribe pages the e-mails link to.
    route("subscribe", "routes/public/subscribe.tsx"),
    route("subscribe/confirm/:token", "routes/public/subscribe-confirm.tsx"),
    route("subscribe/manage/:token", "routes/public/subscribe-manage.tsx"),
    route("subscribe/unsubscribe/:token", "routes/public/subscribe-unsubscribe.tsx"),
    route("post-gate-guidance", "routes/public/post-gate-guidance.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    // Issue 48 item 7: terms, refunds and how to pay, written by staff.
    route("terms", "routes/public/terms.tsx"),
    // Visitor forms. With JavaScript they post from dialogs and sections without leaving the
    // page; without it these are the pages the forms live on (DESIGN §2).
    route("contact", "routes/public/contact.tsx"),
    route("book-session", "routes/public/book-session.tsx"),
    route("testimonials/new", "routes/public/testimonial-new.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // Admin sign-in screens (spec §2 Login); open to anyone, each checks the sign-in state itself.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/verify", "routes/admin/login-verify.tsx"),
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/reset-password", "routes/admin/reset-password.tsx"),
  route("admin/sign-out", "routes/admin/sign-out.tsx"),
  // CSV downloads of the GATE data manager (issue 24), admin-only like the panel; no page around them.
  route("admin/gate-export/:file", "routes/admin/gate-export.tsx"),
  // The question bank's staff side (issue 46), admin-only: the editor's live preview (a POST that
  // renders, stores nothing) and the export (questions.csv, questions.json).
  route("admin/questions/preview", "routes/admin/question-preview.tsx"),
  route("admin/questions/export/:file", "routes/admin/questions-export.tsx"),
  // The leads inbox's CSV export (issue 25), the filtered list as a spreadsheet; admin-only.
  route("admin/leads.csv", "routes/admin/leads-export.tsx"),
  // Issue 49: the job alert subscribers as a spreadsheet; admin-only.
  route("admin/subscribers.csv", "routes/admin/subscribers-export.tsx"),
  // The admin panel (spec §2 Dashboard): every loader and action below calls requireAdmin.
  // Job Alerts is the default section, at /admin itself.
  route("admin", "routes/admin/layout.tsx", [
    // Every section of the menu at its path (~/lib/admin/sections.ts). The GATE data manager
    // (issue 24) is one module for five sections: each of those routes takes its section's id.
    ...adminSectionList.map(({ id, module, path }) => {
      if (path === "/admin") return index(module);
      const shared = adminSectionList.filter((other) => other.module === module).length > 1;
      return route(path.slice("/admin/".length), module, shared ? { id: `routes/admin/manage/${id}` } : {});
    }),
    // Issue 47: each test's statistics, under the Tests section.
    route("tests/:id/stats", "routes/admin/test-stats.tsx"),
    route("account", "routes/admin/account.tsx"),
    route("account/password", "routes/admin/account-password.tsx"),
    route("account/two-factor", "routes/admin/account-two-factor.tsx"),
  ]),
] satisfies RouteConfig;
