import { describe, expect, it } from "vitest";
import { footerLinks, mainMenu, menuHeading } from "~/components/layout/main-menu";

describe("main menu (spec §2)", () => {
  it("has the heading MAIN MENU", () => {
    expect(menuHeading).toBe("MAIN MENU");
  });

  it("lists the pages in the spec's order with their paths", () => {
    const links = mainMenu.flatMap((e) => (e.kind === "link" ? [[e.label, e.to]] : []));
    expect(links).toEqual([
      ["Home", "/"],
      ["Test Series", "/test-series"],
      ["Free Tests", "/free-tests"],
      ["E-Books", "/ebooks"],
      ["Free Materials", "/free-materials"],
      ["Post GATE Guidance", "/post-gate-guidance"],
      ["Job Alerts", "/job-alerts"],
      ["FAQs", "/faqs"],
    ]);
  });

  it("shows Courses and Free Courses as coming soon, without a path", () => {
    const soon = mainMenu.filter((e) => e.kind === "coming-soon");
    expect(soon.map((e) => e.label)).toEqual(["Courses", "Free Courses"]);
    for (const entry of soon) expect(entry).not.toHaveProperty("to");
  });
});

describe("footer links", () => {
  it("holds every menu page plus the static pages and the privacy notice, once each", () => {
    const paths = footerLinks.map((l) => l.to);
    for (const entry of mainMenu) if (entry.kind === "link") expect(paths).toContain(entry.to);
    for (const path of ["/syllabus", "/previous-year", "/question-bank", "/rank-predictor", "/privacy"]) {
      expect(paths).toContain(path);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });
});
