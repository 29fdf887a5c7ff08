import { footerPages, menuPages, type PublicPage } from "~/lib/site/pages";

// The main menu (spec §2 "Header and menu"), shared by the desktop sidebar, the mobile slide-in
// sidebar and the footer; its pages and their order come from the pages registry (app/lib/site/pages.ts).
// Every entry is a live page (issue 27, docs/decisions/012-truthful-navigation.md): the spec's
// Coming Soon badges on Courses and Free Courses went when their pages went live.

export const menuHeading = "MAIN MENU";

export interface MenuEntry {
  label: string;
  to: string;
}

export interface MenuGroup {
  /** Also the id stem of the group's heading. */
  id: string;
  heading: string;
  entries: readonly MenuEntry[];
}

const entriesOf = (group: PublicPage["menu"]): MenuEntry[] =>
  menuPages.filter((page) => page.menu === group).map((page) => ({ label: page.title, to: page.path }));

/** The spec's entries under MAIN MENU, in its order, with Courses and Free Courses where they were. */
export const mainMenu: readonly MenuEntry[] = entriesOf("main");

/** The GATE tools, one group below the main list (issue 27). */
export const examToolsMenu: readonly MenuEntry[] = entriesOf("exam-tools");

export const menuGroups: readonly MenuGroup[] = [
  { id: "main", heading: menuHeading, entries: mainMenu },
  { id: "exam-tools", heading: "EXAM TOOLS", entries: examToolsMenu },
];

export type FooterLink = MenuEntry;

/** Footer quick links: every menu page and the privacy notice. */
export const footerLinks: readonly FooterLink[] = footerPages.map((page) => ({ label: page.title, to: page.path }));
