import { footerPages, menuPages } from "~/lib/pages";

// The main menu (spec §2 "Header and menu"), shared by the desktop sidebar, the mobile slide-in
// sidebar and the footer; its pages and their order come from the pages registry (app/lib/pages.ts).

export const menuHeading = "MAIN MENU";
export const comingSoonLabel = "Coming Soon";

export type MenuEntry =
  | { kind: "link"; label: string; to: string }
  /** Shown with a Coming Soon badge; not clickable and without a path (spec §2). */
  | { kind: "coming-soon"; label: string };

export const mainMenu: readonly MenuEntry[] = menuPages.map((page) =>
  page.menu === "link"
    ? { kind: "link", label: page.title, to: page.path }
    : { kind: "coming-soon", label: page.title },
);

export interface FooterLink {
  label: string;
  to: string;
}

/** Footer quick links: every menu page plus the static study pages and the privacy notice. */
export const footerLinks: readonly FooterLink[] = footerPages.map((page) => ({ label: page.title, to: page.path }));
