import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { z } from "zod";
import { readCsvTable, toCsv, yesNoCell } from "~/core/csv";
import type { DB } from "~/db/client.server";
import {
  contentChanges,
  findQuestionsBySlug,
  questionChanges,
  SLUG_MAX,
  type AdminQuestion,
  type ImportStep,
} from "~/db/queries/question-writes.server";
import { markdownToReadableText } from "~/lib/content/markdown.server";
import { parseForm } from "~/lib/forms/read-form.server";
import {
  CORRECT_FIELDS,
  formatNat,
  keyLetters,
  OPTION_FIELDS,
  questionFormValues,
  QuestionSchema,
} from "~/lib/schemas/admin/question";
import { OPTION_LABELS } from "./answers";
import { markdownLabels, renderQuestion } from "./question-form.server";
import { questionPictures } from "./question-pictures.server";

// Questions in and out of the bank in bulk (issue 46), as CSV (a spreadsheet) or JSON: one row or
// object per question, its current version. An import is checked row by row with the form's own
// schema and rendered like a saved question; every error names its row (CSV, as a spreadsheet
// numbers it) or line (JSON); a file with any error changes nothing, and one without is applied
// in one transaction (applyQuestionImport). Before
// that, a preview says what the file will add, change and leave as it is: the plan, and a digest
// of it that the confirmation must match, so that what is applied is what was shown.
// Rows are matched by slug: a known slug is that question (an edit, by the versioning rule), an
// unknown one a new question with that slug, none a new question with a slug from its text.

/** As the GATE CSV (~/lib/admin/gate-csv.ts): a file of this size is read in well under a second. */
export const IMPORT_MAX_BYTES = 512 * 1024;
export const IMPORT_MAX_QUESTIONS = 2_000;
/** Errors listed on the page; the count of the rest is given. */
export const IMPORT_ERRORS_SHOWN = 100;
/** Rows rendered per turn of the event loop: a few milliseconds, so other requests go on. */
const ROWS_PER_TURN = 10;

/** The columns, in the form's field names; `correct` is the key's letters ("A" or "A,C"). */
export const IMPORT_COLUMNS = [
  "slug",
  "status",
  "subject",
  "topic",
  "difficulty",
  "source",
  "gate_year",
  "gate_question_no",
  "source_media",
  "is_sample",
  "type",
  "marks",
  "text",
  "option_a",
  "option_b",
  "option_c",
  "option_d",
  "correct",
  "nat_min",
  "nat_max",
  "nat_decimals",
  "solution",
] as const;
type Column = (typeof IMPORT_COLUMNS)[number];
/** A file needs these; the others may be left out (empty). */
const REQUIRED_COLUMNS: readonly Column[] = [
  "status",
  "subject",
  "topic",
  "difficulty",
  "source",
  "type",
  "marks",
  "text",
  "solution",
];

/** "Row 5" of a CSV file (as a spreadsheet numbers it), "Line 12" of a JSON file. */
const rowAt = (row: number) => `Row ${row}`;
const lineAt = (line: number) => `Line ${line}`;
const inText = (at: string) => at.charAt(0).toLowerCase() + at.slice(1);

