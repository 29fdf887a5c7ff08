import type { DB } from "../client.server";

// Free tests (spec §2 "Free Tests", §4 "Active/inactive", §7): active test items whose
// subcategory and category are both active, grouped category → subcategory. One joined query;
// the grouping happens here rather than in the page (spec §7 did it in the client).

/** Bounds the page (DESIGN §9: long lists are bounded); far above any real catalogue. */
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

/** Visible tests grouped for /free-tests; categories and subcategories in creation order. */
export async function listFreeTestGroups(db: DB): Promise<FreeTestCategory[]> {
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
    .where("c.is_active", "=", true)
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
