import { sql, type Transaction } from "kysely";
import { freeSlug } from "./free-slug.server";
import type { ListQuery } from "~/core/list-query";
import type { ListPage } from "~/core/pagination";
import { readListPage } from "../admin-list.server";
import { auditedWrite, ADMIN_LIST_LIMIT, type AdminActor } from "../audited-write.server";
import { isPostgres, type DB } from "../client.server";
import type { Database } from "../schema";
import { freezeTestVersions, listTestPaper, testColumns, type PaperQuestion } from "./practice-tests.server";

/** A slug's longest length before its suffix: readable in an address, with room for a "-2". */
const SLUG_ROOT_MAX = 56;

// The timed tests' staff side (issue 47): every write (a test's fields, publish with its
// composition check and the freezing of question versions, unpublish, delete, its question list)
// goes through auditedWrite, so its audit row and the content-version bump commit with it; and the
// admin's reads (the list with each test's questions and attempts, one test with its questions,
// the statistics' aggregates). The public side is ./practice-tests.server.ts (the tests and their
// papers) and ./exam-attempts.server.ts (attempts and answers).
//
// The rules kept here:
// - A test's questions change only while it is a draft nobody has taken: a test with attempts
//   keeps its paper, so every result of it is of the same paper.
// - Publishing freezes versions: each question's version_id is set to its current version (a test
//   nobody has taken yet picks up the bank's latest at each publish; a taken one keeps its own).
//   Unpublishing a test nobody has taken clears them again: a draft uses the bank's current.
// - A test with attempts is never deleted (unpublish it), like an answered question.
// Callers check the form and render the Markdown (~/lib/admin/practice-test-actions.server.ts).

export type TestKind = "topic" | "subject" | "full_mock" | "previous_year";
export type TestSection = "ga" | "subject";

/** A test's own fields as the form gives them, instructions rendered. */
export interface TestRecord {
  title: string;
  kind: TestKind;
  instructions_md: string;
  instructions_html: string;
  duration_minutes: number;
  access: "free" | "paid";
  paid_url: string | null;
  opens_at: string | null;
  closes_at: string | null;
  is_sample: boolean;
  status: "draft" | "published";
}

// --- Reads --------------------------------------------------------------------------------------

/** Each test's attempts: how many started, how many submitted. */
const attemptCounts = (db: DB | Transaction<Database>) =>
  db
    .selectFrom("test_attempts")
    .select((eb) => [
      "test_id",
      eb.fn.countAll<number>().as("started"),
      eb.fn.count<number>("submitted_at").as("submitted"),
    ])
    .groupBy("test_id");

/**
 * A test's questions with the version the test uses: the frozen one, else the bank's current (a
 * draft nobody has taken).
 */
const usedVersions = (db: DB | Transaction<Database>) =>
  db
    .selectFrom("practice_test_questions as tq")
    .innerJoin("questions as q", "q.id", "tq.question_id")
    .innerJoin("question_versions as cv", (join) =>
      join.onRef("cv.question_id", "=", "q.id").onRef("cv.version_no", "=", "q.current_version"),
    )
    .leftJoin("question_versions as fv", "fv.id", "tq.version_id");

/** Each test's questions and marks. */
const paperTotals = (db: DB) =>
  usedVersions(db)
    .select((eb) => [
      "tq.test_id",
      eb.fn.countAll<number>().as("questions"),
      sql<number>`sum(coalesce(fv.marks, cv.marks))`.as("marks"),
    ])
    .groupBy("tq.test_id");

export interface AdminTestRow {
  id: number;
  slug: string;
  title: string;
  kind: TestKind;
  duration_minutes: number;
  access: "free" | "paid";
  paid_url: string | null;
  opens_at: string | null;
  closes_at: string | null;
  status: "draft" | "published";
  is_sample: boolean;
  published_at: string | null;
  updated_at: string;
  questions: number;
  marks: number;
  started: number;
  submitted: number;
}

