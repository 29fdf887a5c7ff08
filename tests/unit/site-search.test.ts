import { describe, expect, it } from "vitest";
import { faqs } from "~/content/faqs";
import type { SearchRow } from "~/db/queries/content-search.server";
import { demoEbooks, demoFreeMaterials, demoJobAlerts, demoTestCategories } from "~/db/seed/demo-content.server";
import { SiteIndex } from "~/lib/search/site-index.server";
import { DEFAULT_SEARCH_SYNONYMS, readSynonymRules } from "~/lib/search/synonyms";

// Site search over rows like the demo content's (issue 27 item 4): what aspirants type finds the
// free tests by subject, the syllabus sections, the site's own pages, typos and synonyms included,
// best first. tests/integration/site-search.test.ts runs the same through /search on both engines.

const active = <T extends { is_active?: boolean }>(rows: readonly T[]) => rows.filter((row) => row.is_active !== false);
const row = (
  kind: SearchRow["kind"],
  title: string,
  href: string,
  description: string | null = null,
  keywords: string | null = null,
): SearchRow => ({ kind, title, description, href, keywords });

function demoRows(): SearchRow[] {
  const alerts = Object.entries(demoJobAlerts("2026-11-27")).flatMap(([tab, list]) =>
    active(list).map((alert) => row("job-alert", alert.title, `/job-alerts?tab=${tab}`, alert.description, tab)),
  );
  // The learning app's tests as they are once live (the demo writes them inactive).
  const tests = active(demoTestCategories).flatMap((category) =>
    active(category.subcategories).flatMap((subject) =>
      active(subject.tests).map((test) =>
        row("free-test", test.title, "/free-tests", test.description, `${subject.name} ${category.name}`),
      ),
    ),
  );
  return [
    ...active(demoEbooks).map((e) => row("ebook", e.title, "/ebooks", e.description)),
    ...active(demoFreeMaterials).map((m) => row("free-material", m.title, "/free-materials", m.description)),
    ...alerts,
    ...tests,
    row("gate-tool", "GATE Rank Predictor: marks to rank, score and qualifying status", "/rank-predictor"),
    row("gate-tool", "GATE Cutoffs: qualifying marks by paper, year and category", "/gate-cutoffs"),
    row("gate-cutoff", "GATE CH 2025 cutoff: Chemical Engineering qualifying marks", "/gate-cutoffs#ch-2025"),
    row("previous-paper", "GATE CH 2025 question paper and answer key", "/previous-year#ch-2025"),
    row("question-bank", "Thermodynamics questions (GATE CH)", "/question-bank#subject-1"),
    row("question-bank", "Heat and Mass Transfer questions (GATE CH)", "/question-bank#subject-2"),
    // The FAQ page's questions (issue 48: rows of the faqs table, seeded with these five).
    ...faqs.map((faq) => row("faq", faq.question, `/faqs#${faq.id}`, faq.answer, "FAQ question")),
  ];
}

const index = new SiteIndex(demoRows());
const synonyms = readSynonymRules(DEFAULT_SEARCH_SYNONYMS).rules;
const search = (query: string) => index.find(query, { offset: 0, limit: 20 }, synonyms);
const links = (query: string) => search(query).map((result) => [result.kind, result.title, result.href]);

describe("site search over the demo content", () => {
  it('"heat transfer" finds the syllabus section, the material, the free tests of that subject and the question bank', () => {
    expect(links("heat transfer").slice(0, 3)).toEqual([
      ["syllabus", "Heat Transfer", "/syllabus#heat-transfer"],
      ["free-material", "Heat Transfer Formula Sheet", "/free-materials"],
      ["free-test", "Heat Exchangers: LMTD and NTU Methods", "/free-tests"],
    ]);
    expect(links("heat transfer")).toEqual(
      expect.arrayContaining([
        ["free-test", "Conduction and Insulation", "/free-tests"],
        ["question-bank", "Heat and Mass Transfer questions (GATE CH)", "/question-bank#subject-2"],
      ]),
    );
    // Words in any order.
    expect(links("transfer heat")).toEqual(links("heat transfer"));
  });

  it('"thermodynamcis" (a typo) finds the Thermodynamics items', () => {
    expect(links("thermodynamcis")).toEqual([
      ["syllabus", "Process Calculations and Thermodynamics", "/syllabus#process-calculations-and-thermodynamics"],
      ["free-material", "Thermodynamics Revision Sheet", "/free-materials"],
      ["question-bank", "Thermodynamics questions (GATE CH)", "/question-bank#subject-1"],
    ]);
  });

  it('"pyq" finds the previous-year papers, page first', () => {
    expect(links("pyq").slice(0, 2)).toEqual([
      ["page", "Previous Year Papers", "/previous-year"],
      ["previous-paper", "GATE CH 2025 question paper and answer key", "/previous-year#ch-2025"],
    ]);
  });

  it('"cutoff" finds the cutoffs page first, then the figures', () => {
    expect(links("cutoff")).toEqual([
      ["gate-tool", "GATE Cutoffs: qualifying marks by paper, year and category", "/gate-cutoffs"],
      ["gate-cutoff", "GATE CH 2025 cutoff: Chemical Engineering qualifying marks", "/gate-cutoffs#ch-2025"],
    ]);
  });

  it('"psu" finds the job alerts, page first, and every open alert', () => {
    const found = search("psu");
    expect(found[0]).toMatchObject({ kind: "page", href: "/job-alerts" });
    expect(found.filter((result) => result.kind === "job-alert")).toHaveLength(
      Object.values(demoJobAlerts("2026-11-27")).flatMap(active).length,
    );
  });

  it('"rank predictor" and "syllabus" find the pages, each once', () => {
    expect(links("rank predictor")).toEqual([
      ["gate-tool", "GATE Rank Predictor: marks to rank, score and qualifying status", "/rank-predictor"],
    ]);
    const syllabus = search("syllabus");
    expect(syllabus[0]).toMatchObject({ kind: "page", title: "GATE Syllabus", href: "/syllabus" });
    expect(syllabus.filter((result) => result.kind === "syllabus")).toHaveLength(10);
    expect(search("free tests")[0]).toMatchObject({ kind: "page", href: "/free-tests" });
  });

  it("finds the FAQs", () => {
    expect(search("how do I buy")[0]).toMatchObject({ kind: "faq", href: "/faqs#how-to-buy" });
  });

  it("pages each kind by the range", () => {
    const second = index.find("psu", { offset: 2, limit: 2 }, synonyms).filter((r) => r.kind === "job-alert");
    expect(second.map((r) => r.title)).toEqual(
      search("psu")
        .filter((r) => r.kind === "job-alert")
        .slice(2, 4)
        .map((r) => r.title),
    );
  });

  it("suggests a nearer spelling when nothing matches, and nothing for gibberish", () => {
    expect(search("syllabsu")).toEqual([]);
    expect(index.suggest("syllabsu", synonyms)).toBe("syllabus");
    // ("pqy" is as near "pay", a word of the Terms, Refunds and How to Pay page since issue 48.)
    expect(index.suggest("pyw", synonyms)).toBe("pyq");
    expect(index.suggest("qwxz", synonyms)).toBeNull();
  });
});
