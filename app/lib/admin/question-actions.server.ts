import { data } from "react-router";
import { listBack, parseIds, withRow } from "~/core/list-query";
import { parsePage } from "~/core/pagination";
import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import {
  applyQuestionImport,
  countNewQuestionReports,
  deleteQuestion,
  findQuestionsById,
  getQuestionForAdmin,
  listQuestionReports,
  listQuestionsForAdmin,
  setQuestionReportStatus,
  setQuestionStatus,
  type AdminQuestion,
} from "~/db/queries/question-writes.server";
import { markdownToReadableText } from "~/lib/content/markdown.server";
import { formFailure, parseForm, readFormData } from "~/lib/forms/read-form.server";
import { MAX_READ_PAGE } from "~/lib/pagination.server";
import {
  formValuesOf,
  IMPORT_ERRORS_SHOWN,
  IMPORT_MAX_BYTES,
  importMessages,
  planQuestionImport,
  type PlanItem,
} from "~/lib/questions/question-files.server";
import {
  markdownPictures,
  previewQuestion,
  saveQuestionForm,
  type QuestionPreview,
} from "~/lib/questions/question-form.server";
import { findSubject, findTopic } from "~/lib/questions/syllabus-topics";
import { questionFilterOf, QuestionRowSchema } from "~/lib/schemas/admin/question";
import { formValues } from "~/lib/schemas/fields";
import { questionList } from "./admin-lists";
import { answerBulk, type BulkStep, type BulkWrite } from "./list-actions.server";
import { listMessages } from "./messages/lists";
import {
  attempt,
  done,
  loadPage,
  parseId,
  postedForm,
  refusedImport,
  submittedBy,
  unreadable,
} from "./manager-actions.server";
import { commonMessages } from "./messages/common";
import { questionBankMessages } from "./messages/questions";
import { adminSection } from "./sections";

// The question bank's manager (issue 46), /admin/questions: the list with its filters, the
// editor (with the server's preview), the reports queue and the import and export, one page of
// tabs whose state is the address (?tab=reports, ?edit=12, ?new=1), so every step is a plain link
// or form post and works without JavaScript. The route runs requireAdmin before any of this.

const m = questionBankMessages;
const home = adminSection("questions").path;

/** The most a posted form may be: an import's file with the form around it. */
export const QUESTIONS_FORM_BYTES = IMPORT_MAX_BYTES + 64 * 1024;

export type QuestionsTab = "questions" | "reports" | "files";
export const QUESTION_TABS: readonly QuestionsTab[] = ["questions", "reports", "files"];

/** The tab an address shows: ?tab=reports, ?tab=files, else the questions. */
export function questionsTabOf(search: URLSearchParams): QuestionsTab {
  // /admin/questions?reported=1 (issue 48, the overview's link): the visitors' open reports.
  if (search.get("reported") === "1") return "reports";
  const tab = search.get("tab");
  return tab === "reports" || tab === "files" ? tab : "questions";
}

/** A positive whole id from the address (?edit=12), or null. */
function idParam(search: URLSearchParams, name: string) {
  const value = Number(search.get(name));
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
}

/** A row of the list, as the page shows it: no Markdown, no key. */
export interface QuestionRow {
  id: number;
  slug: string;
  status: string;
  title: string;
  subject: string;
  topic: string;
  type: string;
  marks: number;
  difficulty: string;
  source: string;
  gate_year: number | null;
  gate_question_no: number | null;
  is_sample: boolean;
  current_version: number;
  answers: number;
  right: number;
}

/** The first words of a question's text, for a list. */
export const snippet = (markdown: string, length = 140) => {
  const text = markdownToReadableText(markdown);
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
};

/** A subject's title for a list (its key when the syllabus no longer has it). */
export const subjectTitle = (key: string) => findSubject(key)?.title ?? key;
/** A topic's title for a list (its key when the syllabus no longer has it). */
export const topicTitle = (subject: string, topic: string) => findTopic(subject, topic)?.title ?? topic;

