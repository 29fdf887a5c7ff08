import { z } from "zod";
import { formatIstDate, isCalendarDate, istDate } from "~/core/ist";
import type { FieldErrors } from "~/lib/forms/submission";

// Building blocks shared by the public and admin form schemas. The spec sets no length limits
// (§5); these are generous bounds so that a 100k-character paste gets a clear field error.

// Characters no form text may hold (issue 42): the C0 controls but tab and line breaks, DEL, the
// C1 controls, and lone surrogates (half a UTF-16 pair: no UTF-8 form post carries one, a crafted
// request can). PostgreSQL refuses NUL in text outright, where SQLite stored it; the others are
// invisible on a page and can change what a CSV cell or a mail header says. Every text field of
// every form is built here, and tests/unit/schema-text-fields.test.ts walks them all to prove it.
// oxlint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u;
/** One-line text holds no tab or line break either (a browser's text input strips line breaks). */
const BREAK = /[\t\r\n]/;
/** In a link, tabs and line breaks too: browsers drop them silently, hiding what the link says. */
// oxlint-disable-next-line no-control-regex -- matching them is the point
const URL_CONTROL = /[\u0000-\u001f\u007f-\u009f]|\p{Cs}/u;

export interface TextOptions {
  /** Several lines (a textarea): tab, CR and LF are allowed. One line by default. */
  multiline?: boolean;
  /** The message of a text over `max` characters, instead of the usual one. */
  tooLong?: string;
}

/** Whether `text` holds a character no form text may hold; `multiline` allows tabs and line breaks. */
export const hasForbiddenCharacters = (text: string, multiline = false) =>
  CONTROL.test(text) || (!multiline && BREAK.test(text));

/** `text` on one line without the characters no form text may hold: for a search, never stored. */
export const withoutControls = (text: string) =>
  text.replace(new RegExp(CONTROL.source, "gu"), "").replace(/[\t\r\n]+/g, " ");

/** Trimmed text of at most `max` characters, without control characters. */
function textField(label: string, max: number, { multiline = false, tooLong }: TextOptions, required: boolean) {
  const trimmed = z.string(required ? { error: `${label} is required` } : undefined).trim();
  return (required ? trimmed.min(1, `${label} is required`) : trimmed)
    .max(max, tooLong ?? `${label} must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), `${label} contains characters that are not allowed`)
    .refine((v) => multiline || !BREAK.test(v), `${label} must be one line, without tabs or line breaks`);
}

export function requiredText(label: string, max: number, options: TextOptions = {}) {
  return textField(label, max, options, true);
}

/** Text that may be left empty: null. */
export function optionalText(label: string, max: number, options: TextOptions = {}) {
  return textField(label, max, options, false)
    .optional()
    .transform((v) => (v ? v : null));
}

/**
 * The days any form may name (issue 42): from 1 Jan 2000 to 31 Dec 2100. Everything this site
 * dates (a job alert's posting and last date, when a GATE figure was read, a purchase) falls in
 * the business's own years, and GATE years already stop at 2100 (gate-fields.ts). A fixed range,
 * not one that moves with the clock, so that a saved form stays valid when opened again; and four
 * digits of year everywhere, which text comparison, the .ics file and Date arithmetic rely on
 * (9999-12-31 made an invalid DTEND).
 */
export const DATE_RANGE = { first: "2000-01-01", last: "2100-12-31" } as const;

/**
 * A calendar date written YYYY-MM-DD that exists, within DATE_RANGE; with `notFuture`, not after
 * today in India either (said first: of a date in 2999, that is the news).
 */
export function calendarDate(label: string, { notFuture = false } = {}) {
  const date = z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date written YYYY-MM-DD`)
    .refine(isCalendarDate, `${label} must be a real date`);
  return (notFuture ? date.refine((v) => v <= istDate(), `${label} cannot be in the future`) : date).refine(
    (v) => v >= DATE_RANGE.first && v <= DATE_RANGE.last,
    `${label} must be a date from ${formatIstDate(DATE_RANGE.first)} to ${formatIstDate(DATE_RANGE.last)}`,
  );
}

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

export const phoneField = z
  .string({ error: "Phone is required" })
  .trim()
  .min(1, "Phone is required")
  .regex(/^\+?[0-9][0-9\s()-]{6,19}$/, "Enter a valid phone number")
  // \s would let a line break or a vertical tab through.
  .refine((v) => !hasForbiddenCharacters(v), "Enter a valid phone number");

/**
 * A required link of at most 2000 characters that `accepts` approves, with `invalid` as the
 * message otherwise. Control characters (NUL included) are never part of a link, and PostgreSQL
 * refuses NUL.
 */
export function requiredLink(label: string, accepts: (link: string) => boolean, invalid: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => !URL_CONTROL.test(v) && accepts(v), invalid);
}

/** An absolute http:// or https:// URL. */
export const isHttpUrl = (link: string) => /^https?:\/\//i.test(link) && URL.canParse(link);

/** Only http(s) URLs: javascript:, data: and friends are refused (DESIGN: http(s)-only URLs). */
export function httpUrl(label: string) {
  return requiredLink(label, isHttpUrl, `${label} must be a valid http:// or https:// URL`);
}

/**
 * Form data → plain object; repeated fields keep their first value. The object has no prototype:
 * a posted field named "constructor" or "__proto__" is a field like any other, never an
 * inherited property or the object's prototype.
 */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  for (const [key, value] of formData) {
    if (typeof value === "string" && !Object.hasOwn(values, key)) values[key] = value;
  }
  return values;
}

/** The first message for each field, for rendering beside the field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
