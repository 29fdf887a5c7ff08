import type { DB } from "../client.server";

// The question bank's subjects (issue 24): each paper's subjects with the count of questions staff
// keep and where they are practised, a free-test subcategory of the site or a link staff set.

/** Every subject with its paper and, where linked, its free tests' subcategory and category. */
export function listSubjects(db: DB) {
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
    ])
    .orderBy("p.display_order")
    .orderBy("p.code")
    .orderBy("s.display_order")
    .orderBy("s.id")
    .execute();
}

export type Subject = Awaited<ReturnType<typeof listSubjects>>[number];
