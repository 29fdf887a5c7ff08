import { slugify } from "~/core/slug";
import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import {
  createQuestion,
  updateQuestion,
  type QuestionRecord,
  type RevisionOutcome,
  type VersionContent,
} from "~/db/queries/question-writes.server";
import { markdownToText, renderMarkdown, type MarkdownError } from "~/lib/content/markdown.server";
import { parseForm } from "~/lib/forms/read-form.server";
import type { FieldErrors } from "~/lib/forms/submission";
import { OPTION_FIELDS, QuestionSchema, type QuestionInput } from "~/lib/schemas/admin/question";
import { OPTION_LABELS } from "./answers";
import { pictureRenderer, questionPictures, type QuestionPictures } from "./question-pictures.server";

// A question from the staff form (issue 46), or a row of an import: checked with the one schema
// (~/lib/schemas/admin/question.ts), its Markdown rendered on the server (MathML, sanitised) when
// it is saved, never per request, then written by the versioning rule
// (~/db/queries/question-writes.server.ts). Math that does not parse refuses the question with
// the field, the line and temml's words ("Solution, line 3: …"); nothing is stored.

/** The Markdown fields and how each is named in an error: the form's label. */
export const markdownLabels = {
  text: "Question text",
  option_a: "Option A",
  option_b: "Option B",
  option_c: "Option C",
  option_d: "Option D",
  solution: "Solution",
} as const;
type MarkdownField = keyof typeof markdownLabels;

/** "Solution, line 3: Undefined control sequence: \foo", each error of the field in turn. */
export function markdownError(label: string, errors: readonly MarkdownError[], inline = false) {
  return errors
    .map((e, i) =>
      inline ? `${i ? "" : `${label}: `}${e.message}` : `${i ? "Line" : `${label}, line`} ${e.line}: ${e.message}`,
    )
    .join("; ");
}

type Rendered = { ok: true; html: string } | { ok: false; error: string };

function render(
  field: MarkdownField,
  source: string,
  label: string = markdownLabels[field],
  pictures?: QuestionPictures,
): Rendered {
  const inline = field.startsWith("option_");
  const result = renderMarkdown(source, { inline, images: pictureRenderer(pictures) });
  return result.ok ? result : { ok: false, error: markdownError(label, result.errors, inline) };
}

