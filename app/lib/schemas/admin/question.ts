import { z } from "zod";
import { OPTION_LABELS } from "~/lib/questions/answers";
import { findSubject, findTopic, GENERAL_APTITUDE, syllabusSubjects } from "~/lib/questions/syllabus-topics";
import { optionalText, requiredText, withoutControls } from "../fields";
import { checkbox, IdSchema } from "./common";

// A question of the bank (issue 46): one schema for the staff form, its action, the live preview
// and every row of an import, so that a question is refused for the same reasons wherever it comes
// from. Every field is a plain string, as a form posts it. The exam's rules
// (docs/reference/gate-ch-reference.md): MCQ four options and one key, MSQ four options and one or
// more keys, NAT an inclusive range and the decimals to type; 1 or 2 marks. Rendering the
// Markdown (and refusing math that does not parse) is app/lib/questions/question-form.server.ts's.

export const QUESTION_TYPES = ["mcq", "msq", "nat"] as const;
export const QUESTION_STATUSES = ["draft", "published"] as const;
export const QUESTION_DIFFICULTIES = ["easy", "medium", "hard"] as const;
export const QUESTION_SOURCES = ["original", "gate"] as const;
export type QuestionTypeValue = (typeof QUESTION_TYPES)[number];

/** Generous bounds: a long derivation fits, a pasted book does not. */
export const TEXT_MAX = 10_000;
export const OPTION_MAX = 1_000;
export const SOLUTION_MAX = 20_000;
/** GATE years this site may hold (DATE_RANGE of ../fields.ts), and a paper's 65 questions. */
export const GATE_YEARS = { min: 2000, max: 2100 } as const;
export const GATE_QUESTION_NUMBERS = { min: 1, max: 65 } as const;
/** A NAT answer is typed with 0 to 4 decimals. */
export const MAX_NAT_DECIMALS = 4;

/** The option fields, A to D, and the key's checkboxes beside them. */
export const OPTION_FIELDS = ["option_a", "option_b", "option_c", "option_d"] as const;
export const CORRECT_FIELDS = ["correct_a", "correct_b", "correct_c", "correct_d"] as const;

const typeName: Record<QuestionTypeValue, string> = { mcq: "MCQ", msq: "MSQ", nat: "NAT" };

/** The schema's words: the actions and the import name fields by them. */
export const questionErrors = {
  type: "Choose MCQ, MSQ or NAT",
  marks: "Marks must be 1 or 2",
  subject: "Choose a subject of the syllabus",
  topic: (subject: string) => `Choose a topic of ${subject} from the syllabus`,
  difficulty: "Choose easy, medium or hard",
  source: "Choose original or a GATE paper",
  status: "Choose draft or published",
  gateYear: `GATE year must be a year from ${GATE_YEARS.min} to ${GATE_YEARS.max}`,
  gateYearRequired: "Enter the GATE year of a previous-year question",
  questionNo: `Question number must be a whole number from ${GATE_QUESTION_NUMBERS.min} to ${GATE_QUESTION_NUMBERS.max}`,
  questionNoRequired: "Enter the question's number in its GATE paper",
  sourceMedia: "Enter the address of a file in the media library (/media/…), or leave it empty",
  options: (type: QuestionTypeValue) => `${typeName[type]} needs four options`,
  mcqKey: "The key is missing: tick the one correct option",
  mcqOneKey: "An MCQ has exactly one correct option: tick only one",
  msqKey: "MSQ with no correct option: tick one or more",
  natMin: "Enter the lowest accepted answer",
  natMax: "Enter the highest accepted answer",
  natNumber: (label: string) => `${label} must be a number, such as 12, -0.5 or 3.14`,
  natDecimals: `Decimals must be a whole number from 0 to ${MAX_NAT_DECIMALS}`,
  natDecimalsRequired: "Enter how many decimals the answer is typed with",
  natOrder: "The highest accepted answer is below the lowest: swap them",
  natPlaces: (label: string, decimals: number) =>
    `${label} has more decimals than the ${decimals} the answer is typed with`,
} as const;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && !value.trim());
const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
/** Line breaks as a textarea may post them (CRLF), stored as LF: an edit is no change of its own. */
const unixLines = (text: string) => text.replace(/\r\n?/g, "\n");

/** A whole number from `min` to `max` that may be left empty: null. */
const optionalWhole = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (blank(value) ? null : typeof value === "string" ? Number(value.trim()) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );

const DECIMAL = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** A number as typed, with how many decimals it was typed with, or null when left empty. */
export interface TypedNumber {
  value: number;
  places: number;
}

/** A signed decimal number ("12", "-0.5", "3.14") that may be left empty: null. */
const optionalDecimal = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : blank(value) ? "" : trimmed(value)),
    z
      .string()
      .max(24, questionErrors.natNumber(label))
      .refine((v) => v === "" || DECIMAL.test(v), questionErrors.natNumber(label))
      .transform((v): TypedNumber | null =>
        v === "" ? null : { value: Number(v), places: v.includes(".") ? v.length - v.indexOf(".") - 1 : 0 },
      ),
  );

