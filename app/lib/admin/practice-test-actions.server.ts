import { data } from "react-router";
import { listBack, withRow } from "~/core/list-query";
import { parsePage } from "~/core/pagination";
import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import {
  changeTestQuestions,
  createTest,
  deleteTest,
  getTestForAdmin,
  listAnswerGroups,
  listScoreCounts,
  listStatsQuestions,
  pageTestsForAdmin,
  setTestStatus,
  updateTest,
  type AdminTestRow,
  type PublishCheckOf,
  type QuestionListChange,
  type QuestionListOutcome,
  type TestRecord,
} from "~/db/queries/practice-test-admin.server";
import { listQuestionsForAdmin } from "~/db/queries/question-writes.server";
import { renderMarkdown } from "~/lib/content/markdown.server";
import { checkPublish } from "~/lib/exam/publish-check";
import { formFailure, parseForm, readForm } from "~/lib/forms/read-form.server";
import { MAX_READ_PAGE } from "~/lib/pagination.server";
import { markdownError } from "~/lib/questions/question-form.server";
import { GENERAL_APTITUDE } from "~/lib/questions/syllabus-topics";
import {
  bankSearchOf,
  MAX_TEST_QUESTIONS,
  PracticeTestRowSchema,
  PracticeTestSchema,
  practiceTestFormValues,
  TestQuestionSchema,
  type PracticeTestInput,
  type TestSectionValue,
} from "~/lib/schemas/admin/practice-test";
import { practiceTestList } from "./admin-lists";
import { answerBulk, emptyList, readList, type BulkWrite } from "./list-actions.server";
import type { BulkAction } from "./messages/lists";
import { attempt, done, loadPage, parseId, postedForm, submittedBy, unreadable } from "./manager-actions.server";
import { commonMessages } from "./messages/common";
import { practiceTestMessages as m } from "./messages/practice-tests";
import { questionStats, scoreSummary } from "./practice-test-stats";
import { snippet, subjectTitle, topicTitle } from "./question-actions.server";
import { adminSection } from "./sections";

// The timed tests' manager (issue 47), /admin/tests: the list, the editor (the test's fields, its
// question list and the picker that searches the bank), publish with the composition check, and
// each test's statistics (/admin/tests/:id/stats). One page whose state is its address (?new=1,
// ?edit=12 with the picker's search, ?delete=12), so every step is a plain link or form post and
// works without JavaScript. The routes run requireAdmin before any of this.

const home = adminSection("tests").path;

/** A positive whole id from the address (?edit=12), or null. */
function idParam(search: URLSearchParams, name: string) {
  return parseId(search.get(name) ?? undefined);
}

/** The section a question of this subject belongs to (the publish check holds the same rule). */
export const sectionOf = (subject: string): TestSectionValue => (subject === GENERAL_APTITUDE ? "ga" : "subject");

/** The publish check on what the test holds: its problems as sentences, none when it may go live. */
export const publishCheck: PublishCheckOf = (test, paper) => {
  const result = checkPublish(
    { kind: test.kind, isSample: test.is_sample, durationMinutes: test.duration_minutes },
    paper.map((q) => ({
      position: q.position,
      section: q.section,
      marks: Number(q.marks),
      subject: q.subject,
      published: q.question_status === "published",
    })),
  );
  return result.ok ? [] : result.problems;
};

// --- The page's data --------------------------------------------------------------------------------

/** A test of the editor's question list, as the page shows it: no Markdown, no key. */
export interface TestQuestionRow {
  position: number;
  section: TestSectionValue;
  questionId: number;
  title: string;
  subject: string;
  topic: string;
  type: string;
  marks: number;
  published: boolean;
  currentVersion: number;
  frozenVersion: number | null;
}

/** A question of the bank the picker offers. */
export interface BankRow {
  id: number;
  title: string;
  subject: string;
  topic: string;
  type: string;
  marks: number;
  section: TestSectionValue;
  /** Its place in this test, when it is in it already. */
  inTest: number | null;
}

