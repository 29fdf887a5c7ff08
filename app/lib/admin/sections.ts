import type { RoutePath } from "~/lib/site/pages";

// The admin panel's sections, declared once and found by id (issue 23): the side menu lists them
// in this order, app/routes.ts registers each one's module at its path, and each manager route
// takes its path, title and description from here.

export interface AdminSection {
  /** The route module that draws it (app/routes.ts registers every section from here). */
  module: string;
  path: RoutePath;
  title: string;
  description: string;
}

const sections = {
  // The dashboard's six, in the spec's order (§2 "Dashboard"). Job Alerts is the default, so it
  // lives at /admin itself; the others each have their own URL under it.
  "job-alerts": {
    module: "routes/admin/manage/job-alerts.tsx",
    path: "/admin",
    title: "Job Alerts",
    description: "Job, vacancy, result and admit card alerts listed on the Job Alerts page.",
  },
  "free-tests": {
    module: "routes/admin/manage/free-tests.tsx",
    path: "/admin/free-tests",
    title: "Free Test Series",
    description: "Categories, subcategories and the free tests inside them, shown on the Free Tests page.",
  },
  "welcome-popup": {
    module: "routes/admin/manage/welcome-popup.tsx",
    path: "/admin/welcome-popup",
    title: "Welcome Popup",
    description:
      "The popup visitors see when they open the home page, and whether it is shown. Its picture comes from the Media Library or is uploaded here.",
  },
  "hero-banners": {
    module: "routes/admin/manage/hero-banners.tsx",
    path: "/admin/hero-banners",
    title: "Hero Banners",
    description:
      "The banner carousel at the top of the home page, in display order. Each banner's picture comes from the Media Library or is uploaded here.",
  },
  ebooks: {
    module: "routes/admin/manage/ebooks.tsx",
    path: "/admin/ebooks",
    title: "E-Books",
    description:
      "E-books listed on the E-Books page, each with its PDF (uploaded here, chosen from the Media Library, or a link) and a cover picture.",
  },
  "free-materials": {
    module: "routes/admin/manage/free-materials.tsx",
    path: "/admin/free-materials",
    title: "Free Materials",
    description: "Study materials listed on the Free Materials page, each with its link or PDF and a cover picture.",
  },
  // Issue 48 "What needs attention, at a glance": what waits for staff across the sections, each
  // with its count and a link to the list that shows it; first after the spec's six.
  overview: {
    module: "routes/admin/manage/overview.tsx",
    path: "/admin/overview",
    title: "Overview",
    description:
      "What needs you now: new leads, testimonials waiting, job alerts closing soon or without a last date, reported questions, e-mails that failed and links that stopped working.",
  },
  // Issue 25: contact messages and session bookings, worked through by status; first after the
  // spec's six, where staff look first.
  leads: {
    module: "routes/admin/manage/leads.tsx",
    path: "/admin/leads",
    title: "Leads",
    description:
      "Contact messages and session bookings from the site, newest first: follow each up, note what was agreed, export the list.",
  },
  // Issue 26: what the site sells, kept current by staff: test series and courses, their prices,
  // figures and purchase links, and which course is the same product as a test series.
  catalogue: {
    module: "routes/admin/manage/catalogue.tsx",
    path: "/admin/catalogue",
    title: "Catalogue",
    description:
      "The test series and courses the site sells: titles, prices, figures, purchase links, pictures, and whether each is shown.",
  },
  // Issue 45: the pictures and papers the site shows, uploaded once and served by every instance.
  media: {
    module: "routes/admin/manage/media.tsx",
    path: "/admin/media",
    title: "Media Library",
    description:
      "Every picture and PDF the site shows, kept here: upload them (several at once), find them by name, see where each is used, copy a file's address, and fix its title or alt text. A file still in use cannot be deleted.",
  },
  // Issue 46: the question bank's questions, written, imported and published by staff, and what
  // visitors report about them.
  questions: {
    module: "routes/admin/manage/questions.tsx",
    path: "/admin/questions",
    title: "Questions",
    description:
      "The question bank's MCQ, MSQ and NAT questions with math and diagrams: write, preview, publish, import and export them, and work through what visitors report.",
  },
  // Issue 47: timed tests built from the question bank, taken in the GATE interface on the site,
  // and how each question performs in them.
  tests: {
    module: "routes/admin/manage/tests.tsx",
    path: "/admin/tests",
    title: "Tests",
    description:
      "Timed tests taken on the site in the GATE interface: build each from the question bank, publish it (a full-length mock is checked against the GATE pattern), and see how every question performs.",
  },
  // Issue 24: the GATE figures behind the rank predictor, cutoffs, previous-year papers and
  // question bank, one section per kind, each figure with where it was read.
  "gate-papers": {
    module: "routes/admin/manage/gate-data.tsx",
    path: "/admin/gate-papers",
    title: "GATE Papers",
    description:
      "The GATE papers the exam tools know (CH Chemical Engineering, CS, EC, ME), in the order the branch lists show them.",
  },
  "gate-years": {
    module: "routes/admin/manage/gate-data.tsx",
    path: "/admin/gate-years",
    title: "GATE Cutoffs & Scores",
    description:
      "For each paper and year: the organising institute, the qualifying marks, Mt and the candidates appeared, each with its source. Shown on GATE Cutoffs and used by the Rank Predictor.",
  },
  "gate-rank-points": {
    module: "routes/admin/manage/gate-data.tsx",
    path: "/admin/gate-rank-points",
    title: "GATE Rank Points",
    description:
      "Known marks and the All India Rank they got, per paper and year. The Rank Predictor estimates only between these points.",
  },
  "gate-previous-papers": {
    module: "routes/admin/manage/gate-data.tsx",
    path: "/admin/gate-previous-papers",
    title: "GATE Previous Papers",
    description:
      "Each year's question paper and answer key, shown on Previous Year Papers: upload the official PDFs here, or link to them on the organising institute's site.",
  },
  "gate-subjects": {
    module: "routes/admin/manage/gate-data.tsx",
    path: "/admin/gate-subjects",
    title: "GATE Question Bank",
    description:
      "The subjects of the Question Bank page: their topics, question counts, and where visitors practise them.",
  },
  // Beyond the spec's six (issue 7 "Mail outage"): e-mails that could not be delivered.
  outbox: {
    module: "routes/admin/manage/outbox.tsx",
    path: "/admin/outbox",
    title: "Mail Delivery",
    description:
      "E-mails the site could not deliver yet (form submissions, password resets): why, and whether it is still trying.",
  },
  // Issue 49: job alerts by e-mail: who subscribed to what, and what was sent to them.
  subscribers: {
    module: "routes/admin/manage/subscribers.tsx",
    path: "/admin/subscribers",
    title: "Subscribers",
    description:
      "Who gets job alerts by e-mail and what each chose, the e-mails sent, waiting and failed, and the alerts sent at once: search, export or remove a subscriber.",
  },
  // Issue 48 item 8: the outside links the site shows that stopped working, checked by the worker.
  "link-health": {
    module: "routes/admin/manage/link-health.tsx",
    path: "/admin/link-health",
    title: "Link Health",
    description:
      "Outside links the site shows (purchase, test, notification, paper source and learning-app links), checked about once a day: those that stopped working, where each is shown, and a link to fix it.",
  },
  // Issue 25: visitors' testimonials wait here for approval before the home page shows them.
  testimonials: {
    module: "routes/admin/manage/testimonials.tsx",
    path: "/admin/testimonials",
    title: "Testimonials",
    description: "Testimonials visitors sent: approve them for the home page, hide them, fix a name, or delete them.",
  },
  // Issue 25 "True social proof": the purchase toast shows only purchases entered here.
  "purchase-toasts": {
    module: "routes/admin/manage/purchase-toasts.tsx",
    path: "/admin/purchase-toasts",
    title: "Purchase Toasts",
    description:
      "Real purchases for the pop-ups that tell visitors who bought what: only purchases entered here are shown, each for 30 days after its date of purchase.",
  },
  // Issue 48 items 6 and 7: the FAQ page's questions, and the terms, refunds and how to pay page.
  faqs: {
    module: "routes/admin/manage/faqs.tsx",
    path: "/admin/faqs",
    title: "FAQs",
    description:
      "The questions and answers on the FAQ page, in the order shown there: add, reword, reorder, hide or delete them.",
  },
  terms: {
    module: "routes/admin/manage/terms-page.tsx",
    path: "/admin/terms",
    title: "Terms Page",
    description:
      "The terms, refunds and how to pay page, linked from the footer and beside every Buy button: written here in Markdown.",
  },
  // Issue 5 "Activity log", issue 48: every admin change with what it changed, and its Undo.
  activity: {
    module: "routes/admin/manage/activity.tsx",
    path: "/admin/activity",
    title: "Activity",
    description:
      "Every change made in the admin panel: who, when, which item and what changed, field by field. The latest change of an item can be undone.",
  },
  // Issue 48: what staff deleted, kept 30 days and restorable.
  trash: {
    module: "routes/admin/manage/trash.tsx",
    path: "/admin/trash",
    title: "Trash",
    description:
      "Deleted job alerts, tests, banners, e-books, materials, test series, courses, testimonials and purchase entries, kept for 30 days: restore any of them as it was.",
  },
  // The site facts staff change without a developer (DESIGN §8).
  settings: {
    module: "routes/admin/manage/site-settings.tsx",
    path: "/admin/settings",
    title: "Site Settings",
    description: "Brand name, contact details, links to the learning app, where form e-mails go, and purchase toasts.",
  },
} as const satisfies Record<string, AdminSection>;

export type AdminSectionId = keyof typeof sections;

export const adminSection = (id: AdminSectionId): AdminSection => sections[id];

/** The side menu's sections, in order. */
export const adminMenu: readonly AdminSection[] = Object.values(sections);

/** Every section with its id, in the menu's order: app/routes.ts registers each at its path. */
export const adminSectionList: readonly (AdminSection & { id: AdminSectionId })[] = Object.entries(sections).map(
  ([id, section]) => ({ id: id as AdminSectionId, ...section }),
);
