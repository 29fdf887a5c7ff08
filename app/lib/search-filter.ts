/**
 * Site search (spec §2 "Search results"): the combined catalogue filtered by case-insensitive
 * title substring, plus (issue 3) e-books, free materials, job alerts and free tests, and (issue 24)
 * the GATE tools, cutoffs, previous-year papers and question-bank subjects, which the database
 * module filters itself. Results are grouped by kind, in this order.
 */
export const catalogKindLabels = {
  course: "Courses",
  "test-series": "Test Series",
  "gate-tool": "GATE Tools",
  "gate-cutoff": "GATE Cutoffs",
  "previous-paper": "Previous Year Papers",
  "question-bank": "Question Bank",
  "free-test": "Free Tests",
  ebook: "E-Books",
  "free-material": "Free Materials",
  "job-alert": "Job Alerts",
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

/** Non-empty groups in the order of `catalogKindLabels`, items in their given order. */
export function groupByKind<T extends CatalogEntry>(items: readonly T[]): CatalogGroup<T>[] {
  return (Object.keys(catalogKindLabels) as CatalogKind[])
    .map((kind) => ({ kind, label: catalogKindLabels[kind], items: items.filter((item) => item.kind === kind) }))
    .filter((group) => group.items.length > 0);
}
