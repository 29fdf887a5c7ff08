import { z } from "zod";
import { DATE_RANGE, httpUrl, requiredText, withoutControls } from "../fields";
import { checkbox, IdSchema, MAX_ID } from "./common";

// A timed test of the site (issue 47), as staff keep it at /admin/tests: one schema for the form
// and its action, and the small schemas of the question list's buttons (add, move, remove) and of
// the list's row actions. Every field is a plain string, as a form posts it. The window's ends are
// typed as India's wall clock (a datetime-local field, "2026-11-28T10:00") and stored as instants
// (UTC ISO), so a browser in any zone enters and shows the same times. The composition rule of a
// full-length mock is checked at publish (~/lib/exam), not here: a draft may be half built.

export const TEST_KINDS = ["topic", "subject", "full_mock", "previous_year"] as const;
export const TEST_ACCESS = ["free", "paid"] as const;
export const TEST_STATUSES = ["draft", "published"] as const;
export const TEST_SECTIONS = ["ga", "subject"] as const;
export type TestKindValue = (typeof TEST_KINDS)[number];
export type TestSectionValue = (typeof TEST_SECTIONS)[number];

export const TITLE_MAX = 200;
/** GATE's own instructions fit in a few thousand characters; a form post stays under its 64 KB. */
export const INSTRUCTIONS_MAX = 6_000;
/** GATE is 180 minutes; a day's paper is the most any test here may take. */
export const DURATION = { min: 1, max: 600 } as const;
/** Far above GATE's 65 questions: a long topic test fits, a runaway list does not. */
export const MAX_TEST_QUESTIONS = 150;

/** The schema's words: the action and the tests name fields by them. */
export const practiceTestErrors = {
  kind: "Choose the kind of test",
  access: "Choose free or paid",
  status: "Choose draft or published",
  duration: `Duration must be a whole number of minutes from ${DURATION.min} to ${DURATION.max}`,
  paidUrlRequired: "Enter the address where this paid test is sold",
  dateTime: (label: string) => `${label} must be a date and time, such as 2026-11-28 10:00 (IST)`,
  dateRange: (label: string) => `${label} must fall between the years 2000 and 2100`,
  closesBeforeOpens: "The test must close after it opens",
  direction: "Choose up or down",
  position: "Choose a question of the test",
} as const;

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && !value.trim());
/** Line breaks as a textarea may post them (CRLF), stored as LF. */
const unixLines = (text: string) => text.replace(/\r\n?/g, "\n");

const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(trimmed, z.enum(values, { error: message }));

// --- India's wall clock ---------------------------------------------------------------------------

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
/** "2026-11-28T10:00" as a datetime-local field posts it (seconds allowed, and a space for the T). */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant (UTC ISO) of a wall-clock time in India, or null when `text` is not one. */
export function istDateTimeToIso(text: string): string | null {
  const match = LOCAL_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, date, hours, minutes, seconds = "00"] = match;
  const wall = `${date}T${hours}:${minutes}:${seconds}Z`;
  const time = Date.parse(wall);
  // Date.parse rolls 2026-02-30 over to March: a date that reads back differently does not exist.
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 19) !== wall.slice(0, 19)) return null;
  return new Date(time - IST_OFFSET_MS).toISOString();
}

