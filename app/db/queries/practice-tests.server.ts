import { sql } from "kysely";
import { isPostgres, type DB } from "../client.server";
import type { AttemptStatus, PracticeTestsTable, SubmitReason } from "../schema";

// Timed tests (issue 47): the tests, their papers, attempts and saved answers, on both engines.
// The rules (who may start, when a save counts, when an attempt ends) are in
// ~/lib/exam/attempts.server.ts; these are the small reads and writes it is made of, and the reads
// staff's manager shares. What the exam shows before submission is read by listExamQuestions,
// which never selects a key or a solution; those are read by listKeyedQuestions alone, for scoring
// and for the review after submission. Staff's writes are in their own module.

const testColumns = [
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

export async function countTestAttempts(db: DB, testId: number): Promise<number> {
  const row = await db
    .selectFrom("test_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("test_id", "=", testId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function testHasAttempts(db: DB, testId: number): Promise<boolean> {
  const row = await db
    .selectFrom("test_attempts")
    .select("id")
    .where("test_id", "=", testId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

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

// --- attempts ---------------------------------------------------------------------------------

const attemptColumns = [
  "id",
  "test_id",
  "started_at",
  "deadline_at",
  "submitted_at",
  "submit_reason",
  "score_thirds",
  "email",
  "consent_at",
  "lead_id",
  "last_position",
] as const;

export interface NewAttempt {
  testId: number;
  tokenHash: string;
  startedAt: string;
  deadlineAt: string;
  ipKey: string;
  /** The paper's positions: a not-visited row is written for each. */
  positions: readonly number[];
}

/** Writes an attempt and its answer rows (all not visited); its id. Call inside a transaction. */
export async function insertAttempt(db: DB, attempt: NewAttempt): Promise<number> {
  const { id } = await db
    .insertInto("test_attempts")
    .values({
      test_id: attempt.testId,
      token_hash: attempt.tokenHash,
      started_at: attempt.startedAt,
      deadline_at: attempt.deadlineAt,
      ip_key: attempt.ipKey,
      last_position: attempt.positions[0] ?? 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (attempt.positions.length) {
    await db
      .insertInto("attempt_answers")
      .values(
        attempt.positions.map((position) => ({
          attempt_id: id,
          position,
          status: "not_visited" as const,
          answer: null,
          seconds_spent: 0,
          client_seq: 0,
          updated_at: attempt.startedAt,
        })),
      )
      .execute();
  }
  return id;
}

export function findAttemptByHash(db: DB, tokenHash: string) {
  return db.selectFrom("test_attempts").select(attemptColumns).where("token_hash", "=", tokenHash).executeTakeFirst();
}

export type AttemptRow = NonNullable<Awaited<ReturnType<typeof findAttemptByHash>>>;

export function findAttemptById(db: DB, id: number) {
  return db.selectFrom("test_attempts").select(attemptColumns).where("id", "=", id).executeTakeFirst();
}

/**
 * The open attempt a save is for (not submitted, before its deadline at `now`), recording the
 * question shown when `at` is given; undefined when it is unknown or no longer open. Each answer
 * is then written by writeAnswer, which checks again in its own statement.
 */
export function claimOpenAttempt(db: DB, tokenHash: string, now: string, at?: number) {
  return db
    .updateTable("test_attempts")
    .set({ last_position: at === undefined ? sql<number>`last_position` : at })
    .where("token_hash", "=", tokenHash)
    .where("submitted_at", "is", null)
    .where("deadline_at", ">", now)
    .returning(["id", "test_id", "started_at", "deadline_at"])
    .executeTakeFirst();
}

export interface AnswerWrite {
  position: number;
  status: AttemptStatus;
  /** JSON of the answer given, or null. */
  answer: string | null;
  secondsSpent: number;
  seq: number;
}

/**
 * Writes a save unless a save of the same or a later sequence is stored, or the attempt is no
 * longer open; whether it was written. One statement, no transaction: the open check reads the
 * attempt's row FOR SHARE on PostgreSQL, so a submission (which updates that row, then reads the
 * answers) waits for a save under way and a save after it finds the row submitted and writes
 * nothing. SQLite runs one writer at a time.
 */
export async function writeAnswer(db: DB, attemptId: number, write: AnswerWrite, stamp: string): Promise<boolean> {
  const result = await db
    .updateTable("attempt_answers")
    .set({
      status: write.status,
      answer: write.answer,
      seconds_spent: write.secondsSpent,
      client_seq: write.seq,
      updated_at: stamp,
    })
    .where("attempt_id", "=", attemptId)
    .where("position", "=", write.position)
    .where("client_seq", "<", write.seq)
    .where(({ exists, selectFrom }) => {
      let open = selectFrom("test_attempts")
        .select(sql<number>`1`.as("open"))
        .where("id", "=", attemptId)
        .where("submitted_at", "is", null)
        .where("deadline_at", ">", stamp);
      if (isPostgres(db)) open = open.forShare();
      return exists(open);
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function listAttemptAnswers(db: DB, attemptId: number) {
  return db
    .selectFrom("attempt_answers")
    .select(["position", "status", "answer", "seconds_spent", "client_seq"])
    .where("attempt_id", "=", attemptId)
    .orderBy("position")
    .execute();
}

export type AttemptAnswerRow = Awaited<ReturnType<typeof listAttemptAnswers>>[number];

/**
 * Marks an attempt submitted, once: only an attempt not yet submitted is changed (the row lock
 * makes a concurrent second submission wait and then find it submitted). Whether this call did it.
 */
export async function markSubmitted(
  db: DB,
  attemptId: number,
  submittedAt: string,
  reason: SubmitReason,
): Promise<boolean> {
  const result = await db
    .updateTable("test_attempts")
    .set({ submitted_at: submittedAt, submit_reason: reason })
    .where("id", "=", attemptId)
    .where("submitted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setAttemptScore(db: DB, attemptId: number, scoreThirds: number) {
  await db.updateTable("test_attempts").set({ score_thirds: scoreThirds }).where("id", "=", attemptId).execute();
}

/**
 * Records the e-mail for the result link, given with consent, unless the attempt has one: whether
 * it was recorded (one e-mail per attempt, even for two requests at once).
 */
export async function claimAttemptEmail(db: DB, attemptId: number, email: string, consentAt: string) {
  const result = await db
    .updateTable("test_attempts")
    .set({ email, consent_at: consentAt })
    .where("id", "=", attemptId)
    .where("email", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setAttemptLead(db: DB, attemptId: number, leadId: number) {
  await db.updateTable("test_attempts").set({ lead_id: leadId }).where("id", "=", attemptId).execute();
}

/** How the submitted attempts of a test stand against `score`: above it, below it, and in all. */
export async function countStanding(db: DB, testId: number, score: number) {
  const row = await db
    .selectFrom("test_attempts")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(eb.case().when("score_thirds", ">", score).then(1).else(0).end()).as("above"),
      eb.fn.sum<number>(eb.case().when("score_thirds", "<", score).then(1).else(0).end()).as("below"),
    ])
    .where("test_id", "=", testId)
    .where("submitted_at", "is not", null)
    .where("score_thirds", "is not", null)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), above: Number(row.above ?? 0), below: Number(row.below ?? 0) };
}

/** Open attempts of a test whose deadline has passed (ended by the clock, not yet scored). */
export function listExpiredOpenAttempts(db: DB, now: string, limit = 100) {
  return db
    .selectFrom("test_attempts")
    .select(["id", "test_id", "deadline_at"])
    .where("submitted_at", "is", null)
    .where("deadline_at", "<=", now)
    .orderBy("deadline_at")
    .limit(limit)
    .execute();
}
