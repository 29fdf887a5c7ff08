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
  // Beyond the spec's six (issue 7 "Mail outage"): e-mails that could not be delivered.
  outbox: {
    path: "/admin/outbox",
    title: "Mail Delivery",
    description:
      "E-mails the site could not deliver yet (form submissions, password resets): why, and whether it is still trying.",
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