/** A choice of a fixed list: anything else (or nothing) is refused with `message`. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(trimmed, z.enum(values, { error: message }));

/** The 64 hex digits of a media library file, by its hash or its address (/media/<hash>/<name>). */
const MEDIA_HASH = /^(?:(?:https?:\/\/[^/\s]+)?\/media\/)?([0-9a-f]{64})(?:\/[^\s]*)?$/i;

export const QuestionSchema = z
  .object({
    type: choice(QUESTION_TYPES, questionErrors.type),
    // Only "1" or "2": a "1.5" is refused, not rounded.
    marks: z.preprocess(
      (value) => (typeof value === "number" ? String(value) : trimmed(value)),
      z
        .string({ error: questionErrors.marks })
        .refine((v) => v === "1" || v === "2", questionErrors.marks)
        .transform((v) => (v === "2" ? 2 : 1) as 1 | 2),
    ),
    subject: choice(syllabusSubjects.map((s) => s.key) as [string, ...string[]], questionErrors.subject),
    // Checked against the subject's syllabus lines below.
    topic: requiredText("Topic", 100),
    difficulty: choice(QUESTION_DIFFICULTIES, questionErrors.difficulty),
    source: choice(QUESTION_SOURCES, questionErrors.source),
    gate_year: optionalWhole(questionErrors.gateYear, GATE_YEARS.min, GATE_YEARS.max),
    gate_question_no: optionalWhole(questionErrors.questionNo, GATE_QUESTION_NUMBERS.min, GATE_QUESTION_NUMBERS.max),
    // The official paper in the media library: its address as the library shows it, or its hash.
    source_media: optionalText("Official paper", 500)
      .refine((v) => v === null || MEDIA_HASH.test(v), questionErrors.sourceMedia)
      .transform((v) => (v === null ? null : MEDIA_HASH.exec(v)![1]!.toLowerCase())),
    is_sample: checkbox,
    text: requiredText("Question text", TEXT_MAX, { multiline: true }).transform(unixLines),
    option_a: optionalText("Option A", OPTION_MAX),
    option_b: optionalText("Option B", OPTION_MAX),
    option_c: optionalText("Option C", OPTION_MAX),
    option_d: optionalText("Option D", OPTION_MAX),
    correct_a: checkbox,
    correct_b: checkbox,
    correct_c: checkbox,
    correct_d: checkbox,
    nat_min: optionalDecimal("The lowest accepted answer"),
    nat_max: optionalDecimal("The highest accepted answer"),
    nat_decimals: optionalWhole(questionErrors.natDecimals, 0, MAX_NAT_DECIMALS),
    solution: requiredText("Solution", SOLUTION_MAX, { multiline: true }).transform(unixLines),
    status: choice(QUESTION_STATUSES, questionErrors.status),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const subject = findSubject(q.subject);
    if (subject && !findTopic(q.subject, q.topic)) issue("topic", questionErrors.topic(subject.title));
    if (q.source === "gate") {
      if (q.gate_year === null) issue("gate_year", questionErrors.gateYearRequired);
      if (q.gate_question_no === null) issue("gate_question_no", questionErrors.questionNoRequired);
    }
    if (q.type === "nat") {
      if (q.nat_min === null) issue("nat_min", questionErrors.natMin);
      if (q.nat_max === null) issue("nat_max", questionErrors.natMax);
      if (q.nat_decimals === null) issue("nat_decimals", questionErrors.natDecimalsRequired);
      if (q.nat_min && q.nat_max && q.nat_min.value > q.nat_max.value) issue("nat_max", questionErrors.natOrder);
      const decimals = q.nat_decimals;
      if (decimals !== null) {
        if (q.nat_min && q.nat_min.places > decimals)
          issue("nat_min", questionErrors.natPlaces("The lowest accepted answer", decimals));
        if (q.nat_max && q.nat_max.places > decimals)
          issue("nat_max", questionErrors.natPlaces("The highest accepted answer", decimals));
      }
      return;
    }
    if (OPTION_FIELDS.some((field) => q[field] === null)) issue("options", questionErrors.options(q.type));
    const keys = CORRECT_FIELDS.filter((field) => q[field]).length;
    if (q.type === "mcq" && keys === 0) issue("correct", questionErrors.mcqKey);
    if (q.type === "mcq" && keys > 1) issue("correct", questionErrors.mcqOneKey);
    if (q.type === "msq" && keys === 0) issue("correct", questionErrors.msqKey);
  })
  .transform((q) => {
    const choices = q.type !== "nat";
    const gate = q.source === "gate";
    return {
      type: q.type,
      marks: q.marks,
      subject: q.subject,
      topic: q.topic,
      difficulty: q.difficulty,
      source: q.source,
      gate_year: gate ? q.gate_year : null,
      gate_question_no: gate ? q.gate_question_no : null,
      source_media_hash: gate ? q.source_media : null,
      is_sample: q.is_sample,
      status: q.status,
      text: q.text,
      // A NAT question has no options and no key: whatever the form still held is dropped.
      options: choices ? OPTION_FIELDS.map((field) => q[field]!) : [],
      correct: choices ? CORRECT_FIELDS.flatMap((field, index) => (q[field] ? [index] : [])) : [],
      nat: choices ? null : { min: q.nat_min!.value, max: q.nat_max!.value, decimals: q.nat_decimals! },
      solution: q.solution,
    };
  });
