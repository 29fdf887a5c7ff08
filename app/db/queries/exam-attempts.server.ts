import { sql } from "kysely";
import { isPostgres, type DB } from "../client.server";
import type { AttemptStatus, SubmitReason } from "../schema";

// The timed tests' attempts and their saved answers (issue 47; test_attempts and attempt_answers),
// on both engines. The rules (who may start, when a save counts, when an attempt ends) are in
// ~/lib/exam/attempts.server.ts; these are the small reads and writes it is made of. The save
// (claimOpenAttempt, then writeAnswer per answer) is two autocommit statements, tuned on the
// mock-day bench: keep it so. The tests and their papers are ./practice-tests.server.ts; staff's
// statistics of the attempts are ./practice-test-admin.server.ts.

/** Whether anyone has started the test (its paper and frozen versions then stay as they are). */
export async function testHasAttempts(db: DB, testId: number): Promise<boolean> {
  const row = await db
    .selectFrom("test_attempts")
    .select("id")
    .where("test_id", "=", testId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

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