function toRow(q: AdminQuestion): QuestionRow {
  return {
    id: q.id,
    slug: q.slug,
    status: q.status,
    title: snippet(q.content.text_md),
    subject: subjectTitle(q.subject),
    topic: topicTitle(q.subject, q.topic),
    type: q.content.type,
    marks: q.content.marks,
    difficulty: q.difficulty,
    source: q.source,
    gate_year: q.gate_year,
    gate_question_no: q.gate_question_no,
    is_sample: q.is_sample,
    current_version: q.current_version,
    answers: q.answers,
    right: q.right,
  };
}

/** The question the editor opens: its form values, its address and its versions. */
async function editorOf(db: DB, id: number) {
  const question = await getQuestionForAdmin(db, id);
  if (!question) return null;
  return {
    id: question.id,
    slug: question.slug,
    published: question.published_at !== null,
    title: snippet(question.content.text_md, 80),
    values: formValuesOf(question),
    versions: question.versions.map((v) => ({
      version_no: v.version_no,
      created_at: v.created_at,
      created_by: v.created_by,
      type: v.content.type,
      answers: v.answers,
      right: v.right,
      current: v.version_no === question.current_version,
    })),
  };
}

/** What the manager page shows, from its address. */
export async function loadQuestionsManager(db: DB, request: Request) {
  const search = new URL(request.url).searchParams;
  const tab = questionsTabOf(search);
  const filter = questionFilterOf(search);
  const page = Math.min(parsePage(search.get("page")) ?? 1, MAX_READ_PAGE);
  const reportStatus = search.get("reports") === "resolved" ? "resolved" : "new";
  const editId = idParam(search, "edit");
  const deleteId = idParam(search, "delete");
  const emptyList = { items: [], page, hasNext: false };
  // The bulk confirmation without JavaScript (issue 48): ?bulk=publish&ids=1&ids=2, or &all=1.
  const askedBulk = tab === "questions" ? search.get("bulk") : null;
  const bulkAction = questionList.bulk.find((a) => a === askedBulk) ?? null;
  const loaded = await loadPage(
    db,
    "questions",
    m,
    {
      questions: async () => {
        if (tab !== "questions") return emptyList;
        const list = await listQuestionsForAdmin(db, filter, page);
        return { ...list, items: list.items.map(toRow) };
      },
      reports: async () => {
        if (tab !== "reports") return emptyList;
        const list = await listQuestionReports(db, reportStatus, page);
        return { ...list, items: list.items.map(({ text_md, ...report }) => ({ ...report, title: snippet(text_md) })) };
      },
      editing: () => (editId === null ? Promise.resolve(null) : editorOf(db, editId)),
      confirming: async () => {
        if (deleteId === null) return null;
        const question = await getQuestionForAdmin(db, deleteId);
        return question ? { id: question.id, title: snippet(question.content.text_md, 100) } : null;
      },
      newReports: countNewQuestionReports,
    },
    { questions: emptyList, reports: emptyList, editing: null, confirming: null, newReports: 0 },
  );
  let bulk: BulkStep<{ id: number; title: string }> | null = null;
  let bulkError: string | null = null;
  if (askedBulk !== null && !loaded.loadError) {
    const ids = search.get("all") === "1" ? loaded.questions.items.map((q) => q.id) : parseIds(search.getAll("ids"));
    if (!bulkAction) bulkError = listMessages.unknownAction;
    else if (!ids || ids.length === 0) bulkError = listMessages.noneSelected;
    else {
      const found = await findQuestionsById(db, ids);
      if (found.length === 0) bulkError = listMessages.gone;
      else bulk = { action: bulkAction, rows: found.map((q) => ({ id: q.id, title: snippet(q.content.text_md) })) };
    }
  }
  return { ...loaded, tab, filter, reportStatus, adding: search.has("new"), bulk, bulkError };
}