/** The tests with their paper's size and their attempts. */
const adminTests = (db: DB) =>
  db
    .selectFrom("practice_tests as t")
    .leftJoin(paperTotals(db).as("p"), "p.test_id", "t.id")
    .leftJoin(attemptCounts(db).as("a"), "a.test_id", "t.id")
    .select([
      "t.id",
      "t.slug",
      "t.title",
      "t.kind",
      "t.duration_minutes",
      "t.access",
      "t.paid_url",
      "t.opens_at",
      "t.closes_at",
      "t.status",
      "t.is_sample",
      "t.published_at",
      "t.updated_at",
    ])
    .select((eb) => [
      eb.fn.coalesce("p.questions", sql<number>`0`).as("questions"),
      eb.fn.coalesce("p.marks", sql<number>`0`).as("marks"),
      eb.fn.coalesce("a.started", sql<number>`0`).as("started"),
      eb.fn.coalesce("a.submitted", sql<number>`0`).as("submitted"),
    ]);

type AdminTestRead = Awaited<ReturnType<ReturnType<typeof adminTests>["execute"]>>[number];

const toAdminTestRow = (row: AdminTestRead): AdminTestRow => ({
  ...row,
  kind: row.kind as TestKind,
  access: row.access as "free" | "paid",
  status: row.status as "draft" | "published",
  duration_minutes: Number(row.duration_minutes),
  questions: Number(row.questions),
  marks: Number(row.marks),
  started: Number(row.started),
  submitted: Number(row.submitted),
});

/** Every test, recently changed first, with its paper's size and its attempts. */
export async function listTestsForAdmin(db: DB): Promise<AdminTestRow[]> {
  const rows = await adminTests(db)
    .orderBy("t.updated_at", "desc")
    .orderBy("t.id", "desc")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
  return rows.map(toAdminTestRow);
}

/**
 * One page of the manager's list (issue 48): searched in the title and address, filtered by
 * ?status= and ?kind=, sorted.
 */
export async function pageTestsForAdmin(db: DB, list: ListQuery): Promise<ListPage<AdminTestRow>> {
  let query = adminTests(db);
  const { status, kind } = list.filters;
  if (status) query = query.where("t.status", "=", status as "draft" | "published");
  if (kind) query = query.where("t.kind", "=", kind as TestKind);
  const page = await readListPage(query, list, {
    id: "t.id",
    search: ["t.title", "t.slug"],
    sorts: { updated: { column: "t.updated_at" }, title: { column: "t.title" }, kind: { column: "t.kind" } },
  });
  return { ...page, items: page.items.map(toAdminTestRow) };
}

/** The on-site tests a free-test item may open: every test, published ones first. */
export async function listTestChoices(db: DB) {
  const rows = await db
    .selectFrom("practice_tests")
    .select(["id", "title", "status", "is_sample"])
    .orderBy(sql`case when status = 'published' then 0 else 1 end`)
    .orderBy("title")
    .orderBy("id")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({ ...row, status: row.status as "draft" | "published" }));
}

/** A question of a test as the editor shows it. */
export interface AdminTestQuestion {
  position: number;
  section: TestSection;
  question_id: number;
  slug: string;
  subject: string;
  topic: string;
  /** Published in the bank. */
  published: boolean;
  current_version: number;
  /** The frozen version's number; null while the test uses the bank's current. */
  frozen_version: number | null;
  type: "mcq" | "msq" | "nat";
  marks: number;
  text_md: string;
}

export interface AdminTest extends TestRecord {
  id: number;
  slug: string;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  questions: AdminTestQuestion[];
  started: number;
  submitted: number;
}

async function questionsOf(db: DB | Transaction<Database>, testId: number): Promise<AdminTestQuestion[]> {
  const rows = await usedVersions(db)
    .select([
      "tq.position",
      "tq.section",
      "tq.question_id",
      "q.slug",
      "q.subject",
      "q.topic",
      "q.status",
      "q.current_version",
      "fv.version_no as frozen_version",
      "fv.type as frozen_type",
      "fv.marks as frozen_marks",
      "fv.text_md as frozen_text",
      "cv.type",
      "cv.marks",
      "cv.text_md",
    ])
    .where("tq.test_id", "=", testId)
    .orderBy("tq.position")
    .execute();
  return rows.map((row) => {
    const frozen = row.frozen_version !== null;
    return {
      position: Number(row.position),
      section: row.section as TestSection,
      question_id: row.question_id,
      slug: row.slug,
      subject: row.subject,
      topic: row.topic,
      published: row.status === "published",
      current_version: Number(row.current_version),
      frozen_version: frozen ? Number(row.frozen_version) : null,
      type: (frozen ? row.frozen_type! : row.type) as AdminTestQuestion["type"],
      marks: Number(frozen ? row.frozen_marks : row.marks),
      text_md: frozen ? row.frozen_text! : row.text_md,
    };
  });
}

