import { sql, type Expression, type Selectable, type SqlBool, type Transaction } from "kysely";
import { rowRange, toListPage, type ListPage } from "~/core/pagination";
import { uniqueSlug } from "~/core/slug";
import { freeSlug, slugRoot } from "./free-slug.server";
import { auditedWrite, type AdminActor } from "../audited-write.server";
import { isPostgres, type DB } from "../client.server";
import { inBatches } from "./gate-import.server";
import type {
  Database,
  QuestionDifficulty,
  QuestionReportStatus,
  QuestionSource,
  QuestionStatus,
  QuestionsTable,
  QuestionType,
} from "../schema";

// The question bank's staff side (issue 46): every write (create, edit with the versioning rule,
// publish and unpublish, delete, an import's whole file, a report's status) goes through
// auditedWrite, so its audit row and the content-version bump that refreshes cached public pages
// commit with it; and the admin's reads (the filtered list with each question's answers, one
// question with all its versions, the reports queue, the export).
//
// The versioning rule (docs: the question-bank contract): what an aspirant answered is never
// changed under the answer. An edit of the content (type, marks, text, options, key, range,
// solution) of a version that has answers makes version_no + 1 and points current_version at it;
// an edit of a version nobody answered changes it in place. Place in the syllabus, difficulty,
// source and status are the question's own, never versioned. Callers render the Markdown first
// (~/lib/questions/question-form.server.ts): nothing here renders or validates.

/** A question's own fields, never versioned: its place in the syllabus, source and status. */
export type QuestionFields = Pick<Selectable<QuestionsTable>, (typeof QUESTION_FIELDS)[number]>;

/** A question as the form or an import gives it: Markdown already rendered to HTML. */
export interface QuestionRecord {
  question: QuestionFields;
  version: VersionContent;
  /** The words a new slug is made from (the text's first words), already a slug or close to one. */
  slugBase: string;
}

/** What a version holds: what an answer was given to. */
export interface VersionContent {
  type: QuestionType;
  marks: number;
  text_md: string;
  text_html: string;
  options_md: string[];
  options_html: string[];
  /** The correct options' indices; null for NAT. */
  correct: number[] | null;
  nat_min: number | null;
  nat_max: number | null;
  nat_decimals: number | null;
  solution_md: string;
  solution_html: string;
}

/** A slug's longest length: readable in an address, with room for a "-2" suffix. */
export const SLUG_MAX = 60;
const SLUG_ROOT_MAX = SLUG_MAX - 4;

/** Admin lists: a page of questions or reports. */
export const QUESTIONS_PAGE_SIZE = 25;
/** The most questions one export holds: an import takes 2,000, so a larger bank exports by filter. */
export const QUESTIONS_EXPORT_LIMIT = 10_000;

const QUESTION_COLUMNS = [
  "q.id",
  "q.slug",
  "q.status",
  "q.subject",
  "q.topic",
  "q.difficulty",
  "q.source",
  "q.gate_year",
  "q.gate_question_no",
  "q.source_media_hash",
  "q.is_sample",
  "q.current_version",
  "q.published_at",
  "q.created_at",
  "q.updated_at",
] as const;

const VERSION_COLUMNS = [
  "v.type",
  "v.marks",
  "v.text_md",
  "v.text_html",
  "v.options_md",
  "v.options_html",
  "v.correct",
  "v.nat_min",
  "v.nat_max",
  "v.nat_decimals",
  "v.solution_md",
  "v.solution_html",
] as const;

type VersionRow = Omit<VersionContent, "options_md" | "options_html" | "correct"> & {
  options_md: string;
  options_html: string;
  correct: string | null;
};

/** A stored version's content, its JSON columns read. */
function contentOf(row: VersionRow): VersionContent {
  return {
    type: row.type,
    marks: Number(row.marks),
    text_md: row.text_md,
    text_html: row.text_html,
    options_md: JSON.parse(row.options_md) as string[],
    options_html: JSON.parse(row.options_html) as string[],
    correct: row.correct === null ? null : (JSON.parse(row.correct) as number[]),
    nat_min: row.nat_min === null ? null : Number(row.nat_min),
    nat_max: row.nat_max === null ? null : Number(row.nat_max),
    nat_decimals: row.nat_decimals === null ? null : Number(row.nat_decimals),
    solution_md: row.solution_md,
    solution_html: row.solution_html,
  };
}