/** The refusal of an import: the form's shape, plus every error of the file by line. */
export type { ImportFailure } from "./manager-actions.server";

/** A checked file, not yet applied: what the preview shows and the confirmation carries. */
export interface ImportPreview {
  ok: true;
  intent: "import-preview";
  added: PlanItem[];
  changed: PlanItem[];
  unchanged: number;
  digest: string;
  /** The file's text, posted again with the confirmation. */
  content: string;
  /** Set when a confirmation found the bank changed since the preview it confirmed. */
  stale: boolean;
}

/** The editor's Preview without JavaScript: the rendered question, and what was typed. */
export interface PreviewAnswer {
  ok: true;
  intent: "preview";
  preview: QuestionPreview;
  values: Record<string, string>;
}

function importRefused(errors: string[], pasted = "") {
  const values = { intent: "import-preview", content: pasted };
  return refusedImport(m.importFailed(errors.length), errors, IMPORT_ERRORS_SHOWN, values);
}

/** Where an action returns to: the page as it was, without the add, edit, delete or bulk state. */
function backTo(request: Request, tab?: QuestionsTab) {
  if (tab) return tab === "questions" ? home : `${home}?tab=${tab}`;
  return listBack(home, request.url);
}

/** A question's delete as one row of a bulk delete: refused when kept (answered, in a test). */
const deleteQuestionRow: BulkWrite = async (db, actor, id) => {
  const outcome = await deleteQuestion(db, actor, id);
  return outcome === "deleted" ? true : outcome === "missing" ? false : "refused";
};

/** The file of an import: an uploaded file, or the text pasted (or carried by the confirmation). */
async function importText(form: FormData, values: Record<string, string>) {
  const file = form.get("file");
  if (file instanceof File && file.size > 0) {
    if (file.size > IMPORT_MAX_BYTES) return { ok: false as const, error: importMessages.tooLarge };
    try {
      return { ok: true as const, text: new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer()) };
    } catch {
      return { ok: false as const, error: m.unreadable };
    }
  }
  const text = values.content ?? "";
  return text.trim() ? { ok: true as const, text } : { ok: false as const, error: m.noFile };
}

async function answerImport(
  db: DB,
  request: Request,
  admin: AdminActor,
  form: FormData,
  values: Record<string, string>,
) {
  const read = await importText(form, values);
  if (!read.ok) return importRefused([read.error], values.content ?? "");
  const planned = await planQuestionImport(db, read.text);
  if (!planned.ok) return importRefused(planned.errors, values.content ?? "");
  const { plan } = planned;
  const preview = (stale: boolean) =>
    data<ImportPreview>({
      ok: true,
      intent: "import-preview",
      added: plan.added,
      changed: plan.changed,
      unchanged: plan.unchanged,
      digest: plan.digest,
      content: read.text,
      stale,
    });
  if (values.intent === "import-preview") return preview(false);
  // The confirmation: applied only if it is still the plan that was shown.
  if (values.digest !== plan.digest) return preview(true);
  const files = backTo(request, "files");
  if (plan.steps.length === 0) return done(files, m.nothingToImport);
  const result = await attempt("import questions", () => applyQuestionImport(db, admin, plan.steps, plan.unchanged));
  if (!result.ok) return importRefused([m.importSaveFailed], read.text);
  return done(files, m.imported(result.value));
}

