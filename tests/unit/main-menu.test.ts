import { describe, expect, it } from "vitest";
import { examToolsMenu, footerLinks, mainMenu, menuGroups, menuHeading } from "~/components/layout/main-menu";

const pairs = (entries: readonly { label: string; to: string }[]) => entries.map((e) => [e.label, e.to]);

describe("main menu (spec §2, issue 27)", () => {
  it("has the heading MAIN MENU, then the Exam tools group", () => {
    expect(menuHeading).toBe("MAIN MENU");
    expect(menuGroups.map((g) => g.heading)).toEqual(["MAIN MENU", "EXAM TOOLS"]);
  });

  it("keeps the spec's eight entries in order, with Courses and Free Courses as links where their badges were", () => {
    expect(pairs(mainMenu)).toEqual([
      ["Home", "/"],
      ["Test Series", "/test-series"],
      ["Courses", "/courses"],
      ["Free Courses", "/free-courses"],
      ["Free Tests", "/free-tests"],
      ["E-Books", "/ebooks"],
      ["Free Materials", "/free-materials"],
      ["Post GATE Guidance", "/post-gate-guidance"],
      ["Job Alerts", "/job-alerts"],
      ["FAQs", "/faqs"],
    ]);
  });

  it("groups the exam tools", () => {
    expect(pairs(examToolsMenu)).toEqual([
      ["GATE Syllabus", "/syllabus"],
      ["Previous Year Papers", "/previous-year"],
      ["Question Bank", "/question-bank"],
      ["GATE Rank Predictor", "/rank-predictor"],
      ["GATE Cutoffs", "/gate-cutoffs"],
    ]);
  });
});

describe("footer links", () => {
  it("holds every menu page plus the privacy notice, once each", () => {
    const paths = footerLinks.map((l) => l.to);
    for (const entry of [...mainMenu, ...examToolsMenu]) expect(paths).toContain(entry.to);
    expect(paths).toContain("/privacy");
    expect(new Set(paths).size).toBe(paths.length);
  });
});
