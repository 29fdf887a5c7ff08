import type { DB } from "../client.server";
import type { QuestionDifficulty, QuestionSource, QuestionType } from "../schema";
import { writeOnce } from "./idempotency-keys.server";

// The question bank's public reads and the aspirant's writes (issue 46): only PUBLISHED questions,
// each at its CURRENT version. What a page shows before the aspirant answers never holds the key
// or the solution: those are read by questionKey alone, when an answer is checked or the answer
// is asked for. Staff's reads and writes are in question-writes.server.ts.
//
// A practice set is the published questions matching some filters, in id order; a page shows one
// of them by id (a cursor), so "next" is one seek in the questions_practice index (status,
// subject, topic, id) whatever the bank holds.

/** What narrows a practice set; each absent filter lets every value through. */
export interface PracticeFilter {
  subject?: string;
  topic?: string;
  type?: QuestionType;
  difficulty?: QuestionDifficulty;
  source?: QuestionSource;
}

/** The published questions, each joined to its current version. */
function published(db: DB) {
  return db
    .selectFrom("questions as q")
    .innerJoin("question_versions as v", (join) =>
      join.onRef("v.question_id", "=", "q.id").onRef("v.version_no", "=", "q.current_version"),
    )
    .where("q.status", "=", "published");
}

/**
 * The set's questions, from the questions table alone: its current version is a condition (EXISTS),
 * not a join, so that reads ordered by id walk the primary key (a join let SQLite start from the
 * versions and sort the whole set).
 */
function practiceSet(db: DB, filter: PracticeFilter) {
  let set = db.selectFrom("questions as q").where("q.status", "=", "published");
  if (filter.subject) set = set.where("q.subject", "=", filter.subject);
  if (filter.topic) set = set.where("q.topic", "=", filter.topic);
  if (filter.difficulty) set = set.where("q.difficulty", "=", filter.difficulty);
  if (filter.source) set = set.where("q.source", "=", filter.source);
  return set.where(({ exists, selectFrom }) => {
    let version = selectFrom("question_versions as v")
      .select("v.id")
      .whereRef("v.question_id", "=", "q.id")
      .whereRef("v.version_no", "=", "q.current_version");
    if (filter.type) version = version.where("v.type", "=", filter.type);
    return exists(version);
  });
}

/**
 * What a page shows of a question before it is answered: its place, its source, the version's
 * type, marks, text and options, and for NAT the decimals to enter. Never the key
 * (correct, nat_min, nat_max) or the solution.
 */
const shownColumns = [
  "q.id",
  "q.slug",
  "q.subject",
  "q.topic",
  "q.difficulty",
  "q.source",
  "q.gate_year",
  "q.gate_question_no",
  "q.source_media_hash",
  "q.is_sample",
  "q.published_at",
  "q.updated_at",
  "v.version_no",
  "v.type",
  "v.marks",
  "v.text_md",
  "v.text_html",
  "v.options_html",
  "v.nat_decimals",
] as const;