async function attemptsOf(db: DB | Transaction<Database>, testId: number) {
  const row = await db
    .selectFrom("test_attempts")
    .select((eb) => [eb.fn.countAll<number>().as("started"), eb.fn.count<number>("submitted_at").as("submitted")])
    .where("test_id", "=", testId)
    .executeTakeFirstOrThrow();
  return { started: Number(row.started), submitted: Number(row.submitted) };
}

/** One test with its questions and attempts; null when there is none. */
export async function getTestForAdmin(db: DB, id: number): Promise<AdminTest | null> {
  const row = await db.selectFrom("practice_tests").select(testColumns).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [questions, attempts] = await Promise.all([questionsOf(db, id), attemptsOf(db, id)]);
  return {
    ...row,
    kind: row.kind as TestKind,
    access: row.access as "free" | "paid",
    status: row.status as "draft" | "published",
    duration_minutes: Number(row.duration_minutes),
    questions,
    ...attempts,
  };
}

// --- Writes -------------------------------------------------------------------------------------

/** Why a publish was refused: the problems the check found (~/lib/exam/publish-check.ts). */
export interface PublishRefusal {
  refused: string[];
}

/**
 * The publish check (~/lib/exam/publish-check.ts, passed in by the caller: this layer imports no
 * rules): the problems with the test's fields and its paper, none when it may be published.
 */
export type PublishCheckOf = (
  test: Pick<TestRecord, "kind" | "is_sample" | "duration_minutes">,
  paper: PaperQuestion[],
) => string[];

