import type { Kysely } from "kysely";
import { bumpContentVersion } from "../../app/db/content-version.server";
import type { Database, QuestionDifficulty, QuestionSource, QuestionStatus, QuestionType } from "../../app/db/schema";
import { renderMarkdown } from "../../app/lib/content/markdown.server";
import { syllabusSubjects } from "../../app/lib/questions/syllabus-topics";

// Questions for the tests of the question bank's public side (issue 46), written as the bank
// stores them: a questions row and its version with the HTML rendered from the Markdown, as
// staff's save does. For the integration tests (Kysely on either engine) and the browser tests
// (the e2e server's SQLite file). Each write marks public content changed, as an admin write does.

export interface QuestionSpec {
  slug: string;
  status?: QuestionStatus;
  subject?: string;
  /** A topic key of the subject; its first topic by default. */
  topic?: string;
  difficulty?: QuestionDifficulty;
  source?: QuestionSource;
  gateYear?: number;
  gateQuestionNo?: number;
  isSample?: boolean;
  type?: QuestionType;
  marks?: 1 | 2;
  text: string;
  /** Four options' Markdown (MCQ, MSQ). */
  options?: string[];
  /** The correct options' indices (MCQ, MSQ). */
  correct?: number[];
  /** NAT: the accepted range and the decimals. */
  nat?: { min: number; max: number; decimals: number };
  solution: string;
}

function rendered(source: string, inline = false): string {
  const result = renderMarkdown(source, { inline });
  if (!result.ok) throw new Error(`test question: ${result.errors.map((e) => `${e.line}: ${e.message}`).join("; ")}`);
  return result.html;
}

/** A version's columns from a spec. */
function versionOf(spec: QuestionSpec, versionNo: number, stamp: string) {
  const type = spec.type ?? "mcq";
  const options = type === "nat" ? [] : (spec.options ?? ["Option one", "Option two", "Option three", "Option four"]);
  return {
    version_no: versionNo,
    type,
    marks: spec.marks ?? 1,
    text_md: spec.text,
    text_html: rendered(spec.text),
    options_md: JSON.stringify(options),
    options_html: JSON.stringify(options.map((option) => rendered(option, true))),
    correct: type === "nat" ? null : JSON.stringify(spec.correct ?? [0]),
    nat_min: type === "nat" ? (spec.nat?.min ?? 0) : null,
    nat_max: type === "nat" ? (spec.nat?.max ?? 0) : null,
    nat_decimals: type === "nat" ? (spec.nat?.decimals ?? 0) : null,
    solution_md: spec.solution,
    solution_html: rendered(spec.solution),
    created_by: "tests@example.com",
    created_at: stamp,
  };
}

/** Inserts a question at version 1 (published unless said otherwise); its id, version id and slug. */
export async function insertQuestion(db: Kysely<Database>, spec: QuestionSpec, now = new Date()) {
  const stamp = now.toISOString();
  const subject = spec.subject ?? "heat-transfer";
  const topic = spec.topic ?? syllabusSubjects.find((s) => s.key === subject)?.topics[0]?.key;
  if (!topic) throw new Error(`test question: no topic for ${subject}`);
  const status = spec.status ?? "published";
  // One transaction: no reader sees the question without its version.
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("questions")
      .values({
        slug: spec.slug,
        status,
        subject,
        topic,
        difficulty: spec.difficulty ?? "medium",
        source: spec.source ?? "original",
        gate_year: spec.gateYear ?? null,
        gate_question_no: spec.gateQuestionNo ?? null,
        source_media_hash: null,
        is_sample: spec.isSample ?? false,
        current_version: 1,
        published_at: status === "published" ? stamp : null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: versionId } = await trx
      .insertInto("question_versions")
      .values({ question_id: id, ...versionOf(spec, 1, stamp) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await bumpContentVersion(trx);
    return { id, versionId, slug: spec.slug };
  });
}

/**
 * The questions, each inserted unless its slug is taken: the browser tests' projects (1280 and
 * 375 px) share one server and database, and either may come first.
 */
export async function ensureQuestions(db: Kysely<Database>, specs: QuestionSpec[]) {
  for (const spec of specs) {
    const held = await db.selectFrom("questions").select("id").where("slug", "=", spec.slug).executeTakeFirst();
    if (held) continue;
    try {
      await insertQuestion(db, spec);
    } catch (error) {
      // The other project inserted it between the look and the insert.
      const taken = await db.selectFrom("questions").select("id").where("slug", "=", spec.slug).executeTakeFirst();
      if (!taken) throw error;
    }
  }
}

/** A new version of a question, made current (as an edit of an answered version does). */
export async function addVersion(db: Kysely<Database>, questionId: number, spec: QuestionSpec, now = new Date()) {
  const stamp = now.toISOString();
  const { current_version } = await db
    .selectFrom("questions")
    .select("current_version")
    .where("id", "=", questionId)
    .executeTakeFirstOrThrow();
  const versionNo = current_version + 1;
  const { id: versionId } = await db
    .insertInto("question_versions")
    .values({ question_id: questionId, ...versionOf(spec, versionNo, stamp) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("questions")
    .set({ current_version: versionNo, updated_at: stamp })
    .where("id", "=", questionId)
    .execute();
  await bumpContentVersion(db);
  return { versionId, versionNo };
}

/** Publishes or unpublishes a question. */
export async function setQuestionStatus(db: Kysely<Database>, questionId: number, status: QuestionStatus) {
  await db
    .updateTable("questions")
    .set({ status, published_at: status === "published" ? new Date().toISOString() : null })
    .where("id", "=", questionId)
    .execute();
  await bumpContentVersion(db);
}