/** The words of a question's first line, as a slug's base: math as its symbols' names dropped. */
export function slugBaseOf(text: string) {
  const words = markdownToText(text)
    // LaTeX commands (\frac, \mathrm) say nothing a reader types; their arguments stay.
    .replace(/\\[A-Za-z]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  let base = "";
  for (const word of words) {
    const next = slugify(`${base} ${word}`);
    if (next.length > 56) break;
    base = `${base} ${word}`;
  }
  return slugify(base) || slugify(words.join(" ")).slice(0, 56) || "question";
}

export type RenderedQuestion = { ok: true; record: QuestionRecord } | { ok: false; errors: FieldErrors };

/**
 * The record to store for a checked question: every Markdown field rendered, or every field whose
 * math does not parse. `rendered` may hand over HTML already made from the same Markdown (an
 * import's unchanged questions), so a large file renders only what changed.
 */
export function renderQuestion(
  input: QuestionInput,
  labels: Partial<Record<MarkdownField, string>> = {},
  rendered?: (field: MarkdownField, source: string) => string | undefined,
  pictures?: QuestionPictures,
): RenderedQuestion {
  const errors: FieldErrors = {};
  const html = (field: MarkdownField, source: string) => {
    const known = rendered?.(field, source);
    if (known !== undefined) return known;
    const result = render(field, source, labels[field] ?? markdownLabels[field], pictures);
    if (result.ok) return result.html;
    errors[field] = result.error;
    return "";
  };
  const text_html = html("text", input.text);
  const options_html = input.options.map((option, index) => html(OPTION_FIELDS[index]!, option));
  const solution_html = html("solution", input.solution);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const version: VersionContent = {
    type: input.type,
    marks: input.marks,
    text_md: input.text,
    text_html,
    options_md: input.options,
    options_html,
    correct: input.type === "nat" ? null : input.correct,
    nat_min: input.nat?.min ?? null,
    nat_max: input.nat?.max ?? null,
    nat_decimals: input.nat?.decimals ?? null,
    solution_md: input.solution,
    solution_html,
  };
  const question = {
    status: input.status,
    subject: input.subject,
    topic: input.topic,
    difficulty: input.difficulty,
    source: input.source,
    gate_year: input.gate_year,
    gate_question_no: input.gate_question_no,
    source_media_hash: input.source_media_hash,
    is_sample: input.is_sample,
  };
  return { ok: true, record: { question, version, slugBase: slugBaseOf(input.text) } };
}

/**
 * The posted form as a record to store: the schema's refusals and the math's, together, so that
 * one submission says everything that is wrong.
 */
export function readQuestionForm(values: Record<string, string>, pictures?: QuestionPictures): RenderedQuestion {
  const parsed = parseForm(QuestionSchema, values);
  if (parsed.ok) return renderQuestion(parsed.data, {}, undefined, pictures);
  return { ok: false, errors: { ...mathErrors(values), ...parsed.errors } };
}

/** The math errors of the posted Markdown fields, whatever else is wrong with the form. */
function mathErrors(values: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  const options = values.type !== "nat";
  for (const field of Object.keys(markdownLabels) as MarkdownField[]) {
    const source = values[field]?.trim();
    if (!source || (!options && field.startsWith("option_"))) continue;
    const result = render(field, source);
    if (!result.ok) errors[field] = result.error;
  }
  return errors;
}

/** The library pictures the posted Markdown fields name: their diagrams are saved responsive. */
export function markdownPictures(db: DB, values: Record<string, string | undefined>) {
  return questionPictures(
    db,
    (Object.keys(markdownLabels) as MarkdownField[]).map((field) => values[field]),
  );
}

/** What the editor's preview shows: each field rendered, or its errors. */
export interface QuestionPreview {
  type: string;
  text: string | null;
  /** The four options (MCQ, MSQ) with their labels and whether each is ticked as correct. */
  options: { label: string; html: string | null; correct: boolean }[];
  solution: string | null;
  /** NAT: the range and decimals as typed. */
  nat: { min: string; max: string; decimals: string } | null;
  errors: FieldErrors;
}

/** The posted form rendered as the preview shows it; rendering errors only, as the fields are typed. */
export function previewQuestion(values: Record<string, string>, pictures?: QuestionPictures): QuestionPreview {
  const errors: FieldErrors = {};
  const html = (field: MarkdownField) => {
    const source = values[field]?.trim();
    if (!source) return null;
    const result = render(field, source, undefined, pictures);
    if (result.ok) return result.html;
    errors[field] = result.error;
    return null;
  };
  const type = values.type === "msq" || values.type === "nat" ? values.type : "mcq";
  const options =
    type === "nat"
      ? []
      : OPTION_FIELDS.map((field, index) => ({
          label: OPTION_LABELS[index]!,
          html: html(field),
          correct: values[`correct_${"abcd"[index]}`] !== undefined,
        }));
  return {
    type,
    text: html("text"),
    options,
    solution: html("solution"),
    nat:
      type === "nat"
        ? {
            min: values.nat_min?.trim() ?? "",
            max: values.nat_max?.trim() ?? "",
            decimals: values.nat_decimals?.trim() ?? "",
          }
        : null,
    errors,
  };
}

export type SaveQuestion =
  | { ok: true; id: number; slug: string; version: number; revision: RevisionOutcome["revision"] | "created" }
  | { ok: false; errors: FieldErrors }
  | { ok: false; missing: true };

/** Checks, renders and saves the form: a new question (`id` null) or an edit of one. */
export async function saveQuestionForm(
  db: DB,
  actor: AdminActor,
  id: number | null,
  values: Record<string, string>,
): Promise<SaveQuestion> {
  const read = readQuestionForm(values, await markdownPictures(db, values));
  if (!read.ok) return read;
  if (id === null) {
    const created = await createQuestion(db, actor, read.record);
    return { ok: true, id: created.id, slug: created.slug, version: 1, revision: "created" };
  }
  const outcome = await updateQuestion(db, actor, id, read.record);
  if (!outcome) return { ok: false, missing: true };
  return { ok: true, id, slug: outcome.slug, version: outcome.version, revision: outcome.revision };
}