/** The test row locked for this write (PostgreSQL; SQLite writes one transaction at a time). */
async function lockTest(trx: Transaction<Database>, id: number) {
  let query = trx
    .selectFrom("practice_tests")
    .select(["id", "slug", "title", "status", "published_at", "kind", "is_sample", "duration_minutes"])
    .where("id", "=", id);
  if (isPostgres(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? { ...row, duration_minutes: Number(row.duration_minutes) } : undefined;
}

/**
 * Checks a test that is to be published and freezes its versions: the problems found, or none
 * (then the versions are frozen). A test already taken keeps its frozen versions.
 */
async function preparePublish(
  trx: Transaction<Database>,
  id: number,
  fields: Pick<TestRecord, "kind" | "is_sample" | "duration_minutes">,
  check: PublishCheckOf,
): Promise<string[]> {
  const problems = check(fields, await listTestPaper(trx, id));
  if (problems.length > 0) return problems;
  await freezeTestVersions(trx, id);
  return [];
}

/** Clears a draft's frozen versions when nobody has taken it: a draft uses the bank's current. */
async function thawVersions(trx: Transaction<Database>, id: number) {
  const { started } = await attemptsOf(trx, id);
  if (started === 0)
    await trx.updateTable("practice_test_questions").set({ version_id: null }).where("test_id", "=", id).execute();
}

/**
 * Creates a test (no questions yet), claiming the form's submission first. A test created as
 * published is checked like any publish: with no questions, it is refused.
 */
export function createTest(db: DB, actor: AdminActor, record: TestRecord, check: PublishCheckOf, now = new Date()) {
  return auditedWrite<{ id: number; slug: string } | PublishRefusal>(
    db,
    actor,
    "practice_tests",
    now,
    async ({ trx, stamp, claim }) => {
      if (record.status === "published") {
        const problems = check(record, []);
        if (problems.length > 0) return { result: { refused: problems } };
      }
      await claim("create");
      const slug = await freeSlug(trx, "practice_tests", record.title, { maxLength: SLUG_ROOT_MAX });
      const { id } = await trx
        .insertInto("practice_tests")
        .values({ ...record, slug, published_at: null, created_at: stamp, updated_at: stamp })
        .returning("id")
        .executeTakeFirstOrThrow();
      const details = { slug, kind: record.kind, status: record.status };
      return { result: { id, slug }, audit: { action: "create", entityId: id, details } };
    },
  );
}

export type UpdateOutcome = { ok: true; slug: string } | PublishRefusal | null;

/**
 * Saves a test's fields. Published (or kept published), the test is checked with its questions;
 * refused, nothing changes. The slug follows the title until the test is first published.
 */
export function updateTest(
  db: DB,
  actor: AdminActor,
  id: number,
  record: TestRecord,
  check: PublishCheckOf,
  now = new Date(),
) {
  return auditedWrite<UpdateOutcome>(db, actor, "practice_tests", now, async ({ trx, stamp }) => {
    const before = await lockTest(trx, id);
    if (!before) return { result: null };
    if (record.status === "published") {
      // Frozen at the first publish only: an edit of a published test keeps its versions.
      const problems =
        before.status === "published"
          ? check(record, await listTestPaper(trx, id))
          : await preparePublish(trx, id, record, check);
      if (problems.length > 0) return { result: { refused: problems } };
    } else if (before.status === "published") await thawVersions(trx, id);
    const slug =
      before.published_at === null && before.title !== record.title
        ? await freeSlug(trx, "practice_tests", record.title, { exceptId: id, maxLength: SLUG_ROOT_MAX })
        : before.slug;
    const published_at = before.published_at ?? (record.status === "published" ? stamp : null);
    await trx
      .updateTable("practice_tests")
      .set({ ...record, slug, published_at, updated_at: stamp })
      .where("id", "=", id)
      .execute();
    const details = { slug, status: record.status };
    return { result: { ok: true, slug }, audit: { action: "update", entityId: id, details } };
  });
}

/** Publishes (checked, versions frozen) or unpublishes a test. Null when there is no such test. */
export function setTestStatus(
  db: DB,
  actor: AdminActor,
  id: number,
  status: "draft" | "published",
  check: PublishCheckOf,
  now = new Date(),
) {
  return auditedWrite<{ ok: true } | PublishRefusal | null>(
    db,
    actor,
    "practice_tests",
    now,
    async ({ trx, stamp }) => {
      const before = await lockTest(trx, id);
      if (!before) return { result: null };
      if (before.status === status) return { result: { ok: true } };
      if (status === "published") {
        const fields = {
          kind: before.kind as TestKind,
          is_sample: before.is_sample,
          duration_minutes: before.duration_minutes,
        };
        const problems = await preparePublish(trx, id, fields, check);
        if (problems.length > 0) return { result: { refused: problems } };
      } else await thawVersions(trx, id);
      await trx
        .updateTable("practice_tests")
        .set({
          status,
          updated_at: stamp,
          published_at: before.published_at ?? (status === "published" ? stamp : null),
        })
        .where("id", "=", id)
        .execute();
      return {
        result: { ok: true },
        audit: { action: "update", entityId: id, details: { slug: before.slug, status } },
      };
    },
  );
}

export type DeleteTestOutcome = "deleted" | "attempted" | "missing";

/** Deletes a test and its question list, unless someone has taken it; free-test items forget it. */
export function deleteTest(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return auditedWrite<DeleteTestOutcome>(db, actor, "practice_tests", now, async ({ trx }) => {
    const before = await lockTest(trx, id);
    if (!before) return { result: "missing" };
    if ((await attemptsOf(trx, id)).started > 0) return { result: "attempted" };
    // Explicit, not left to the foreign keys: nothing depends on SQLite's foreign_keys pragma.
    await trx.updateTable("test_items").set({ practice_test_id: null }).where("practice_test_id", "=", id).execute();
    await trx.deleteFrom("practice_test_questions").where("test_id", "=", id).execute();
    await trx.deleteFrom("practice_tests").where("id", "=", id).execute();
    return { result: "deleted", audit: { action: "delete", entityId: id, details: { slug: before.slug } } };
  });
}

// --- The question list --------------------------------------------------------------------------

export type QuestionListChange =
  | { kind: "add"; questionId: number }
  | { kind: "move"; position: number; direction: "up" | "down" }
  | { kind: "remove"; position: number };

export type QuestionListOutcome =
  | { ok: true; section?: TestSection; moved?: boolean }
  | {
      ok: false;
      reason:
        | "missing"
        | "published"
        | "attempted"
        | "in-test"
        | "unknown-question"
        | "draft-question"
        | "full"
        | "no-position";
    };

interface ListEntry {
  question_id: number;
  section: TestSection;
}

/**
 * Changes a draft's question list: adds a published question at the end of its section (General
 * Aptitude questions to GA, the others to the subject; GA comes first in the paper), moves one up
 * or down within its section, or removes one. The list is written whole, numbered 1..n in the
 * paper's order, which keeps the (test, position) key simple on both engines.
 */
export function changeTestQuestions(
  db: DB,
  actor: AdminActor,
  id: number,
  change: QuestionListChange,
  options: { maxQuestions: number; sectionOf: (subject: string) => TestSection },
  now = new Date(),
) {
  return auditedWrite<QuestionListOutcome>(db, actor, "practice_tests", now, async ({ trx, stamp }) => {
    const test = await lockTest(trx, id);
    if (!test) return { result: { ok: false, reason: "missing" } };
    if (test.status !== "draft") return { result: { ok: false, reason: "published" } };
    if ((await attemptsOf(trx, id)).started > 0) return { result: { ok: false, reason: "attempted" } };
    const rows = await trx
      .selectFrom("practice_test_questions")
      .select(["position", "question_id", "section"])
      .where("test_id", "=", id)
      .orderBy("position")
      .execute();
    const list: ListEntry[] = rows.map((row) => ({
      question_id: row.question_id,
      section: row.section as TestSection,
    }));
    let details: Record<string, string | number>;
    let outcome: QuestionListOutcome = { ok: true };

    if (change.kind === "add") {
      if (list.some((entry) => entry.question_id === change.questionId))
        return { result: { ok: false, reason: "in-test" } };
      if (list.length >= options.maxQuestions) return { result: { ok: false, reason: "full" } };
      const question = await trx
        .selectFrom("questions")
        .select(["slug", "status", "subject"])
        .where("id", "=", change.questionId)
        .executeTakeFirst();
      if (!question) return { result: { ok: false, reason: "unknown-question" } };
      if (question.status !== "published") return { result: { ok: false, reason: "draft-question" } };
      const section = options.sectionOf(question.subject);
      // GA first in the paper: a GA question goes after the last GA one, a subject question last.
      const at = section === "ga" ? list.filter((entry) => entry.section === "ga").length : list.length;
      list.splice(at, 0, { question_id: change.questionId, section });
      details = { slug: test.slug, added: question.slug, position: at + 1 };
      outcome = { ok: true, section };
    } else {
      const index = change.position - 1;
      const entry = list[index];
      if (!entry) return { result: { ok: false, reason: "no-position" } };
      if (change.kind === "remove") {
        list.splice(index, 1);
        details = { slug: test.slug, removed: entry.question_id, position: change.position };
      } else {
        const other = change.direction === "up" ? index - 1 : index + 1;
        // At the end of its section: nothing to do, and no audit row.
        if (list[other]?.section !== entry.section) return { result: { ok: true, moved: false } };
        [list[index], list[other]] = [list[other]!, entry];
        details = { slug: test.slug, moved: entry.question_id, from: change.position, to: other + 1 };
        outcome = { ok: true, moved: true };
      }
    }

    await trx.deleteFrom("practice_test_questions").where("test_id", "=", id).execute();
    if (list.length > 0)
      await trx
        .insertInto("practice_test_questions")
        .values(
          list.map((entry, index) => ({
            test_id: id,
            position: index + 1,
            section: entry.section,
            question_id: entry.question_id,
            version_id: null,
          })),
        )
        .execute();
    await trx.updateTable("practice_tests").set({ updated_at: stamp }).where("id", "=", id).execute();
    const action = change.kind === "move" ? "reorder" : "update";
    return { result: outcome, audit: { action, entityId: id, details } };
  });
}

// --- Statistics ---------------------------------------------------------------------------------

/** A question of the paper with the key of the version the test uses (staff only). */
export interface StatsQuestion {
  position: number;
  section: TestSection;
  question_id: number;
  version_no: number;
  type: "mcq" | "msq" | "nat";
  marks: number;
  text_md: string;
  correct: string | null;
  nat_min: number | null;
  nat_max: number | null;
  nat_decimals: number | null;
}

/** The paper with its keys, for the statistics page. */
export async function listStatsQuestions(db: DB, testId: number): Promise<StatsQuestion[]> {
  const rows = await db
    .selectFrom("practice_test_questions as tq")
    .innerJoin("questions as q", "q.id", "tq.question_id")
    .innerJoin("question_versions as v", (join) =>
      join.on((eb) =>
        eb.or([
          eb("v.id", "=", eb.ref("tq.version_id")),
          eb.and([
            eb("tq.version_id", "is", null),
            eb("v.question_id", "=", eb.ref("q.id")),
            eb("v.version_no", "=", eb.ref("q.current_version")),
          ]),
        ]),
      ),
    )
    .select([
      "tq.position",
      "tq.section",
      "tq.question_id",
      "v.version_no",
      "v.type",
      "v.marks",
      "v.text_md",
      "v.correct",
      "v.nat_min",
      "v.nat_max",
      "v.nat_decimals",
    ])
    .where("tq.test_id", "=", testId)
    .orderBy("tq.position")
    .execute();
  return rows.map((row) => ({
    ...row,
    position: Number(row.position),
    section: row.section as TestSection,
    version_no: Number(row.version_no),
    type: row.type as StatsQuestion["type"],
    marks: Number(row.marks),
    nat_min: row.nat_min === null ? null : Number(row.nat_min),
    nat_max: row.nat_max === null ? null : Number(row.nat_max),
    nat_decimals: row.nat_decimals === null ? null : Number(row.nat_decimals),
  }));
}

/** Each distinct saved answer of a position in submitted attempts: how many, and their time. */
export interface AnswerGroup {
  position: number;
  status: string;
  answer: string | null;
  count: number;
  seconds: number;
}

/**
 * The submitted attempts' answers grouped by position, status and answer: a few rows per question
 * (MCQ has four answers, MSQ fifteen), so the page reads hundreds of rows, not one per candidate.
 */
export async function listAnswerGroups(db: DB, testId: number): Promise<AnswerGroup[]> {
  const rows = await db
    .selectFrom("attempt_answers as aa")
    .innerJoin("test_attempts as ta", "ta.id", "aa.attempt_id")
    .select((eb) => [
      "aa.position",
      "aa.status",
      "aa.answer",
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number>("aa.seconds_spent").as("seconds"),
    ])
    .where("ta.test_id", "=", testId)
    .where("ta.submitted_at", "is not", null)
    .groupBy(["aa.position", "aa.status", "aa.answer"])
    .execute();
  return rows.map((row) => ({
    position: Number(row.position),
    status: row.status,
    answer: row.answer,
    count: Number(row.count),
    seconds: Number(row.seconds ?? 0),
  }));
}

/** The submitted attempts' scores (in thirds) and how many have each. */
export async function listScoreCounts(db: DB, testId: number) {
  const rows = await db
    .selectFrom("test_attempts")
    .select((eb) => ["score_thirds", eb.fn.countAll<number>().as("count")])
    .where("test_id", "=", testId)
    .where("submitted_at", "is not", null)
    .where("score_thirds", "is not", null)
    .groupBy("score_thirds")
    .orderBy("score_thirds")
    .execute();
  return rows.map((row) => ({ thirds: Number(row.score_thirds), count: Number(row.count) }));
}

/** How many attempts of the test started and were submitted. */
export const countTestAttempts = attemptsOf;
