// The main menu (spec §2 "Header and menu"): shared by the desktop sidebar, the mobile
// slide-in sidebar and the footer.

export const menuHeading = "MAIN MENU";
export const comingSoonLabel = "Coming Soon";

export type MenuEntry =
  | { kind: "link"; label: string; to: string }
  /** Shown with a Coming Soon badge; not clickable and without a path (spec §2). */
  | { kind: "coming-soon"; label: string };

export const mainMenu: readonly MenuEntry[] = [
  { kind: "link", label: "Home", to: "/" },
  { kind: "link", label: "Test Series", to: "/test-series" },
  { kind: "coming-soon", label: "Courses" },
  { kind: "coming-soon", label: "Free Courses" },
  { kind: "link", label: "Free Tests", to: "/free-tests" },
  { kind: "link", label: "E-Books", to: "/ebooks" },
  { kind: "link", label: "Free Materials", to: "/free-materials" },
  { kind: "link", label: "Post GATE Guidance", to: "/post-gate-guidance" },
  { kind: "link", label: "Job Alerts", to: "/job-alerts" },
  { kind: "link", label: "FAQs", to: "/faqs" },
];

export interface FooterLink {
  label: string;
  to: string;
}

/** Footer quick links: every menu page plus the static study pages and the privacy notice. */
export const footerLinks: readonly FooterLink[] = [
  ...mainMenu.flatMap((entry) => (entry.kind === "link" ? [{ label: entry.label, to: entry.to }] : [])),
  { label: "GATE Syllabus", to: "/syllabus" },
  { label: "Previous Year Papers", to: "/previous-year" },
  { label: "Question Bank", to: "/question-bank" },
  { label: "GATE Rank Predictor", to: "/rank-predictor" },
  { label: "Privacy Policy", to: "/privacy" },
];