/** An instant as the datetime-local field shows it in India: "2026-11-28T10:00"; "" for none. */
export function isoToIstDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "" : new Date(time + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A window's end that may be left empty: null, or its instant. */
const optionalIstDateTime = (label: string) =>
  z.preprocess(
    (value) => (blank(value) ? "" : trimmed(value)),
    z
      .string()
      .max(40, practiceTestErrors.dateTime(label))
      .refine((v) => v === "" || istDateTimeToIso(v) !== null, practiceTestErrors.dateTime(label))
      .refine(
        (v) => v === "" || (v.slice(0, 10) >= DATE_RANGE.first && v.slice(0, 10) <= DATE_RANGE.last),
        practiceTestErrors.dateRange(label),
      )
      .transform((v) => (v === "" ? null : istDateTimeToIso(v))),
  );

// --- The test's form ------------------------------------------------------------------------------

export const PracticeTestSchema = z
  .object({
    title: requiredText("Title", TITLE_MAX),
    kind: choice(TEST_KINDS, practiceTestErrors.kind),
    instructions: requiredText("Instructions", INSTRUCTIONS_MAX, { multiline: true }).transform(unixLines),
    // Only whole minutes: "90.5" and "0" are refused, not rounded.
    duration_minutes: z.preprocess(
      (value) => (typeof value === "number" ? String(value) : trimmed(value)),
      z
        .string({ error: practiceTestErrors.duration })
        .regex(/^\d{1,4}$/, practiceTestErrors.duration)
        .transform(Number)
        .refine((n) => n >= DURATION.min && n <= DURATION.max, practiceTestErrors.duration),
    ),
    access: choice(TEST_ACCESS, practiceTestErrors.access),
    // Checked below: required for a paid test only, and dropped from a free one.
    paid_url: z.preprocess((value) => (blank(value) ? undefined : value), httpUrl("Where it is sold").optional()),
    opens_at: optionalIstDateTime("Opens at"),
    closes_at: optionalIstDateTime("Closes at"),
    is_sample: checkbox,
    status: choice(TEST_STATUSES, practiceTestErrors.status),
  })
  .superRefine((t, ctx) => {
    if (t.access === "paid" && !t.paid_url)
      ctx.addIssue({ code: "custom", path: ["paid_url"], message: practiceTestErrors.paidUrlRequired });
    if (t.opens_at && t.closes_at && t.closes_at <= t.opens_at)
      ctx.addIssue({ code: "custom", path: ["closes_at"], message: practiceTestErrors.closesBeforeOpens });
  })
  .transform((t) => ({
    title: t.title,
    kind: t.kind,
    instructions: t.instructions,
    duration_minutes: t.duration_minutes,
    access: t.access,
    paid_url: t.access === "paid" ? (t.paid_url ?? null) : null,
    opens_at: t.opens_at,
    closes_at: t.closes_at,
    is_sample: t.is_sample,
    status: t.status,
  }));
export type PracticeTestInput = z.infer<typeof PracticeTestSchema>;

/** What a new test's instructions start from: the exam's own rules, in the site's words. */
export const DEFAULT_INSTRUCTIONS = [
  "Read these instructions before you start.",
  "",
  "- The clock starts when you press **Start** and the test ends on its own when the time is up. Your answers are saved on our server as you go.",
  "- Where the paper has both a General Aptitude and a Chemical Engineering section, move between them freely: neither has a time limit of its own.",
  "- MCQ: one correct option. A wrong answer costs 1/3 of a mark for a 1-mark question and 2/3 for a 2-mark question.",
  "- MSQ: one or more correct options; marks only when exactly the correct options are chosen. No negative marks.",
  "- NAT: type the number with the on-screen keypad. No negative marks.",
  "- Use **Mark for Review & Next** for a question you want to see again; a marked question that has an answer is counted.",
].join("\n");

/** A new test's form: a free topic test of 30 minutes, a draft. */
export const practiceTestDefaults = {
  title: "",
  kind: "topic",
  instructions: DEFAULT_INSTRUCTIONS,
  duration_minutes: "30",
  access: "free",
  paid_url: "",
  opens_at: "",
  closes_at: "",
  is_sample: false,
  status: "draft",
} as const;

/** A stored test as the form's values (the window in India's wall clock). */
export function practiceTestFormValues(t: {
  title: string;
  kind: string;
  instructions_md: string;
  duration_minutes: number;
  access: string;
  paid_url: string | null;
  opens_at: string | null;
  closes_at: string | null;
  is_sample: boolean;
  status: string;
}): Record<string, string | boolean> {
  return {
    title: t.title,
    kind: t.kind,
    instructions: t.instructions_md,
    duration_minutes: String(t.duration_minutes),
    access: t.access,
    paid_url: t.paid_url ?? "",
    opens_at: isoToIstDateTime(t.opens_at),
    closes_at: isoToIstDateTime(t.closes_at),
    is_sample: t.is_sample,
    status: t.status,
  };
}

// --- The list's and the question list's buttons ----------------------------------------------------

/** Publish, unpublish or delete one test. */
export const PracticeTestRowSchema = z.object({
  intent: z.enum(["publish", "unpublish", "delete"], { error: "Choose an action" }),
  id: IdSchema,
});

/** A place in the test's paper (1..n). */
const PositionSchema = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value),
  z
    .number({ error: practiceTestErrors.position })
    .int(practiceTestErrors.position)
    .min(1, practiceTestErrors.position)
    .max(MAX_ID, practiceTestErrors.position),
);

/**
 * A button of the question picker and the question list: add, move up or down, remove. An added
 * question's section follows its subject (General Aptitude's go to GA, the others to the subject),
 * as the publish check requires.
 */
export const TestQuestionSchema = z
  .object({
    intent: z.enum(["add-question", "move-question", "remove-question"], { error: "Choose an action" }),
    id: IdSchema,
    // Each button posts the fields of its own intent; the others are checked below.
    question_id: IdSchema.optional(),
    position: PositionSchema.optional(),
    direction: z.enum(["up", "down"], { error: practiceTestErrors.direction }).optional(),
  })
  .superRefine((op, ctx) => {
    const missing = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (op.intent === "add-question") {
      if (op.question_id === undefined) missing("question_id", "Choose a question");
    } else if (op.position === undefined) missing("position", practiceTestErrors.position);
    if (op.intent === "move-question" && op.direction === undefined) missing("direction", practiceTestErrors.direction);
  });
export type TestQuestionInput = z.infer<typeof TestQuestionSchema>;

// --- The picker's search ----------------------------------------------------------------------------

export const BANK_SEARCH_MAX = 100;

/** ?q=&subject=&topic=&type= of the picker: a search, so anything unknown is dropped, not refused. */
export const BankSearchSchema = z.object({
  // Characters no text may hold are dropped, not refused (a search is no saved field).
  q: z.preprocess(
    (value) => (typeof value === "string" ? withoutControls(value).trim().slice(0, BANK_SEARCH_MAX) || null : null),
    z.string().nullable(),
  ),
  subject: z.preprocess(
    (value) => (typeof value === "string" && /^[a-z0-9-]{1,100}$/.test(value) ? value : null),
    z.string().nullable(),
  ),
  topic: z.preprocess(
    (value) => (typeof value === "string" && /^[a-z0-9-]{1,100}$/.test(value) ? value : null),
    z.string().nullable(),
  ),
  type: z.enum(["mcq", "msq", "nat"]).nullable().catch(null),
});
export type BankSearch = z.infer<typeof BankSearchSchema>;

/** The picker's search from a URL's query. */
export const bankSearchOf = (search: URLSearchParams): BankSearch =>
  BankSearchSchema.parse({
    q: search.get("q"),
    subject: search.get("subject"),
    topic: search.get("topic"),
    type: search.get("type"),
  });
