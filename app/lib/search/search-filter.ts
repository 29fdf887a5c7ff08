/**
 * Site search (spec §2 "Search results"): the combined catalogue filtered by case-insensitive
 * title substring, plus (issue 3) e-books, free materials, job alerts and free tests, (issue 24)
 * the GATE tools, cutoffs, previous-year papers and question-bank subjects, (issue 27) the
 * site's pages, the syllabus sections and the FAQs, which ./search/site-search.server.ts finds,
 * and (issue 46) the published practice questions.
 * Results are grouped by kind, under these names.
 */
export const catalogKindLabels = {
  course: "Courses",
  "test-series": "Test Series",
  page: "Pages",
  syllabus: "GATE Syllabus",
  "gate-tool": "GATE Tools",
  "gate-cutoff": "GATE Cutoffs",
  "previous-paper": "Previous Year Papers",
  "question-bank": "Question Bank",
  question: "Practice Questions",
  "free-test": "Free Tests",
  ebook: "E-Books",
  "free-material": "Free Materials",
  "job-alert": "Job Alerts",
  faq: "FAQs",
} as const;

export type CatalogKind = keyof typeof catalogKindLabels;

export interface CatalogEntry {
  kind: CatalogKind;
  title: string;
}

/** The query as the page uses it: trimmed (spec §5). */
export function normaliseQuery(query: string | null | undefined): string {
  return (query ?? "").trim();
}

/** Entries whose title contains the trimmed query, ignoring case; none for an empty query. */
export function filterCatalog<T extends CatalogEntry>(items: readonly T[], query: string): T[] {
  const needle = normaliseQuery(query).toLowerCase();
  if (!needle) return [];
  return items.filter((item) => item.title.toLowerCase().includes(needle));
}

export interface CatalogGroup<T extends CatalogEntry> {
  kind: CatalogKind;
  label: string;
  items: T[];
}

/**
 * Non-empty groups in the order their kinds first appear, items in their given order: given the
 * catalogue first and then the rest best first, the group holding the best match comes first.
 */
export function groupByKind<T extends CatalogEntry>(items: readonly T[]): CatalogGroup<T>[] {
  const groups = new Map<CatalogKind, CatalogGroup<T>>();
  for (const item of items) {
    const group = groups.get(item.kind);
    if (group) group.items.push(item);
    else groups.set(item.kind, { kind: item.kind, label: catalogKindLabels[item.kind], items: [item] });
  }
  return [...groups.values()];
}
