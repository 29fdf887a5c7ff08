import type { DB } from "../client.server";

// The question bank's subjects (issue 24): each paper's subjects with the count of questions staff
// keep and where they are practised, a free-test subcategory of the site or a link staff set.

/**
 * The subjects (alias s) with their paper (p) and, where linked, their free tests' subcategory and
 * category: what the public list and the manager's pages read.
 */
export function subjectsWithPaper(db: DB) {
  return db
    .selectFrom("gate_subjects as s")
    .innerJoin("gate_papers as p", "p.id", "s.paper_id")
    .leftJoin("test_subcategories as c", "c.id", "s.free_test_subcategory_id")
    .leftJoin("test_categories as tc", "tc.id", "c.category_id")
    .select([
      "s.id",
      "s.paper_id",
      "s.name",
      "s.question_count",
      "s.topics",
      "s.free_test_subcategory_id",
      "s.practice_url",
      "s.display_order",
      "p.code as paper_code",
      "p.name as paper_name",
      "c.name as subcategory_name",
      "c.slug as subcategory_slug",
      "tc.slug as category_slug",
    ]);
}

/** Every subject with its paper and, where linked, its free tests' subcategory and category. */
export function listSubjects(db: DB) {
  return subjectsWithPaper(db)
    .orderBy("p.display_order")
    .orderBy("p.code")
    .orderBy("s.display_order")
    .orderBy("s.id")
    .execute();
}

export type Subject = Awaited<ReturnType<typeof listSubjects>>[number];

/** For the GATE data manager: the free tests a subject may be practised in, by category. */
export function listPracticeSubcategories(db: DB) {
  return db
    .selectFrom("test_subcategories as s")
    .innerJoin("test_categories as c", "c.id", "s.category_id")
    .select(["s.id", "s.name", "c.name as category_name"])
    .orderBy("c.name")
    .orderBy("s.name")
    .execute();
}

/**
 * Where /free-tests shows each subcategory visitors can practise in (an active one with an
 * active test, under an active category): its slug and the page of /free-tests its category is
 * on, the categories being paged in id order as listFreeTestGroups pages them.
 */
export async function freeTestPlaces(db: DB, perPage: number) {
  const rows = await db
    .selectFrom("test_subcategories as s")
    .innerJoin("test_categories as c", "c.id", "s.category_id")
    .select(["s.id", "s.slug", "s.category_id"])
    .where("s.is_active", "=", true)
    .where("c.is_active", "=", true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("test_items as i")
          .select("i.id")
          .whereRef("i.subcategory_id", "=", "s.id")
          .where("i.is_active", "=", true),
      ),
    )
    .orderBy("s.category_id")
    .execute();
  const categories = [...new Set(rows.map((row) => row.category_id))];
  return new Map(
    rows.map((row) => [
      row.id,
      { slug: row.slug, page: Math.floor(categories.indexOf(row.category_id) / perPage) + 1 },
    ]),
  );
}
