import { sql } from "kysely";
import type { RowRange } from "~/lib/pagination";
import type { DB } from "../client.server";

// Free tests (spec §2 "Free Tests", §4 "Active/inactive", §7): active test items whose
// subcategory and category are both active, grouped category → subcategory. The page is paged by
// whole categories, so a category's badge always counts all its tests; one query picks the page's
// categories, one joined query reads their tests, and the grouping happens here rather than in
// the page (spec §7 did it in the client).

/** Categories per page of /free-tests (DESIGN §9: long lists are bounded); each holds a few subjects. */
export const CATEGORIES_PER_PAGE = 4;

/** Bounds one page's tests (DESIGN §9): far above what a few categories hold. */
const MAX_TESTS = 1000;

export interface FreeTest {
  id: number;
  title: string;
  description: string | null;
  test_link: string | null;
}

export interface FreeTestSubcategory {
  id: number;
  name: string;
  slug: string;
  tests: FreeTest[];
}

export interface FreeTestCategory {
  id: number;
  name: string;
  slug: string;
  /** Tests listed across the category's subcategories. */
  testCount: number;
  subcategories: FreeTestSubcategory[];
}

/**
 * Visible tests grouped for /free-tests; categories and subcategories in creation order. Only
 * categories with a visible test count; the range (first page by default) picks among them.
 */
export async function listFreeTestGroups(
  db: DB,
  range: RowRange = { limit: CATEGORIES_PER_PAGE, offset: 0 },
): Promise<FreeTestCategory[]> {
  const page = await db
    .selectFrom("test_categories as c")
    .select("c.id")
    .where("c.is_active", "=", true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("test_subcategories as s")
          .innerJoin("test_items as i", "i.subcategory_id", "s.id")
          .select(sql.lit(1).as("one"))
          .whereRef("s.category_id", "=", "c.id")
          .where("s.is_active", "=", true)
          .where("i.is_active", "=", true),
      ),
    )
    .orderBy("c.id")
    .limit(range.limit)
    .offset(range.offset)
    .execute();
  if (page.length === 0) return [];

  const rows = await db
    .selectFrom("test_items as i")
    .innerJoin("test_subcategories as s", "s.id", "i.subcategory_id")
    .innerJoin("test_categories as c", "c.id", "s.category_id")
    .select([
      "c.id as category_id",
      "c.name as category_name",
      "c.slug as category_slug",
      "s.id as subcategory_id",
      "s.name as subcategory_name",
      "s.slug as subcategory_slug",
      "i.id",
      "i.title",
      "i.description",
      "i.test_link",
    ])
    .where("i.is_active", "=", true)
    .where("s.is_active", "=", true)
    .where(
      "c.id",
      "in",
      page.map((c) => c.id),
    )
    .orderBy("c.id")
    .orderBy("s.id")
    .orderBy("i.created_at")
    .orderBy("i.id")
    .limit(MAX_TESTS)
    .execute();

  const categories: FreeTestCategory[] = [];
  for (const row of rows) {
    let category = categories.at(-1);
    if (category?.id !== row.category_id) {
      category = {
        id: row.category_id,
        name: row.category_name,
        slug: row.category_slug,
        testCount: 0,
        subcategories: [],
      };
      categories.push(category);
    }
    let subcategory = category.subcategories.at(-1);
    if (subcategory?.id !== row.subcategory_id) {
      subcategory = { id: row.subcategory_id, name: row.subcategory_name, slug: row.subcategory_slug, tests: [] };
      category.subcategories.push(subcategory);
    }
    subcategory.tests.push({ id: row.id, title: row.title, description: row.description, test_link: row.test_link });
    category.testCount += 1;
  }
  return categories;
}