/** The content's columns as stored. */
function versionColumns(content: VersionContent) {
  return {
    type: content.type,
    marks: content.marks,
    text_md: content.text_md,
    text_html: content.text_html,
    options_md: JSON.stringify(content.options_md),
    options_html: JSON.stringify(content.options_html),
    correct: content.correct === null ? null : JSON.stringify(content.correct),
    nat_min: content.nat_min,
    nat_max: content.nat_max,
    nat_decimals: content.nat_decimals,
    solution_md: content.solution_md,
    solution_html: content.solution_html,
  };
}

/** The Markdown and the key as written: the HTML follows from them. */
const CONTENT_FIELDS = [
  "type",
  "marks",
  "text_md",
  "options_md",
  "correct",
  "nat_min",
  "nat_max",
  "nat_decimals",
  "solution_md",
] as const;
const QUESTION_FIELDS = [
  "status",
  "subject",
  "topic",
  "difficulty",
  "source",
  "gate_year",
  "gate_question_no",
  "source_media_hash",
  "is_sample",
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The content fields that differ between two versions (none: the same question to answer). */
export const contentChanges = (before: VersionContent, after: VersionContent) =>
  CONTENT_FIELDS.filter((field) => !same(before[field], after[field]));

/** The question's own fields that differ. */
export const questionChanges = (before: QuestionRecord["question"], after: QuestionRecord["question"]) =>
  QUESTION_FIELDS.filter((field) => !same(before[field], after[field]));

/**
 * Whether anything answered this version: a practice answer, or a timed test (issue 47) that froze
 * it and has been taken, so that an edit never changes what an exam candidate saw.
 */
async function versionAnswered(trx: Transaction<Database>, versionId: number) {
  const row = await trx
    .selectFrom("question_answers")
    .select("id")
    .where("version_id", "=", versionId)
    .limit(1)
    .executeTakeFirst();
  if (row) return true;
  const taken = await trx
    .selectFrom("practice_test_questions as tq")
    .innerJoin("test_attempts as ta", "ta.test_id", "tq.test_id")
    .select("ta.id")
    .where("tq.version_id", "=", versionId)
    .limit(1)
    .executeTakeFirst();
  return taken !== undefined;
}

/** Inserts a question and its version 1; `slug` when the import names a free one. */
async function insertQuestion(
  trx: Transaction<Database>,
  actor: AdminActor,
  stamp: string,
  record: QuestionRecord,
  slug?: string,
) {
  const chosen = slug ?? (await freeSlug(trx, "questions", record.slugBase, { maxLength: SLUG_ROOT_MAX }));
  const { id } = await trx
    .insertInto("questions")
    .values({
      ...record.question,
      slug: chosen,
      current_version: 1,
      published_at: record.question.status === "published" ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("question_versions")
    .values({
      ...versionColumns(record.version),
      question_id: id,
      version_no: 1,
      created_by: actor.email,
      created_at: stamp,
    })
    .execute();
  return { id, slug: chosen };
}

/** How an edit was kept: a new version, the same one changed, or no change of content. */
export type Revision = "new-version" | "in-place" | "same-content";

export interface RevisionOutcome {
  slug: string;
  version: number;
  revision: Revision;
  /** False when nothing at all differed: no write, no audit row. */
  changed: boolean;
}

/** Applies an edit to a question by the versioning rule; null when there is no such question. */
async function reviseQuestion(
  trx: Transaction<Database>,
  actor: AdminActor,
  stamp: string,
  id: number,
  record: QuestionRecord,
): Promise<RevisionOutcome | null> {
  let lookup = trx
    .selectFrom("questions as q")
    .innerJoin("question_versions as v", (join) =>
      join.onRef("v.question_id", "=", "q.id").onRef("v.version_no", "=", "q.current_version"),
    )
    .select([...QUESTION_COLUMNS, ...VERSION_COLUMNS, "v.id as version_id"])
    .where("q.id", "=", id);
  // On PostgreSQL two edits of one question queue up, and so does a practice answer to its current
  // version (its foreign key's KEY SHARE lock waits for this one): an answer committed first is
  // seen below, one after finds the edit done. SQLite writes one transaction at a time.
  if (isPostgres(trx)) lookup = lookup.forUpdate();
  const row = await lookup.executeTakeFirst();
  if (!row) return null;

  const before = contentOf(row);
  const contentDiff = contentChanges(before, record.version);
  const ownDiff = questionChanges(row, record.question);
  let version = row.current_version;
  let revision: Revision = "same-content";
  if (contentDiff.length > 0) {
    if (await versionAnswered(trx, row.version_id)) {
      version = row.current_version + 1;
      revision = "new-version";
      await trx
        .insertInto("question_versions")
        .values({
          ...versionColumns(record.version),
          question_id: id,
          version_no: version,
          created_by: actor.email,
          created_at: stamp,
        })
        .execute();
    } else {
      revision = "in-place";
      await trx
        .updateTable("question_versions")
        .set(versionColumns(record.version))
        .where("id", "=", row.version_id)
        .execute();
    }
  } else if (before.text_html !== record.version.text_html || before.solution_html !== record.version.solution_html) {
    // The same Markdown rendered anew (a renderer fix): the page shows it; what was asked is unchanged.
    await trx
      .updateTable("question_versions")
      .set(versionColumns(record.version))
      .where("id", "=", row.version_id)
      .execute();
  }
  if (contentDiff.length === 0 && ownDiff.length === 0) return { slug: row.slug, version, revision, changed: false };

  // A slug is the question's address: it follows the text only until the question is first published.
  const slug =
    row.published_at === null && contentDiff.includes("text_md")
      ? await freeSlug(trx, "questions", record.slugBase, { exceptId: id, maxLength: SLUG_ROOT_MAX })
      : row.slug;
  await trx
    .updateTable("questions")
    .set({
      ...record.question,
      slug,
      current_version: version,
      published_at: row.published_at ?? (record.question.status === "published" ? stamp : null),
      updated_at: stamp,
    })
    .where("id", "=", id)
    .execute();
  return { slug, version, revision, changed: true };
}

// --- Writes -------------------------------------------------------------------------------------

/** Creates a question (version 1), claiming the form's submission first. */
export function createQuestion(db: DB, actor: AdminActor, record: QuestionRecord, now = new Date()) {
  return auditedWrite(db, actor, "questions", now, async ({ trx, stamp, claim }) => {
    await claim("create");
    const created = await insertQuestion(trx, actor, stamp, record);
    const details = { slug: created.slug, type: record.version.type, status: record.question.status };
    return { result: created, audit: { action: "create", entityId: created.id, details } };
  });
}

/** Edits a question by the versioning rule. Null when there is no such question. */
export function updateQuestion(db: DB, actor: AdminActor, id: number, record: QuestionRecord, now = new Date()) {
  return auditedWrite(db, actor, "questions", now, async ({ trx, stamp }) => {
    const outcome = await reviseQuestion(trx, actor, stamp, id, record);
    if (!outcome?.changed) return { result: outcome };
    const details = { slug: outcome.slug, version: outcome.version, revision: outcome.revision };
    return { result: outcome, audit: { action: "update", entityId: id, details } };
  });
}

/** Publishes or unpublishes a question. False when there is no such question. */
export function setQuestionStatus(db: DB, actor: AdminActor, id: number, status: QuestionStatus, now = new Date()) {
  return auditedWrite(db, actor, "questions", now, async ({ trx, stamp }) => {
    const row = await trx
      .selectFrom("questions")
      .select(["slug", "status", "published_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return { result: false };
    if (row.status === status) return { result: true };
    await trx
      .updateTable("questions")
      .set({ status, updated_at: stamp, published_at: row.published_at ?? (status === "published" ? stamp : null) })
      .where("id", "=", id)
      .execute();
    return { result: true, audit: { action: "update", entityId: id, details: { slug: row.slug, status } } };
  });
}

export type DeleteOutcome = "deleted" | "answered" | "in-test" | "missing";

/**
 * Deletes a question with its versions and reports, unless someone answered it (answers keep the
 * version they answered: unpublish it instead) or a timed test holds it (issue 47).
 */
export function deleteQuestion(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return auditedWrite<DeleteOutcome>(db, actor, "questions", now, async ({ trx }) => {
    const row = await trx.selectFrom("questions").select("slug").where("id", "=", id).executeTakeFirst();
    if (!row) return { result: "missing" };
    const answered = await trx
      .selectFrom("question_answers as a")
      .innerJoin("question_versions as v", "v.id", "a.version_id")
      .select("a.id")
      .where("v.question_id", "=", id)
      .limit(1)
      .executeTakeFirst();
    if (answered) return { result: "answered" };
    const inTest = await trx
      .selectFrom("practice_test_questions")
      .select("test_id")
      .where("question_id", "=", id)
      .limit(1)
      .executeTakeFirst();
    if (inTest) return { result: "in-test" };
    await trx.deleteFrom("question_reports").where("question_id", "=", id).execute();
    await trx.deleteFrom("question_versions").where("question_id", "=", id).execute();
    await trx.deleteFrom("questions").where("id", "=", id).execute();
    return { result: "deleted", audit: { action: "delete", entityId: id, details: { slug: row.slug } } };
  });
}

/** Marks a report resolved (or new again). False when there is no such report. */
export function setQuestionReportStatus(
  db: DB,
  actor: AdminActor,
  id: number,
  status: QuestionReportStatus,
  now = new Date(),
) {
  return auditedWrite(db, actor, "question_reports", now, async ({ trx, stamp }) => {
    const row = await trx
      .updateTable("question_reports")
      .set({ status, updated_at: stamp })
      .where("id", "=", id)
      .returning(["question_id", "version_no"])
      .executeTakeFirst();
    if (!row) return { result: false };
    const details = { question_id: row.question_id, version: row.version_no, status };
    return { result: true, audit: { action: "update", entityId: id, details } };
  });
}

/** One question of an import: added (with the file's slug, or one made from its text) or changed. */
export type ImportStep =
  { kind: "add"; record: QuestionRecord; slug: string | null } | { kind: "change"; id: number; record: QuestionRecord };

export interface QuestionImportOutcome {
  added: number;
  changed: number;
  unchanged: number;
}

/**
 * A checked import applied whole, in one transaction with one audit row, or not at all. New
 * questions go in as multi-row statements (2,000 one by one held SQLite's write lock, and the event
 * loop with it, for half a second), their slugs chosen in memory: the file's own first, so that a
 * slug made from another question's text never takes one the file names. Rendering and checking
 * happened before: the transaction only writes (on SQLite it must not give the event loop a turn
 * while it holds the write lock; see gate-import.server.ts).
 */
export function applyQuestionImport(
  db: DB,
  actor: AdminActor,
  steps: readonly ImportStep[],
  unchanged: number,
  now = new Date(),
) {
  return auditedWrite(db, actor, "questions", now, async ({ trx, stamp }) => {
    const outcome: QuestionImportOutcome = { added: 0, changed: 0, unchanged };
    const adds = steps.filter((step) => step.kind === "add");
    if (adds.length > 0) {
      const taken = new Set((await trx.selectFrom("questions").select("slug").execute()).map((row) => row.slug));
      for (const step of adds) if (step.slug !== null) taken.add(step.slug);
      const rows = adds.map((step) => {
        const slug = step.slug ?? uniqueSlug(slugRoot(step.record.slugBase, SLUG_ROOT_MAX), taken);
        taken.add(slug);
        const { question } = step.record;
        return {
          ...question,
          slug,
          current_version: 1,
          published_at: question.status === "published" ? stamp : null,
          created_at: stamp,
          updated_at: stamp,
        };
      });
      const ids = new Map<string, number>();
      for await (const batch of inBatches(rows)) {
        const inserted = await trx.insertInto("questions").values(batch).returning(["id", "slug"]).execute();
        for (const row of inserted) ids.set(row.slug, row.id);
      }
      const versions = adds.map((step, index) => ({
        ...versionColumns(step.record.version),
        question_id: ids.get(rows[index]!.slug)!,
        version_no: 1,
        created_by: actor.email,
        created_at: stamp,
      }));
      for await (const batch of inBatches(versions)) await trx.insertInto("question_versions").values(batch).execute();
      outcome.added = adds.length;
    }
    for (const step of steps) {
      if (step.kind !== "change") continue;
      const revised = await reviseQuestion(trx, actor, stamp, step.id, step.record);
      if (revised === null) throw new Error(`question ${step.id} vanished during the import`);
      if (revised.changed) outcome.changed++;
      else outcome.unchanged++;
    }
    if (outcome.added + outcome.changed === 0) return { result: outcome };
    return {
      result: outcome,
      audit: { action: "import", entityId: null, details: { imported: steps.length + unchanged, ...outcome } },
    };
  });
}

// --- Reads --------------------------------------------------------------------------------------

export interface QuestionFilter {
  q?: string | null;
  subject?: string | null;
  topic?: string | null;
  type?: QuestionType | null;
  status?: QuestionStatus | null;
  difficulty?: QuestionDifficulty | null;
  source?: QuestionSource | null;
  sample?: "yes" | "no" | null;
  sort?: "updated" | "created" | "answers" | "correct";
}

/** A LIKE pattern matching the text anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Each version's practice answers: how many, and how many right. */
const answerStats = (db: DB) =>
  db
    .selectFrom("question_answers")
    .select((eb) => [
      "version_id",
      eb.fn.countAll<number>().as("answers"),
      sql<number>`sum(case when is_correct then 1 else 0 end)`.as("right"),
    ])
    .groupBy("version_id");

/** The questions with their current version and its answers, filtered and sorted. */
function currentQuestions(db: DB, filter: QuestionFilter) {
  let query = db
    .selectFrom("questions as q")
    .innerJoin("question_versions as v", (join) =>
      join.onRef("v.question_id", "=", "q.id").onRef("v.version_no", "=", "q.current_version"),
    )
    .leftJoin(answerStats(db).as("a"), "a.version_id", "v.id")
    .select([...QUESTION_COLUMNS, ...VERSION_COLUMNS])
    .select((eb) => [
      eb.fn.coalesce("a.answers", sql<number>`0`).as("answers"),
      eb.fn.coalesce("a.right", sql<number>`0`).as("right"),
    ]);
  const eq = <C extends "q.subject" | "q.topic" | "q.status" | "q.difficulty" | "q.source" | "v.type">(
    column: C,
    value: string | null | undefined,
  ) => {
    if (value) query = query.where(column, "=", value as never);
  };
  eq("q.subject", filter.subject);
  eq("q.topic", filter.topic);
  eq("q.status", filter.status);
  eq("q.difficulty", filter.difficulty);
  eq("q.source", filter.source);
  eq("v.type", filter.type);
  if (filter.sample) query = query.where("q.is_sample", "=", filter.sample === "yes");
  const q = filter.q?.trim();
  if (q) {
    const pattern = containing(q);
    const like = (column: string): Expression<SqlBool> =>
      sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([like("v.text_md"), like("q.slug")]));
  }
  switch (filter.sort) {
    case "created":
      return query.orderBy("q.created_at", "desc").orderBy("q.id", "desc");
    case "answers":
      return query.orderBy(sql`coalesce(a.answers, 0)`, "desc").orderBy("q.id", "desc");
    case "correct":
      // Lowest share right first (a wrong key shows here), questions nobody answered last.
      return query
        .orderBy(sql`case when coalesce(a.answers, 0) = 0 then 1 else 0 end`)
        .orderBy(
          sql`coalesce(a.${sql.ref("right")}, 0) * 1.0 / case when coalesce(a.answers, 0) = 0 then 1 else a.answers end`,
        )
        .orderBy("q.id", "desc");
    default:
      return query.orderBy("q.updated_at", "desc").orderBy("q.id", "desc");
  }
}

type CurrentRow = Awaited<ReturnType<ReturnType<typeof currentQuestions>["execute"]>>[number];

/** A question as the admin sees it: its own fields, its current version, and its answers. */
export interface AdminQuestion extends QuestionFields {
  id: number;
  slug: string;
  current_version: number;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  content: VersionContent;
  /** The current version's practice answers, and how many were right. */
  answers: number;
  right: number;
}

function toAdminQuestion(row: CurrentRow): AdminQuestion {
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    subject: row.subject,
    topic: row.topic,
    difficulty: row.difficulty,
    source: row.source,
    gate_year: row.gate_year === null ? null : Number(row.gate_year),
    gate_question_no: row.gate_question_no === null ? null : Number(row.gate_question_no),
    source_media_hash: row.source_media_hash,
    is_sample: row.is_sample,
    current_version: Number(row.current_version),
    published_at: row.published_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    content: contentOf(row),
    answers: Number(row.answers),
    right: Number(row.right),
  };
}

/** One page of the filtered list. */
export async function listQuestionsForAdmin(
  db: DB,
  filter: QuestionFilter,
  page = 1,
): Promise<ListPage<AdminQuestion>> {
  const { limit, offset } = rowRange(page, QUESTIONS_PAGE_SIZE);
  const rows = await currentQuestions(db, filter).limit(limit).offset(offset).execute();
  return toListPage(rows.map(toAdminQuestion), page, QUESTIONS_PAGE_SIZE);
}

/** The filtered list whole (up to QUESTIONS_EXPORT_LIMIT), oldest first, for an export. */
export async function listQuestionsForExport(db: DB, filter: QuestionFilter): Promise<AdminQuestion[]> {
  const rows = await currentQuestions(db, { ...filter, sort: "created" })
    .limit(QUESTIONS_EXPORT_LIMIT)
    .execute();
  return rows.map(toAdminQuestion).toReversed();
}

/** The questions with these ids (a bulk confirmation's, issue 48; at most a page's), newest changed first. */
export async function findQuestionsById(db: DB, ids: readonly number[]): Promise<AdminQuestion[]> {
  if (ids.length === 0) return [];
  const rows = await currentQuestions(db, {})
    .where("q.id", "in", [...ids])
    .limit(ids.length)
    .execute();
  return rows.map(toAdminQuestion);
}

/** The questions with these slugs, as they are now: what an import compares its rows with. */
export async function findQuestionsBySlug(db: DB, slugs: readonly string[]): Promise<AdminQuestion[]> {
  const found: AdminQuestion[] = [];
  // In slices, under every engine's limit of bound values.
  for (let at = 0; at < slugs.length; at += 500) {
    const slice = slugs.slice(at, at + 500);
    const rows = await currentQuestions(db, {}).where("q.slug", "in", slice).execute();
    found.push(...rows.map(toAdminQuestion));
  }
  return found;
}

export interface AdminQuestionVersion {
  id: number;
  version_no: number;
  created_by: string | null;
  created_at: string;
  content: VersionContent;
  answers: number;
  right: number;
}

/** One question with every version, newest first, each with its answers. Null when there is none. */
export async function getQuestionForAdmin(
  db: DB,
  id: number,
): Promise<(AdminQuestion & { versions: AdminQuestionVersion[] }) | null> {
  const row = await currentQuestions(db, {}).where("q.id", "=", id).executeTakeFirst();
  if (!row) return null;
  const versions = await db
    .selectFrom("question_versions as v")
    .leftJoin(answerStats(db).as("a"), "a.version_id", "v.id")
    .select(["v.id", "v.version_no", "v.created_by", "v.created_at", ...VERSION_COLUMNS])
    .select((eb) => [
      eb.fn.coalesce("a.answers", sql<number>`0`).as("answers"),
      eb.fn.coalesce("a.right", sql<number>`0`).as("right"),
    ])
    .where("v.question_id", "=", id)
    .orderBy("v.version_no", "desc")
    .execute();
  return {
    ...toAdminQuestion(row),
    versions: versions.map((v) => ({
      id: v.id,
      version_no: Number(v.version_no),
      created_by: v.created_by,
      created_at: v.created_at,
      content: contentOf(v),
      answers: Number(v.answers),
      right: Number(v.right),
    })),
  };
}

export interface AdminQuestionReport {
  id: number;
  question_id: number;
  slug: string;
  /** The version the visitor saw, and the one shown now. */
  version_no: number;
  current_version: number;
  text_md: string;
  message: string;
  email: string | null;
  status: QuestionReportStatus;
  created_at: string;
  updated_at: string;
}

/** One page of the reports of this status, newest first. */
export async function listQuestionReports(
  db: DB,
  status: QuestionReportStatus,
  page = 1,
): Promise<ListPage<AdminQuestionReport>> {
  const { limit, offset } = rowRange(page, QUESTIONS_PAGE_SIZE);
  const rows = await db
    .selectFrom("question_reports as r")
    .innerJoin("questions as q", "q.id", "r.question_id")
    .innerJoin("question_versions as v", (join) =>
      join.onRef("v.question_id", "=", "q.id").onRef("v.version_no", "=", "r.version_no"),
    )
    .select([
      "r.id",
      "r.question_id",
      "q.slug",
      "r.version_no",
      "q.current_version",
      "v.text_md",
      "r.message",
      "r.email",
      "r.status",
      "r.created_at",
      "r.updated_at",
    ])
    .where("r.status", "=", status)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  const reports = rows.map((row) => ({
    ...row,
    version_no: Number(row.version_no),
    current_version: Number(row.current_version),
  }));
  return toListPage(reports, page, QUESTIONS_PAGE_SIZE);
}

/** How many reports are new: one count, for the admin menu. */
export async function countNewQuestionReports(db: DB): Promise<number> {
  const row = await db
    .selectFrom("question_reports")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
