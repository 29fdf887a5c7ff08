import { sql } from "kysely";
import type { DB } from "../client.server";
import type { PracticeTestsTable } from "../schema";
import { testHasAttempts } from "./exam-attempts.server";

// Timed tests (issue 47): the tests and their papers, on both engines. The rules (who may start,
// when a save counts, when an attempt ends) are in ~/lib/exam/attempts.server.ts; these are the
// small reads it is made of, and the reads staff's manager shares. The attempts and their saved
// answers are ./exam-attempts.server.ts. What the exam shows before submission is read by
// listExamQuestions, which never selects a key or a solution; those are read by listKeyedQuestions
// alone, for scoring and for the review after submission. Staff's writes are in their own module.

/** A test's own columns, as the exam and staff's manager read them. */
export const testColumns = [
  "id",
  "slug",
  "title",
  "kind",
  "instructions_md",
  "instructions_html",
  "duration_minutes",
  "access",
  "paid_url",
  "opens_at",
  "closes_at",
  "status",
  "is_sample",
  "published_at",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof PracticeTestsTable)[];

export function findTestBySlug(db: DB, slug: string) {
  return db.selectFrom("practice_tests").select(testColumns).where("slug", "=", slug).executeTakeFirst();
}

export type PracticeTest = NonNullable<Awaited<ReturnType<typeof findTestBySlug>>>;

/** A test aspirants may see: published. */
export function findPublishedTest(db: DB, slug: string) {
  return db
    .selectFrom("practice_tests")
    .select(testColumns)
    .where("slug", "=", slug)
    .where("status", "=", "published")
    .executeTakeFirst();
}

/** The published tests' slugs, for sitemap.xml. */
export function listPublishedTestSlugs(db: DB) {
  return db.selectFrom("practice_tests").select("slug").where("status", "=", "published").orderBy("id").execute();
}

export function findTestById(db: DB, id: number) {
  return db.selectFrom("practice_tests").select(testColumns).where("id", "=", id).executeTakeFirst();
}

/**
 * A test's paper joined to its questions and, for each, the version it uses: the frozen one, or
 * while none is frozen (a draft never attempted) the question's current version.
 */
function paper(db: DB, testId: number) {
  return db
    .selectFrom("practice_test_questions as t")
    .innerJoin("questions as q", "q.id", "t.question_id")
    .innerJoin("question_versions as v", (join) =>
      join.on(
        sql<boolean>`v.id = coalesce(t.version_id, (select cv.id from question_versions cv where cv.question_id = q.id and cv.version_no = q.current_version))`,
      ),
    )
    .where("t.test_id", "=", testId)
    .orderBy("t.position");
}

/** The paper as staff's list and the publish check need it: no text, no key. */
export async function listTestPaper(db: DB, testId: number) {
  const rows = await paper(db, testId)
    .select([
      "t.position",
      "t.section",
      "t.question_id",
      "t.version_id as frozen_version_id",
      "q.slug as question_slug",
      "q.subject",
      "q.topic",
      "q.status as question_status",
      "q.current_version",
      "v.id as version_id",
      "v.version_no",
      "v.type",
      "v.marks",
    ])
    .execute();
  return rows.map(({ frozen_version_id, ...row }) => ({ ...row, frozen: frozen_version_id !== null }));
}

export type PaperQuestion = Awaited<ReturnType<typeof listTestPaper>>[number];

/** What the exam shows of each question: NEVER the key (correct, nat_min, nat_max) or the solution. */
export function listExamQuestions(db: DB, testId: number) {
  return paper(db, testId)
    .select(["t.position", "t.section", "v.type", "v.marks", "v.text_html", "v.options_html", "v.nat_decimals"])
    .execute();
}

export type ExamQuestionRow = Awaited<ReturnType<typeof listExamQuestions>>[number];

/** Each position's question type and NAT decimals: what a save is checked against. */
export function listPaperShapes(db: DB, testId: number) {
  return paper(db, testId).select(["t.position", "v.type", "v.nat_decimals"]).execute();
}

/** Each question with its key and solution: for scoring, and for the review once submitted. */
export function listKeyedQuestions(db: DB, testId: number) {
  return paper(db, testId)
    .select([
      "t.position",
      "t.section",
      "q.slug as question_slug",
      "v.id as version_id",
      "v.type",
      "v.marks",
      "v.text_html",
      "v.options_html",
      "v.nat_decimals",
      "v.correct",
      "v.nat_min",
      "v.nat_max",
      "v.solution_html",
    ])
    .execute();
}

export type KeyedQuestionRow = Awaited<ReturnType<typeof listKeyedQuestions>>[number];

/**
 * Freezes the versions the paper uses, at publish: each position gets its question's current
 * version. Once the test has an attempt, a frozen version is never changed (answers were given to
 * it); only positions without one are set.
 */
export async function freezeTestVersions(db: DB, testId: number): Promise<void> {
  const attempted = await testHasAttempts(db, testId);
  let update = db
    .updateTable("practice_test_questions")
    .set({
      version_id: sql<number>`(select v.id from questions q join question_versions v on v.question_id = q.id and v.version_no = q.current_version where q.id = practice_test_questions.question_id)`,
    })
    .where("test_id", "=", testId);
  if (attempted) update = update.where("version_id", "is", null);
  await update.execute();
}
