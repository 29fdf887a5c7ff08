import { sql, type Expression, type SqlBool } from "kysely";
import { rowRange, type ListPage, type RowRange } from "~/lib/pagination";
import type { DB } from "../client.server";

// Site search beyond the spec's catalogue (issue 3): active e-books, free materials, job alerts
// and free tests whose title contains the query, each linking to the page it lives on.

export type ContentKind = "ebook" | "free-material" | "job-alert" | "free-test";

export interface ContentSearchResult {
  kind: ContentKind;
  title: string;
  description: string | null;
  href: string;
}

/** Results per kind on one page of /search (DESIGN §9: long lists are bounded). */
export const RESULTS_PER_KIND = 20;

/** `%needle%` for LIKE, with the wildcards % and _ (and the escape itself) taken literally. */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, "\\$&")}%`;
}

// lower() on both sides works the same on both engines (PostgreSQL's LIKE is case-sensitive,
// SQLite's is not), and the explicit ESCAPE is needed because SQLite has no default escape.
function titleContains(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}

/**
 * Everything visitors can see whose title contains the trimmed query, ignoring case: of each
 * kind, the range's rows (the first page by default). Each kind is read in an order an index
 * gives, so a page stops reading once it has its rows, however many match.
 */
export async function searchContent(
  db: DB,
  query: string,
  range: RowRange = { limit: RESULTS_PER_KIND, offset: 0 },
): Promise<ContentSearchResult[]> {
  const needle = query.trim();
  if (!needle) return [];
  const pattern = containsPattern(needle);

  const [ebooks, materials, alerts, tests] = await Promise.all([
    db
      .selectFrom("ebooks")
      .select(["title", "description"])
      .where("is_active", "=", true)
      .where(titleContains("title", pattern))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(range.limit)
      .offset(range.offset)
      .execute(),
    db
      .selectFrom("free_materials")
      .select(["title", "description"])
      .where("is_active", "=", true)
      .where(titleContains("title", pattern))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(range.limit)
      .offset(range.offset)
      .execute(),
    db
      .selectFrom("job_alerts as a")
      .innerJoin("job_categories as c", "c.id", "a.category_id")
      .select(["a.title", "a.description", "c.slug"])
      .where("a.is_active", "=", true)
      .where(titleContains("a.title", pattern))
      .orderBy("a.posted_date", "desc")
      .orderBy("a.id", "desc")
      .limit(range.limit)
      .offset(range.offset)
      .execute(),
    db
      .selectFrom("test_items as i")
      .innerJoin("test_subcategories as s", "s.id", "i.subcategory_id")
      .innerJoin("test_categories as c", "c.id", "s.category_id")
      .select(["i.title", "i.description"])
      .where("i.is_active", "=", true)
      .where("s.is_active", "=", true)
      .where("c.is_active", "=", true)
      .where(titleContains("i.title", pattern))
      .orderBy("i.created_at")
      .orderBy("i.id")
      .limit(range.limit)
      .offset(range.offset)
      .execute(),
  ]);

  return [
    ...ebooks.map((row) => ({ kind: "ebook" as const, ...row, href: "/ebooks" })),
    ...materials.map((row) => ({ kind: "free-material" as const, ...row, href: "/free-materials" })),
    ...alerts.map(({ slug, ...row }) => ({
      kind: "job-alert" as const,
      ...row,
      href: `/job-alerts?tab=${encodeURIComponent(slug)}`,
    })),
    ...tests.map((row) => ({ kind: "free-test" as const, ...row, href: "/free-tests" })),
  ];
}

/**
 * One page of /search's content results: page N holds the N-th RESULTS_PER_KIND of every kind,
 * and there is a next page while any kind has more.
 */
export async function searchContentPage(db: DB, query: string, page: number): Promise<ListPage<ContentSearchResult>> {
  const rows = await searchContent(db, query, rowRange(page, RESULTS_PER_KIND));
  const perKind = new Map<ContentKind, number>();
  const items = rows.filter((row) => {
    const seen = (perKind.get(row.kind) ?? 0) + 1;
    perKind.set(row.kind, seen);
    return seen <= RESULTS_PER_KIND;
  });
  return { items, page, hasNext: items.length < rows.length };
}