/** The file's words; `at` is where in the file: "Row 5" of a CSV file, "Line 12" of a JSON one. */
export const importMessages = {
  empty: "The file is empty. It needs at least one question (a CSV file, a header row too).",
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024} KB. Split it into smaller files.`,
  tooMany: `The file has more than ${IMPORT_MAX_QUESTIONS.toLocaleString("en-IN")} questions. Split it into smaller files.`,
  unclosedQuote: (row: number) => `${rowAt(row)}: a quoted cell is not closed`,
  header: (missing: readonly string[]) =>
    `Row 1: the header row must name these columns: ${missing.join(", ")}. Export a file to start from.`,
  unknownColumn: (name: string) => `Row 1: "${name}" is not a column. The columns are: ${IMPORT_COLUMNS.join(", ")}`,
  extraCells: (at: string, cells: number, columns: number) =>
    `${at}: ${cells} cells, but the header names ${columns} columns`,
  json: (message: string) => `The JSON could not be read: ${message}`,
  jsonArray: "Line 1: the JSON must be a list of questions: [ { … }, { … } ]",
  jsonObject: (at: string) => `${at}: each question must be an object: { "type": "mcq", … }`,
  unknownField: (at: string, name: string) => `${at}: "${name}" is not a field of a question`,
  jsonType: (at: string, field: string, expected: string) => `${at}: ${field}: must be ${expected}`,
  key: (at: string) => `${at}: correct: write the key as letters A to D, such as A or A,C`,
  yesNo: (at: string) => `${at}: is_sample: must be yes or no`,
  slug: (at: string) =>
    `${at}: slug: a slug is lowercase letters, digits and single hyphens, at most ${SLUG_MAX} characters`,
  repeated: (at: string, slug: string, first: string) => `${at}: slug: "${slug}" is already at ${inText(first)}`,
  field: (at: string, field: string, message: string) => `${at}: ${field}: ${message}`,
  markdown: (at: string, message: string) => `${at}: ${message}`,
};

// --- Export -------------------------------------------------------------------------------------

/** A question as the file's columns (the form's values: the key as letters, a NAT range typed). */
function columnsOf(question: AdminQuestion) {
  const c = question.content;
  return {
    slug: question.slug,
    status: question.status,
    subject: question.subject,
    topic: question.topic,
    difficulty: question.difficulty,
    source: question.source,
    gate_year: question.gate_year,
    gate_question_no: question.gate_question_no,
    source_media: question.source_media_hash,
    is_sample: question.is_sample,
    type: c.type,
    marks: c.marks,
    text: c.text_md,
    options: c.options_md,
    correct: c.correct ?? [],
    nat_min: c.nat_min === null ? null : formatNat(c.nat_min, c.nat_decimals ?? 0),
    nat_max: c.nat_max === null ? null : formatNat(c.nat_max, c.nat_decimals ?? 0),
    nat_decimals: c.nat_decimals,
    solution: c.solution_md,
  };
}

/** The questions as CSV, the import's columns; UTF-8 with a byte-order mark for Excel. */
export function questionsCsv(questions: readonly AdminQuestion[]) {
  const rows = questions.map((question) => {
    const q = columnsOf(question);
    return IMPORT_COLUMNS.map((column) => {
      if (column === "is_sample") return q.is_sample ? "yes" : "no";
      if (column === "correct") return keyLetters(q.correct);
      const option = OPTION_FIELDS.indexOf(column as (typeof OPTION_FIELDS)[number]);
      if (option >= 0) return q.options[option] ?? "";
      return q[column as Exclude<Column, "is_sample" | "correct" | (typeof OPTION_FIELDS)[number]>];
    });
  });
  return `\uFEFF${toCsv(IMPORT_COLUMNS, rows)}`;
}

/** The questions as JSON: a list of objects, options and key as lists, numbers as numbers. */
export function questionsJson(questions: readonly AdminQuestion[]) {
  const list = questions.map((question) => {
    const q = columnsOf(question);
    return {
      ...q,
      nat_min: question.content.nat_min,
      nat_max: question.content.nat_max,
      correct: q.correct.map((index) => OPTION_LABELS[index]),
    };
  });
  return `${JSON.stringify(list, null, 2)}\n`;
}

// --- Reading a file -----------------------------------------------------------------------------

/** A question of the file: where it is ("Row 5", "Line 12"), and its values as the form would post them. */
interface FileRow {
  at: string;
  values: Record<string, string>;
}

type FileRead = { ok: true; rows: FileRow[] } | { ok: false; errors: string[] };

/** The key's letters as the form's checkboxes; null when they are not letters A to D. */
function keyValues(letters: readonly string[]): Record<string, string> | null {
  const values: Record<string, string> = {};
  for (const letter of letters) {
    const index = OPTION_LABELS.indexOf(letter.trim().toUpperCase() as (typeof OPTION_LABELS)[number]);
    if (index < 0) return null;
    values[CORRECT_FIELDS[index]!] = "on";
  }
  return values;
}

/** "A,C", "A C", "A;C" or "AC" as letters. */
const keyLettersOf = (cell: string) =>
  cell
    .split(/[\s,;]+/)
    .filter(Boolean)
    .flatMap((token) => (/^[a-d]+$/i.test(token) ? [...token] : [token]));

async function readCsv(text: string): Promise<FileRead> {
  const table = await readCsvTable(text, importMessages);
  if (!table.ok) return table;
  const { names, data } = table;
  const unknown = names.filter((name) => name !== "" && !(IMPORT_COLUMNS as readonly string[]).includes(name));
  if (unknown.length) return { ok: false, errors: unknown.map(importMessages.unknownColumn) };
  const missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length) return { ok: false, errors: [importMessages.header(missing)] };
  if (data.length > IMPORT_MAX_QUESTIONS) return { ok: false, errors: [importMessages.tooMany] };

  const errors: string[] = [];
  const rows: FileRow[] = [];
  for (const { row, cells } of data) {
    const at = rowAt(row);
    if (cells.length > names.length) {
      errors.push(importMessages.extraCells(at, cells.length, names.length));
      continue;
    }
    const cell = (column: Column) => {
      const index = names.indexOf(column);
      return index < 0 ? "" : (cells[index] ?? "");
    };
    const values: Record<string, string> = {};
    for (const column of IMPORT_COLUMNS) {
      if (column !== "correct" && column !== "is_sample") values[column] = cell(column);
    }
    const key = keyValues(keyLettersOf(cell("correct")));
    if (key === null) errors.push(importMessages.key(at));
    else Object.assign(values, key);
    const sample = yesNoCell(cell("is_sample"));
    if (sample) values.is_sample = "on";
    else if (sample === null) errors.push(importMessages.yesNo(at));
    rows.push({ at, values });
  }
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

/** The line each element of the top-level JSON list starts on: a scan that skips strings. */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n") line++;
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectValue && !/[\s,\]]/.test(ch)) {
      lines.push(line);
      expectValue = false;
    }
    if (ch === '"') inString = true;
    else if (ch === "[" || ch === "{") {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (ch === "]" || ch === "}") depth--;
    else if (ch === "," && depth === 1) expectValue = true;
  }
  return lines;
}

const jsonNumber = z.union([z.number(), z.string()]).nullish();
const jsonText = z.string().nullish();
/** One question of a JSON file: its fields' types; what they may hold is the form schema's to say. */
const JsonQuestionSchema = z.strictObject({
  slug: jsonText,
  status: jsonText,
  subject: jsonText,
  topic: jsonText,
  difficulty: jsonText,
  source: jsonText,
  gate_year: jsonNumber,
  gate_question_no: jsonNumber,
  source_media: jsonText,
  is_sample: z.boolean().nullish(),
  type: jsonText,
  marks: jsonNumber,
  text: jsonText,
  options: z.array(z.string()).max(4).nullish(),
  correct: z.array(z.string()).nullish(),
  nat_min: jsonNumber,
  nat_max: jsonNumber,
  nat_decimals: jsonNumber,
  solution: jsonText,
});

const expected: Record<string, string> = {
  options: "a list of up to four texts",
  correct: 'a list of letters, such as ["A", "C"]',
  is_sample: "true or false",
  gate_year: "a number",
  gate_question_no: "a number",
  marks: "a number",
  nat_min: "a number",
  nat_max: "a number",
  nat_decimals: "a number",
};

function readJson(text: string): FileRead {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch (error) {
    return { ok: false, errors: [importMessages.json((error as Error).message)] };
  }
  if (!Array.isArray(list)) return { ok: false, errors: [importMessages.jsonArray] };
  if (list.length === 0) return { ok: false, errors: [importMessages.empty] };
  if (list.length > IMPORT_MAX_QUESTIONS) return { ok: false, errors: [importMessages.tooMany] };
  const lines = elementLines(text);
  const errors: string[] = [];
  const rows: FileRow[] = [];
  list.forEach((item: unknown, index) => {
    const at = lineAt(lines[index] ?? 1);
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      errors.push(importMessages.jsonObject(at));
      return;
    }
    const parsed = JsonQuestionSchema.safeParse(item);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.code === "unrecognized_keys")
          errors.push(...issue.keys.map((key) => importMessages.unknownField(at, key)));
        else {
          const field = String(issue.path[0] ?? "");
          errors.push(importMessages.jsonType(at, field, expected[field] ?? "text"));
        }
      }
      return;
    }
    const q = parsed.data;
    const values: Record<string, string> = {};
    for (const [field, value] of Object.entries(q)) {
      if (field === "options" || field === "correct" || field === "is_sample") continue;
      if (value !== null && value !== undefined) values[field] = String(value);
    }
    (q.options ?? []).forEach((option, i) => (values[OPTION_FIELDS[i]!] = option));
    const key = keyValues(q.correct ?? []);
    if (key === null) errors.push(importMessages.key(at));
    else Object.assign(values, key);
    if (q.is_sample) values.is_sample = "on";
    rows.push({ at, values });
  });
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

/** A file's questions: JSON when it starts as a list, CSV otherwise. */
export async function readQuestionFile(text: string): Promise<FileRead> {
  if (Buffer.byteLength(text) > IMPORT_MAX_BYTES) return { ok: false, errors: [importMessages.tooLarge] };
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { ok: false, errors: [importMessages.empty] };
  return /^\s*\[/.test(body) ? readJson(body) : readCsv(body);
}

// --- The plan -----------------------------------------------------------------------------------

const SLUG = new RegExp(`^(?=.{1,${SLUG_MAX}}$)[a-z0-9]+(?:-[a-z0-9]+)*$`);

/** One item of the preview: where in the file ("Row 5", "Line 12"), which question, and what changes. */
export interface PlanItem {
  at: string;
  /** The question's slug; null for a new question whose slug comes from its text. */
  slug: string | null;
  /** The start of its text, as plain words. */
  title: string;
  type: string;
  /** Changed questions: the columns that differ, and whether the edit makes a new version. */
  fields: string[];
  newVersion: boolean;
}

export interface ImportPlan {
  steps: ImportStep[];
  added: PlanItem[];
  changed: PlanItem[];
  unchanged: number;
  /** What the confirmation must match: the plan, and the state of every question it touches. */
  digest: string;
}

export type PlanResult = { ok: true; plan: ImportPlan } | { ok: false; errors: string[] };

/** The file's column of a schema field: the key's checkboxes are `correct`. */
const columnOf = (field: string) => (field.startsWith("correct") ? "correct" : field);

const titleOf = (markdown: string) => {
  const text = markdownToReadableText(markdown);
  return text.length > 90 ? `${text.slice(0, 89)}…` : text;
};

/** The schema fields behind the changed columns of a question: what the preview lists. */
const changedColumns = (fields: readonly string[]) => [
  ...new Set(
    fields.map(
      (f) =>
        ({ text_md: "text", solution_md: "solution", options_md: "options", source_media_hash: "source_media" })[f] ??
        f,
    ),
  ),
];

/**
 * Reads, checks and renders a file, and compares each question with the bank: the plan of what an
 * import would do, or every error by its row or line. Changes nothing.
 */
export async function planQuestionImport(db: DB, text: string): Promise<PlanResult> {
  const read = await readQuestionFile(text);
  if (!read.ok) return read;
  const errors: string[] = [];
  const seen = new Map<string, string>();
  for (const { at, values } of read.rows) {
    const slug = values.slug?.trim() ?? "";
    if (!slug) continue;
    if (!SLUG.test(slug)) errors.push(importMessages.slug(at));
    else if (seen.has(slug)) errors.push(importMessages.repeated(at, slug, seen.get(slug)!));
    else seen.set(slug, at);
  }
  const existing = new Map((await findQuestionsBySlug(db, [...seen.keys()])).map((q) => [q.slug, q]));
  // The file's diagrams from the media library, looked up once for every row.
  const pictures = await questionPictures(
    db,
    read.rows.flatMap(({ values }) => Object.keys(markdownLabels).map((field) => values[field])),
  );

  const steps: ImportStep[] = [];
  const added: PlanItem[] = [];
  const changed: PlanItem[] = [];
  // Fed row by row, between the turns the loop takes: hashing a 2,000-question plan at once held the loop.
  const touched = createHash("sha256");
  const touch = (item: unknown) => touched.update(`${JSON.stringify(item)}\n`);
  let unchanged = 0;
  for (const [index, { at, values }] of read.rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    const parsed = parseForm(QuestionSchema, values);
    if (!parsed.ok) {
      for (const [field, message] of Object.entries(parsed.errors))
        errors.push(importMessages.field(at, columnOf(field), message!));
      continue;
    }
    const slug = values.slug?.trim() || null;
    const before = slug ? existing.get(slug) : undefined;
    const labels = Object.fromEntries(Object.keys(markdownLabels).map((field) => [field, field]));
    const rendered = renderQuestion(parsed.data, labels, before ? reuseHtml(before) : undefined, pictures);
    if (!rendered.ok) {
      for (const message of Object.values(rendered.errors)) errors.push(importMessages.markdown(at, message!));
      continue;
    }
    if (errors.length) continue;
    const record = rendered.record;
    const item = { at, slug, title: titleOf(record.version.text_md), type: record.version.type };
    if (!before) {
      steps.push({ kind: "add", record, slug });
      added.push({ ...item, fields: [], newVersion: false });
      touch(["add", slug, record]);
      continue;
    }
    touch([before.id, before.updated_at, before.current_version]);
    const fields = [...contentChanges(before.content, record.version), ...questionChanges(before, record.question)];
    if (fields.length === 0) {
      unchanged++;
      continue;
    }
    steps.push({ kind: "change", id: before.id, record });
    touch(["change", before.id, record]);
    const newVersion = before.answers > 0 && contentChanges(before.content, record.version).length > 0;
    changed.push({ ...item, fields: changedColumns(fields), newVersion });
  }
  if (errors.length) return { ok: false, errors };
  const digest = touched.digest("base64url");
  return { ok: true, plan: { steps, added, changed, unchanged, digest } };
}

/** The stored HTML of a question's Markdown, where the file has the same Markdown. */
function reuseHtml(question: AdminQuestion) {
  const c = question.content;
  return (field: keyof typeof markdownLabels, source: string) => {
    if (field === "text") return source === c.text_md ? c.text_html : undefined;
    if (field === "solution") return source === c.solution_md ? c.solution_html : undefined;
    const index = OPTION_FIELDS.indexOf(field);
    return c.options_md[index] === source ? c.options_html[index] : undefined;
  };
}

/** A question of the bank as the form's values (the export's row, read back). */
export const formValuesOf = (question: AdminQuestion) =>
  questionFormValues({
    ...question,
    text: question.content.text_md,
    type: question.content.type,
    marks: question.content.marks,
    options: question.content.options_md,
    correct: question.content.correct ?? [],
    nat:
      question.content.nat_min === null
        ? null
        : { min: question.content.nat_min, max: question.content.nat_max!, decimals: question.content.nat_decimals! },
    solution: question.content.solution_md,
  });