async function answerRow(db: DB, request: Request, admin: AdminActor, values: Record<string, string>) {
  const parsed = parseForm(QuestionRowSchema, values);
  const which = postedForm(values);
  const failed = values.intent === "resolve" || values.intent === "reopen" ? m.reportFailed : m.saveFailed;
  if (!parsed.ok) return formFailure(400, { formError: failed, values: which });
  const { intent, id } = parsed.data;
  if (intent === "resolve" || intent === "reopen") {
    const status = intent === "resolve" ? "resolved" : "new";
    const result = await attempt("question report", () => setQuestionReportStatus(db, admin, id, status));
    if (!result.ok) return formFailure(503, { formError: m.reportFailed, values: which });
    if (!result.value) return formFailure(404, { formError: m.reportNotFound, values: which });
    return done(backTo(request), intent === "resolve" ? m.resolved : m.reopened);
  }
  if (intent === "delete") {
    const result = await attempt("delete question", () => deleteQuestion(db, admin, id));
    if (!result.ok) return formFailure(503, { formError: m.deleteFailed, values: which });
    if (result.value === "missing") return formFailure(404, { formError: m.notFound, values: which });
    if (result.value === "answered") return formFailure(409, { formError: m.answeredNoDelete, values: which });
    if (result.value === "in-test") return formFailure(409, { formError: m.inTestNoDelete, values: which });
    return done(backTo(request), m.deleted);
  }
  const status = intent === "publish" ? "published" : "draft";
  const result = await attempt(`${intent} question`, () => setQuestionStatus(db, admin, id, status));
  if (!result.ok) return formFailure(503, { formError: m.saveFailed, values: which });
  if (!result.value) return formFailure(404, { formError: m.notFound, values: which });
  return done(withRow(backTo(request), id), intent === "publish" ? m.published : m.unpublished);
}

async function answerSave(db: DB, request: Request, admin: AdminActor, values: Record<string, string>) {
  const intent = values.intent;
  const id = intent === "update" ? parseId(values.id) : null;
  if (intent === "update" && id === null) return formFailure(400, { formError: m.saveFailed, values });
  const actor = id === null ? submittedBy(admin, home, values) : admin;
  const result = await attempt(`${intent} question`, () => saveQuestionForm(db, actor, id, values));
  // A replayed create: the question exists, once; answered as the first submission was.
  if (!result.ok && result.replay) return done(backTo(request), m.created);
  if (!result.ok) return formFailure(503, { formError: m.saveFailed, values });
  const saved = result.value;
  if (!saved.ok) {
    if ("missing" in saved) return formFailure(404, { formError: m.notFound, values });
    return formFailure(400, { formError: commonMessages.invalid, fieldErrors: saved.errors, values });
  }
  if (saved.revision === "created") return done(backTo(request), m.created);
  if (saved.revision === "new-version") return done(withRow(backTo(request), id), m.newVersion(saved.version));
  return done(withRow(backTo(request), id), m.updated);
}

/** The answer to any form of the page, by its intent. */
export async function answerQuestionsForm(db: DB, request: Request, admin: AdminActor) {
  const form = await readFormData(request, QUESTIONS_FORM_BYTES);
  if (!form.ok) return form.reason === "too-large" ? importRefused([importMessages.tooLarge]) : unreadable();
  const values = formValues(form.data);
  switch (values.intent) {
    case "bulk":
      return answerBulk(db, request, values, {
        admin,
        list: questionList,
        home,
        writes: {
          publish: (_db, actor, id) => setQuestionStatus(db, actor, id, "published"),
          unpublish: (_db, actor, id) => setQuestionStatus(db, actor, id, "draft"),
          delete: deleteQuestionRow,
        },
      });
    case "create":
    case "update":
      return answerSave(db, request, admin, values);
    case "preview":
      return data<PreviewAnswer>({
        ok: true,
        intent: "preview",
        preview: previewQuestion(values, await markdownPictures(db, values)),
        values,
      });
    case "import-preview":
    case "import-confirm":
      return answerImport(db, request, admin, form.data, values);
    default:
      return answerRow(db, request, admin, values);
  }
}

/** The editor's live preview (the resource route): the posted fields rendered, stored nowhere. */
export async function answerPreview(db: DB, request: Request) {
  const form = await readFormData(request, QUESTIONS_FORM_BYTES);
  if (!form.ok) return data({ ok: false as const }, { status: form.reason === "too-large" ? 413 : 400 });
  const values = formValues(form.data);
  return { ok: true as const, preview: previewQuestion(values, await markdownPictures(db, values)) };
}
