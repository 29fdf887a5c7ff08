// The dashboard's six sections, in the spec's order (§2 "Dashboard"). Job Alerts is the default,
// so it lives at /admin itself; the others each have their own URL under it.

export interface AdminSection {
  path: string;
  title: string;
  description: string;
}

export const adminSections = [
  {
    path: "/admin",
    title: "Job Alerts",
    description: "Job, vacancy, result and admit card alerts listed on the Job Alerts page.",
  },
  {
    path: "/admin/free-tests",
    title: "Free Test Series",
    description: "Categories, subcategories and the free tests inside them, shown on the Free Tests page.",
  },
  {
    path: "/admin/welcome-popup",
    title: "Welcome Popup",
    description: "The popup visitors see when they open the home page, and whether it is shown.",
  },
  {
    path: "/admin/hero-banners",
    title: "Hero Banners",
    description: "The banner carousel at the top of the home page, in display order.",
  },
  {
    path: "/admin/ebooks",
    title: "E-Books",
    description: "E-books listed on the E-Books page, each with a link to its PDF.",
  },
  {
    path: "/admin/free-materials",
    title: "Free Materials",
    description: "Study materials listed on the Free Materials page, each with its link.",
  },
  // Beyond the spec's six (issue 7 "Mail outage"): e-mails that could not be delivered.
  {
    path: "/admin/outbox",
    title: "Mail Delivery",
    description:
      "E-mails the site could not deliver yet (form submissions, password resets): why, and whether it is still trying.",
  },
] as const satisfies readonly AdminSection[];

export const defaultSection = adminSections[0];

/** Beyond the spec's six: the site facts staff change without a developer (DESIGN §8). */
export const settingsSection: AdminSection = {
  path: "/admin/settings",
  title: "Site Settings",
  description: "Brand name, contact details, links to the learning app, where form e-mails go, and purchase toasts.",
};
