import { slugify } from "~/core/slug";
import type { DB } from "../client.server";
import { sampleTests, type SampleTest } from "./sample-tests";

// The timed tests of the demo (issue 47) written as rows: the sample tests of ./sample-tests.ts,
// published with their versions frozen, built from the sample questions the bank holds, and each
// listed on /free-tests. Written only while there is no test at all: once staff have
// made or edited tests, a restart puts nothing back. A test whose sample questions are no longer
// in the bank as published samples is left out rather than built from something else. The
// questions' slugs and the rendered instructions come from ~/lib/exam/sample-tests-seed.server.ts
// (the renderer is a lib module).

/** What lib makes for the rows: each sample question's slug by its ref, and a test's instructions as HTML. */
export interface SampleTestInputs {
  slugs: ReadonlyMap<string, string>;
  instructionsHtml: (test: SampleTest) => string;
}

/** Lists a sample test on /free-tests, in its category and subcategory (made if missing). */
async function listOnFreeTests(trx: DB, test: SampleTest, testId: number, stamp: string) {
  const { category: categoryName, subcategory: subcategoryName, description } = test.freeTest;
  const categorySlug = slugify(categoryName);
  await trx
    .insertInto("test_categories")
    .values({ name: categoryName, slug: categorySlug, is_active: true, created_at: stamp, updated_at: stamp })
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
  const category = await trx
    .selectFrom("test_categories")
    .select("id")
    .where("slug", "=", categorySlug)
    .executeTakeFirstOrThrow();
  const subSlug = slugify(subcategoryName);
  await trx
    .insertInto("test_subcategories")
    .values({
      category_id: category.id,
      name: subcategoryName,
      slug: subSlug,
      test_count: 0,
      is_active: true,
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
  const subcategory = await trx
    .selectFrom("test_subcategories")
    .select(["id", "test_count"])
    .where("slug", "=", subSlug)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("test_items")
    .values({
      subcategory_id: subcategory.id,
      title: test.title,
      description,
      test_link: null,
      practice_test_id: testId,
      is_active: true,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await trx
    .updateTable("test_subcategories")
    .set({ test_count: subcategory.test_count + 1 })
    .where("id", "=", subcategory.id)
    .execute();
}

/** Publishes the sample tests while no test exists; how many were written (0 otherwise). */
export async function writeSampleTests(db: DB, now: Date, inputs: SampleTestInputs): Promise<number> {
  const stamp = now.toISOString();
  const { slugs } = inputs;
  return db.transaction().execute(async (trx) => {
    const any = await trx.selectFrom("practice_tests").select("id").limit(1).executeTakeFirst();
    if (any) return 0;
    // The published sample questions at their current versions, by slug.
    const rows = await trx
      .selectFrom("questions as q")
      .innerJoin("question_versions as v", (join) =>
        join.onRef("v.question_id", "=", "q.id").onRef("v.version_no", "=", "q.current_version"),
      )
      .select(["q.id", "q.slug", "v.id as version_id"])
      .where("q.is_sample", "=", true)
      .where("q.status", "=", "published")
      .where("q.slug", "in", [...slugs.values()])
      .execute();
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    let written = 0;
    for (const test of sampleTests) {
      const paper = [
        ...test.ga.map((ref) => ({ ref, section: "ga" as const })),
        ...test.subject.map((ref) => ({ ref, section: "subject" as const })),
      ].map((entry) => ({ ...entry, question: bySlug.get(slugs.get(entry.ref) ?? "") }));
      if (paper.some((entry) => !entry.question)) continue;
      const { id } = await trx
        .insertInto("practice_tests")
        .values({
          slug: test.slug,
          title: test.title,
          kind: test.kind,
          instructions_md: test.instructions,
          instructions_html: inputs.instructionsHtml(test),
          duration_minutes: test.durationMinutes,
          access: "free",
          paid_url: null,
          opens_at: null,
          closes_at: null,
          status: "published",
          is_sample: true,
          published_at: stamp,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("practice_test_questions")
        .values(
          paper.map((entry, i) => ({
            test_id: id,
            position: i + 1,
            section: entry.section,
            question_id: entry.question!.id,
            version_id: entry.question!.version_id,
          })),
        )
        .execute();
      await listOnFreeTests(trx, test, id, stamp);
      written++;
    }
    return written;
  });
}