export type QuestionInput = z.infer<typeof QuestionSchema>;

/** Whether a subject is the paper's General Aptitude section (its questions are GA's). */
export const isGeneralAptitude = (subject: string) => subject === GENERAL_APTITUDE;

/** A new question's form: an original 1-mark MCQ, a draft. */
export const questionDefaults = {
  type: "mcq",
  marks: "1",
  subject: "",
  topic: "",
  difficulty: "medium",
  source: "original",
  nat_decimals: "2",
  status: "draft",
} as const;

/** A stored question as the form's values (a NAT range with the decimals it is typed with). */
export function questionFormValues(q: {
  type: string;
  marks: number;
  subject: string;
  topic: string;
  difficulty: string;
  source: string;
  gate_year: number | null;
  gate_question_no: number | null;
  source_media_hash: string | null;
  is_sample: boolean;
  status: string;
  text: string;
  options: readonly string[];
  correct: readonly number[];
  nat: { min: number; max: number; decimals: number } | null;
  solution: string;
}): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {
    type: q.type,
    marks: String(q.marks),
    subject: q.subject,
    topic: q.topic,
    difficulty: q.difficulty,
    source: q.source,
    gate_year: q.gate_year === null ? "" : String(q.gate_year),
    gate_question_no: q.gate_question_no === null ? "" : String(q.gate_question_no),
    source_media: q.source_media_hash ?? "",
    is_sample: q.is_sample,
    status: q.status,
    text: q.text,
    solution: q.solution,
    nat_min: q.nat ? formatNat(q.nat.min, q.nat.decimals) : "",
    nat_max: q.nat ? formatNat(q.nat.max, q.nat.decimals) : "",
    nat_decimals: String(q.nat?.decimals ?? questionDefaults.nat_decimals),
  };
  OPTION_FIELDS.forEach((field, index) => (values[field] = q.options[index] ?? ""));
  CORRECT_FIELDS.forEach((field, index) => (values[field] = q.correct.includes(index)));
  return values;
}

/** A range end with the decimals the answer is typed with: 2.5 with 2 decimals is "2.50". */
export const formatNat = (value: number, decimals: number) => value.toFixed(decimals);

/** The option letters of a key: [0, 2] → "A,C". */
export const keyLetters = (correct: readonly number[]) => correct.map((index) => OPTION_LABELS[index]).join(",");

// --- The list's filters -------------------------------------------------------------------------

export const QUESTION_SORTS = ["updated", "created", "answers", "correct"] as const;
export const SEARCH_MAX = 100;

const anyOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable().catch(null);

/** ?q=&subject=&topic=&type=&status=&difficulty=&source=&sample=&sort= of the list and its export. */
export const QuestionFilterSchema = z.object({
  // A search is a filter, not a saved field: characters no text may hold are dropped, not refused.
  q: z.preprocess(
    (value) => (typeof value === "string" ? withoutControls(value).trim().slice(0, SEARCH_MAX) || null : null),
    z.string().nullable(),
  ),
  subject: anyOf(syllabusSubjects.map((s) => s.key) as [string, ...string[]]),
  topic: z.preprocess(
    (value) => (typeof value === "string" && /^[a-z0-9-]{1,100}$/.test(value) ? value : null),
    z.string().nullable(),
  ),
  type: anyOf(QUESTION_TYPES),
  status: anyOf(QUESTION_STATUSES),
  difficulty: anyOf(QUESTION_DIFFICULTIES),
  source: anyOf(QUESTION_SOURCES),
  sample: anyOf(["yes", "no"]),
  sort: z.enum(QUESTION_SORTS).catch("updated"),
});
export type QuestionFilterInput = z.infer<typeof QuestionFilterSchema>;

/** The filters of a URL's query. */
export const questionFilterOf = (search: URLSearchParams): QuestionFilterInput =>
  QuestionFilterSchema.parse(
    Object.fromEntries(Object.keys(QuestionFilterSchema.shape).map((k) => [k, search.get(k)])),
  );

/** The list's filters as query parameters, the empty ones (and the default sort) left out. */
export function questionFilterParams(filter: QuestionFilterInput): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).filter(
      (entry): entry is [string, string] => Boolean(entry[1]) && !(entry[0] === "sort" && entry[1] === "updated"),
    ),
  );
}

/** Publish, unpublish or delete one question; resolve or reopen one report. */
export const QuestionRowSchema = z.object({
  intent: z.enum(["publish", "unpublish", "delete", "resolve", "reopen"], { error: "Choose an action" }),
  id: IdSchema,
});