/** What the editor opens with: the test's values, its question list, and whether that may change. */
async function editorOf(db: DB, id: number, search: URLSearchParams) {
  const test = await getTestForAdmin(db, id);
  if (!test) return null;
  const questions: TestQuestionRow[] = test.questions.map((q) => ({
    position: q.position,
    section: q.section,
    questionId: q.question_id,
    title: snippet(q.text_md, 120),
    subject: subjectTitle(q.subject),
    topic: topicTitle(q.subject, q.topic),
    type: q.type,
    marks: q.marks,
    published: q.published,
    currentVersion: q.current_version,
    frozenVersion: q.frozen_version,
  }));
  const editable = test.status === "draft" && test.started === 0;
  const filter = bankSearchOf(search);
  const page = Math.min(parsePage(search.get("page")) ?? 1, MAX_READ_PAGE);
  const positions = new Map(questions.map((q) => [q.questionId, q.position]));
  const bank = editable ? await listQuestionsForAdmin(db, { ...filter, status: "published" }, page) : null;
  return {
    id: test.id,
    slug: test.slug,
    status: test.status,
    title: test.title,
    started: test.started,
    submitted: test.submitted,
    editable,
    values: practiceTestFormValues(test),
    questions,
    filter,
    bank: bank && {
      page: bank.page,
      hasNext: bank.hasNext,
      items: bank.items.map((q): BankRow => ({
        id: q.id,
        title: snippet(q.content.text_md, 140),
        subject: subjectTitle(q.subject),
        topic: topicTitle(q.subject, q.topic),
        type: q.content.type,
        marks: q.content.marks,
        section: sectionOf(q.subject),
        inTest: positions.get(q.id) ?? null,
      })),
    },
  };
}

export type TestEditor = NonNullable<Awaited<ReturnType<typeof editorOf>>>;

/** What the manager page shows, from its address. */
export async function loadTestsManager(db: DB, request: Request) {
  const url = new URL(request.url);
  const search = url.searchParams;
  const editId = idParam(search, "edit");
  const deleteId = idParam(search, "delete");
  // While a test is edited, ?q= is its question picker's search, not the list's (issue 48).
  const listUrl = new URL(url);
  if (editId !== null) listUrl.searchParams.delete("q");
  const loaded = await loadPage(
    db,
    "practice tests",
    m,
    {
      tests: () => readList(db, practiceTestList, listUrl, pageTestsForAdmin),
      editing: () => (editId === null ? Promise.resolve(null) : editorOf(db, editId, search)),
      confirming: async () => {
        if (deleteId === null) return null;
        const test = await getTestForAdmin(db, deleteId);
        return test ? { id: test.id, title: test.title } : null;
      },
    },
    { tests: emptyList<AdminTestRow>(practiceTestList, listUrl), editing: null, confirming: null },
  );
  return { ...loaded, adding: search.has("new") };
}

/** A test's publish, unpublish or delete as one row of a bulk action (issue 48). */
const bulkWrites: Partial<Record<BulkAction, BulkWrite>> = {
  publish: async (db, actor, id) => {
    const outcome = await setTestStatus(db, actor, id, "published", publishCheck);
    return outcome === null ? false : "refused" in outcome ? "refused" : true;
  },
  unpublish: async (db, actor, id) => (await setTestStatus(db, actor, id, "draft", publishCheck)) !== null,
  delete: async (db, actor, id) => {
    const outcome = await deleteTest(db, actor, id);
    return outcome === "deleted" ? true : outcome === "missing" ? false : "refused";
  },
};

// --- The actions ------------------------------------------------------------------------------------

/** Where an action returns to: the page as it was (the list's view), without the add, delete or bulk state. */
function backTo(request: Request, editId?: number) {
  const back = new URL(listBack(home, request.url), "http://local");
  if (editId !== undefined) back.searchParams.set("edit", String(editId));
  return `${home}${back.search}`;
}

