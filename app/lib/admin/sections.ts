import type { RoutePath } from "~/lib/pages";

// The admin panel's sections, declared once and found by id (issue 23): the side menu lists them
// in this order, and each manager route takes its path, title and description from here.

export interface AdminSection {
  path: RoutePath;
  title: string;
  description: string;
}

const sections = {
  // The dashboard's six, in the spec's order (§2 "Dashboard"). Job Alerts is the default, so it
  // lives at /admin itself; the others each have their own URL under it.
  "job-alerts": {
    path: "/admin",
    title: "Job Alerts",
    description: "Job, vacancy, result and admit card alerts listed on the Job Alerts page.",
  },
  "free-tests": {
    path: "/admin/free-tests",
    title: "Free Test Series",
    description: "Categories, subcategories and the free tests inside them, shown on the Free Tests page.",
  },
  "welcome-popup": {
    path: "/admin/welcome-popup",
    title: "Welcome Popup",
    description: "The popup visitors see when they open the home page, and whether it is shown.",
  },
  "hero-banners": {
    path: "/admin/hero-banners",
    title: "Hero Banners",
    description: "The banner carousel at the top of the home page, in display order.",
  },
  ebooks: {
    path: "/admin/ebooks",
    title: "E-Books",
    description: "E-books listed on the E-Books page, each with a link to its PDF.",
  },
  "free-materials": {
    path: "/admin/free-materials",
    title: "Free Materials",
    description: "Study materials listed on the Free Materials page, each with its link.",
  },
  // Issue 25: contact messages and session bookings, worked through by status; first after the
  // spec's six, where staff look first.
  leads: {
    path: "/admin/leads",
    title: "Leads",
    description:
      "Contact messages and session bookings from the site, newest first: follow each up, note what was agreed, export the list.",
  },
  // Issue 26: what the site sells, kept current by staff: test series and courses, their prices,
  // figures and purchase links, and which course is the same product as a test series.
  catalogue: {
    path: "/admin/catalogue",
    title: "Catalogue",
    description:
      "The test series and courses the site sells: titles, prices, figures, purchase links, pictures, and whether each is shown.",
  },
  // Issue 24: the GATE figures behind the rank predictor, cutoffs, previous-year papers and
  // question bank, one section per kind, each figure with where it was read.
  "gate-papers": {
    path: "/admin/gate-papers",
    title: "GATE Papers",
    description:
      "The GATE papers the exam tools know (CH Chemical Engineering, CS, EC, ME), in the order the branch lists show them.",
  },
  "gate-years": {
    path: "/admin/gate-years",
    title: "GATE Cutoffs & Scores",
    description:
      "For each paper and year: the organising institute, the qualifying marks, Mt and the candidates appeared, each with its source. Shown on GATE Cutoffs and used by the Rank Predictor.",
  },
  "gate-rank-points": {
    path: "/admin/gate-rank-points",
    title: "GATE Rank Points",
    description:
      "Known marks and the All India Rank they got, per paper and year. The Rank Predictor estimates only between these points.",
  },
  "gate-previous-papers": {
    path: "/admin/gate-previous-papers",
    title: "GATE Previous Papers",
    description:
      "Links to each year's question paper and answer key on the organising institute's site, shown on Previous Year Papers.",
  },
  "gate-subjects": {
    path: "/admin/gate-subjects",
    title: "GATE Question Bank",
    description:
      "The subjects of the Question Bank page: their topics, question counts, and where visitors practise them.",
  },
  // Beyond the spec's six (issue 7 "Mail outage"): e-mails that could not be delivered.
  outbox: {
    path: "/admin/outbox",
    title: "Mail Delivery",
    description:
      "E-mails the site could not deliver yet (form submissions, password resets): why, and whether it is still trying.",
  },
  // Issue 25: visitors' testimonials wait here for approval before the home page shows them.
  testimonials: {
    path: "/admin/testimonials",
    title: "Testimonials",
    description: "Testimonials visitors sent: approve them for the home page, hide them, fix a name, or delete them.",
  },
  // Issue 25 "True social proof": the purchase toast shows only purchases entered here.
  "purchase-toasts": {
    path: "/admin/purchase-toasts",
    title: "Purchase Toasts",
    description:
      "Real purchases for the pop-ups that tell visitors who bought what: only purchases entered here are shown, each for 30 days after its date of purchase.",
  },
  // Issue 5 "Activity log": the latest admin changes, read-only.
  activity: {
    path: "/admin/activity",
    title: "Activity",
    description: "The latest changes made in the admin panel: who, what, which item and when.",
  },
  // The site facts staff change without a developer (DESIGN §8).
  settings: {
    path: "/admin/settings",
    title: "Site Settings",
    description: "Brand name, contact details, links to the learning app, where form e-mails go, and purchase toasts.",
  },
} as const satisfies Record<string, AdminSection>;

export type AdminSectionId = keyof typeof sections;

export const adminSection = (id: AdminSectionId): AdminSection => sections[id];

/** The side menu's sections, in order. */
export const adminMenu: readonly AdminSection[] = Object.values(sections);