/** How many published questions each subject and topic holds, of each source. */
export async function countPublishedQuestions(db: DB) {
  const rows = await published(db)
    .select((eb) => ["q.subject", "q.topic", "q.source", eb.fn.countAll<number | string>().as("count")])
    .groupBy(["q.subject", "q.topic", "q.source"])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** How many questions the set holds. */
export async function countPracticeSet(db: DB, filter: PracticeFilter): Promise<number> {
  const row = await practiceSet(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The set's question with this id, or its first when `id` is undefined; undefined when none. */
export function findPracticeQuestion(db: DB, filter: PracticeFilter, id?: number) {
  const set = practiceSet(db, filter)
    .innerJoin("question_versions as v", (join) =>
      join.onRef("v.question_id", "=", "q.id").onRef("v.version_no", "=", "q.current_version"),
    )
    .select(shownColumns);
  // The first is the first id after 0: a seek along the primary key that stops at the first match,
  // where a bare ORDER BY id let SQLite read the whole set through the status index and sort it.
  return (
    id === undefined ? set.where("q.id", ">", 0).orderBy("q.id").limit(1) : set.where("q.id", "=", id)
  ).executeTakeFirst();
}

export type ShownQuestion = NonNullable<Awaited<ReturnType<typeof findPracticeQuestion>>>;

/** The question's number in the set (1 for the first), counting the questions up to its id. */
export async function practicePosition(db: DB, filter: PracticeFilter, id: number): Promise<number> {
  const row = await practiceSet(db, filter)
    .where("q.id", "<=", id)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The ids of up to `limit` questions of the set before `id` (nearest first) and after it (nearest
 * first): seeks along the primary key that stop at the limit, whatever the size of the set.
 */
export async function practiceIdsAround(db: DB, filter: PracticeFilter, id: number, limit: number) {
  const [before, after] = await Promise.all([
    practiceSet(db, filter).where("q.id", "<", id).select("q.id").orderBy("q.id", "desc").limit(limit).execute(),
    practiceSet(db, filter).where("q.id", ">", id).select("q.id").orderBy("q.id").limit(limit).execute(),
  ]);
  return { before: before.map((row) => row.id), after: after.map((row) => row.id) };
}

/** A published question by its slug, as its page shows it before an answer; undefined otherwise. */
export function findPublishedQuestion(db: DB, slug: string) {
  return published(db)
    .leftJoin("media_files as m", "m.hash", "q.source_media_hash")
    .select([...shownColumns, "m.filename as source_filename", "m.title as source_title"])
    .where("q.slug", "=", slug)
    .executeTakeFirst();
}

export type PublishedQuestion = NonNullable<Awaited<ReturnType<typeof findPublishedQuestion>>>;

/**
 * The key and solution of a version of a published question: server only, read when an answer is
 * checked or the answer is asked for. The version the aspirant saw, which may be older than the
 * current one if staff edited the question meanwhile; undefined for a draft or an unknown version.
 */
export function questionKey(db: DB, questionId: number, versionNo: number) {
  return db
    .selectFrom("questions as q")
    .innerJoin("question_versions as v", "v.question_id", "q.id")
    .select([
      "q.id as question_id",
      "v.id as version_id",
      "v.version_no",
      "v.type",
      "v.correct",
      "v.nat_min",
      "v.nat_max",
      "v.nat_decimals",
      "v.solution_html",
    ])
    .where("q.status", "=", "published")
    .where("q.id", "=", questionId)
    .where("v.version_no", "=", versionNo)
    .executeTakeFirst();
}

export type StoredKey = NonNullable<Awaited<ReturnType<typeof questionKey>>>;

/** Every published question's slug, for sitemap.xml. */
export function listPublishedSlugs(db: DB) {
  return db.selectFrom("questions").select("slug").where("status", "=", "published").orderBy("id").execute();
}

/** What site search indexes of each published question: its place, source and text, never its answer. */
export function listSearchableQuestions(db: DB) {
  return published(db)
    .select([
      "q.slug",
      "q.subject",
      "q.topic",
      "q.source",
      "q.gate_year",
      "q.gate_question_no",
      "q.is_sample",
      "v.type",
      "v.text_md",
    ])
    .orderBy("q.id")
    .execute();
}

/** A checked practice answer: which version it answered, what was given (JSON) and whether it was right. */
export async function insertPracticeAnswer(
  db: DB,
  answer: { versionId: number; given: string; isCorrect: boolean },
  now = new Date(),
) {
  await db
    .insertInto("question_answers")
    .values({
      version_id: answer.versionId,
      answer: answer.given,
      is_correct: answer.isCorrect,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The question a report is about: published, at its current version; undefined otherwise. */
export function findReportedQuestion(db: DB, slug: string) {
  return db
    .selectFrom("questions")
    .select(["id", "current_version"])
    .where("status", "=", "published")
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/**
 * "Report a problem with this question", stored once (issue 7: a double click or a retried POST
 * with the same key writes nothing and gives null). Staff see it in the admin's reports queue.
 */
export function insertQuestionReport(
  db: DB,
  report: { questionId: number; versionNo: number; message: string; email: string | null },
  now = new Date(),
  key?: string,
) {
  const stamp = now.toISOString();
  return writeOnce(db, key, now, async (trx) => {
    const { id } = await trx
      .insertInto("question_reports")
      .values({
        question_id: report.questionId,
        version_no: report.versionNo,
        message: report.message,
        email: report.email,
        status: "new",
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  });
}