/** A refused publish: every problem the check found, after the line that says so. */
const publishRefused = (problems: string[], values: Record<string, string>, status = 409) =>
  formFailure(status, { formError: `${m.publishRefused} ${problems.join(" ")}`, values });

/** The test's fields with its instructions rendered, or the instructions' Markdown error. */
function recordOf(input: PracticeTestInput): { ok: true; record: TestRecord } | { ok: false; error: string } {
  const rendered = renderMarkdown(input.instructions);
  if (!rendered.ok) return { ok: false, error: markdownError("Instructions", rendered.errors) };
  const { instructions, ...fields } = input;
  return { ok: true, record: { ...fields, instructions_md: instructions, instructions_html: rendered.html } };
}

async function answerSave(db: DB, request: Request, admin: AdminActor, values: Record<string, string>) {
  const intent = values.intent;
  const id = intent === "update" ? parseId(values.id) : null;
  if (intent === "update" && id === null) return formFailure(400, { formError: m.saveFailed, values });
  const parsed = parseForm(PracticeTestSchema, values);
  const read = parsed.ok ? recordOf(parsed.data) : null;
  if (!parsed.ok || !read?.ok) {
    const fieldErrors = parsed.ok ? { instructions: read && !read.ok ? read.error : undefined } : parsed.errors;
    return formFailure(400, { formError: commonMessages.invalid, fieldErrors, values });
  }
  if (id === null) {
    const result = await attempt("create practice test", () =>
      createTest(db, submittedBy(admin, home, values), read.record, publishCheck),
    );
    // A replayed create: the test exists, once; answered as the first submission was.
    if (!result.ok && result.replay) return done(backTo(request), m.created);
    if (!result.ok) return formFailure(503, { formError: m.saveFailed, values });
    if ("refused" in result.value) return publishRefused(result.value.refused, values);
    // Straight to the new test's editor, where its questions are picked.
    return done(backTo(request, result.value.id), m.created);
  }
  const result = await attempt("update practice test", () => updateTest(db, admin, id, read.record, publishCheck));
  if (!result.ok) return formFailure(503, { formError: m.saveFailed, values });
  if (result.value === null) return formFailure(404, { formError: m.notFound, values });
  if ("refused" in result.value) return publishRefused(result.value.refused, values);
  return done(withRow(backTo(request), id), m.updated);
}

async function answerRow(db: DB, request: Request, admin: AdminActor, values: Record<string, string>) {
  const parsed = parseForm(PracticeTestRowSchema, values);
  const which = postedForm(values);
  if (!parsed.ok) return formFailure(400, { formError: m.saveFailed, values: which });
  const { intent, id } = parsed.data;
  if (intent === "delete") {
    const result = await attempt("delete practice test", () => deleteTest(db, admin, id));
    if (!result.ok) return formFailure(503, { formError: m.deleteFailed, values: which });
    if (result.value === "missing") return formFailure(404, { formError: m.notFound, values: which });
    if (result.value === "attempted") return formFailure(409, { formError: m.attemptedNoDelete, values: which });
    return done(backTo(request), m.deleted);
  }
  const status = intent === "publish" ? "published" : "draft";
  const result = await attempt(`${intent} practice test`, () => setTestStatus(db, admin, id, status, publishCheck));
  if (!result.ok)
    return formFailure(503, { formError: intent === "publish" ? m.publishFailed : m.saveFailed, values: which });
  if (result.value === null) return formFailure(404, { formError: m.notFound, values: which });
  if ("refused" in result.value) return publishRefused(result.value.refused, which);
  return done(
    backTo(request, idParam(new URL(request.url).searchParams, "edit") ?? undefined),
    intent === "publish" ? m.published : m.unpublished,
  );
}

const listRefusals: Record<Extract<QuestionListOutcome, { ok: false }>["reason"], { status: number; message: string }> =
  {
    missing: { status: 404, message: m.notFound },
    published: { status: 409, message: m.unpublishFirst },
    attempted: { status: 409, message: m.frozen },
    "in-test": { status: 409, message: m.alreadyInTest },
    "unknown-question": { status: 404, message: m.notPublishedQuestion },
    "draft-question": { status: 409, message: m.notPublishedQuestion },
    full: { status: 409, message: m.full },
    "no-position": { status: 404, message: m.questionFailed },
  };

