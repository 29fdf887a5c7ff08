import { z } from "zod";
import { calendarDate, isHttpUrl, requiredLink } from "../fields";

// Field builders of the GATE data forms (issue 24), shared by the forms, their actions and the CSV
// import, which checks each row with the same schema. Every schema reads plain strings: an empty
// field is "no value", never 0.

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");
const asNumber = (value: unknown) => (typeof value === "string" ? Number(value.trim()) : value);

/** A GATE year: the exam has run since 1984; a year ahead is allowed for a paper announced early. */
export const yearField = z.preprocess(
  (value) => (blank(value) ? undefined : asNumber(value)),
  z
    .number({ error: "Year must be a year such as 2025" })
    .int("Year must be a year such as 2025")
    .min(1984, "Year must be 1984 or later")
    .max(2100, "Year must be 2100 or earlier"),
);

/** At most two decimals, as GATE publishes marks (27.7, −33.33). */
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Marks out of 100: `min` is −33.33 for a candidate's marks (negative marking), 0 for a cutoff. */
function marks(label: string, min: number) {
  return z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be between ${min} and 100`)
    .max(100, `${label} must be between ${min} and 100`)
    .refine(twoDecimals, `${label} may have at most two decimals`);
}

export const requiredMarks = (label: string, min: number) =>
  z.preprocess((value) => (blank(value) ? undefined : asNumber(value)), marks(label, min));

/** Marks that may be left empty (not published yet): null. */
export const optionalMarks = (label: string, min: number) =>
  z.preprocess((value) => (blank(value) ? null : asNumber(value)), marks(label, min).nullable());

/** A whole number of 0 or more that may be left empty: null. */
export function optionalCount(label: string, max: number) {
  const message = `${label} must be a whole number of 0 or more`;
  return z.preprocess(
    (value) => (blank(value) ? null : asNumber(value)),
    z.number({ error: message }).int(message).min(0, message).max(max, `${label} must be at most ${max}`).nullable(),
  );
}

/** The error of a GATE row without its paper, in the form and in a CSV line. */
export const CHOOSE_PAPER = "Choose a paper";

/** An http(s) link that may be left empty: null ("not yet added"). */
export function optionalHttpUrl(label: string) {
  return z.preprocess(
    (value) => (blank(value) ? undefined : value),
    requiredLink(label, isHttpUrl, `${label} must be a valid http:// or https:// URL`)
      .optional()
      .transform((v) => v ?? null),
  );
}

/** The date a figure was read at its source: YYYY-MM-DD, a real date from 2000, not in the future; or empty. */
export function retrievedOnField(label: string) {
  return z.preprocess(
    (value) => (blank(value) ? undefined : typeof value === "string" ? value.trim() : value),
    calendarDate(label, { notFuture: true })
      .optional()
      .transform((v) => v ?? null),
  );
}

/** A whole number of 0 or more that must be given (a display order). */
export function requiredCount(label: string, max: number) {
  const message = `${label} must be a whole number of 0 or more`;
  return z.preprocess(
    (value) => (blank(value) ? undefined : asNumber(value)),
    z.number({ error: message }).int(message).min(0, message).max(max, `${label} must be at most ${max}`),
  );
}

/** A fresh form of a schema's fields: each empty, each is_* box unticked; `given` sets others. */
export function blankForm(schema: { shape: Record<string, unknown> }, given: Record<string, string> = {}) {
  const values: Record<string, string | boolean> = {};
  for (const key of Object.keys(schema.shape)) values[key] = key.startsWith("is_") ? false : (given[key] ?? "");
  return values;
}