async function answerQuestionList(db: DB, request: Request, admin: AdminActor, values: Record<string, string>) {
  const parsed = parseForm(TestQuestionSchema, values);
  const which = postedForm(values);
  if (!parsed.ok) return formFailure(400, { formError: m.questionFailed, values: which });
  const op = parsed.data;
  const change: QuestionListChange =
    op.intent === "add-question"
      ? { kind: "add", questionId: op.question_id! }
      : op.intent === "move-question"
        ? { kind: "move", position: op.position!, direction: op.direction! }
        : { kind: "remove", position: op.position! };
  const result = await attempt(`${op.intent} practice test`, () =>
    changeTestQuestions(db, admin, op.id, change, { maxQuestions: MAX_TEST_QUESTIONS, sectionOf }),
  );
  if (!result.ok) return formFailure(503, { formError: m.questionFailed, values: which });
  const outcome = result.value;
  if (!outcome.ok) {
    const refusal = listRefusals[outcome.reason];
    return formFailure(refusal.status, { formError: refusal.message, values: which });
  }
  const back = backTo(request, op.id);
  if (change.kind === "add") return done(back, m.questionAdded[outcome.section ?? "subject"]);
  if (change.kind === "remove") return done(back, m.questionRemoved);
  // A move says nothing: the list shows it (and at a section's end nothing moved).
  return done(back);
}

/** The answer to any form of the page, by its intent. */
export async function answerTestsForm(db: DB, request: Request, admin: AdminActor) {
  const form = await readForm(request);
  if (!form.ok) return unreadable();
  const values = form.values;
  switch (values.intent) {
    case "bulk":
      return answerBulk(db, request, values, { admin, list: practiceTestList, home, writes: bulkWrites });
    case "create":
    case "update":
      return answerSave(db, request, admin, values);
    case "add-question":
    case "move-question":
    case "remove-question":
      return answerQuestionList(db, request, admin, values);
    default:
      return answerRow(db, request, admin, values);
  }
}

// --- The statistics page --------------------------------------------------------------------------

/** The statistics of one test, or null when there is no such test. */
export async function loadTestStats(db: DB, id: number | null) {
  if (id === null) return null;
  const test = await getTestForAdmin(db, id);
  if (!test) return null;
  const [paper, groups, scores] = await Promise.all([
    listStatsQuestions(db, id),
    listAnswerGroups(db, id),
    listScoreCounts(db, id),
  ]);
  const keyed = paper.map((q) => ({
    position: q.position,
    key:
      q.type === "nat"
        ? { type: "nat" as const, min: q.nat_min ?? 0, max: q.nat_max ?? 0, decimals: q.nat_decimals ?? 0 }
        : { type: q.type, correct: (JSON.parse(q.correct ?? "[]") as number[]) ?? [] },
  }));
  const perQuestion = questionStats(keyed, groups);
  const maxThirds = 3 * paper.reduce((sum, q) => sum + q.marks, 0);
  return {
    test: { id: test.id, slug: test.slug, title: test.title, status: test.status, kind: test.kind },
    started: test.started,
    submitted: test.submitted,
    maxMarks: maxThirds / 3,
    scores: scoreSummary(scores, maxThirds),
    questions: paper.map((q, index) => ({
      ...perQuestion[index]!,
      position: q.position,
      section: q.section,
      questionId: q.question_id,
      title: snippet(q.text_md, 120),
      type: q.type,
      marks: q.marks,
      version: q.version_no,
    })),
  };
}

export type TestStats = NonNullable<Awaited<ReturnType<typeof loadTestStats>>>;

/** The statistics page's answer to an unknown test. */
export const statsNotFound = () => data({ notFound: true as const, message: m.notFound }, { status: 404 });
