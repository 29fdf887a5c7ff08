import { z } from "zod";
import type { FieldErrors } from "~/lib/forms/submission";

// Building blocks shared by the public and admin form schemas. The spec sets no length limits
// (§5); these are generous bounds so that a 100k-character paste gets a clear field error.

// Control characters other than tab and newlines are never meaningful in form text.
// oxlint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** In a link, tabs and line breaks too: browsers drop them silently, hiding what the link says. */
// oxlint-disable-next-line no-control-regex -- matching them is the point
const URL_CONTROL = /[\u0000-\u001f\u007f]/;

export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), `${label} contains characters that are not allowed`);
}

export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), `${label} contains characters that are not allowed`)
    .optional()
    .transform((v) => (v ? v : null));
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
  .regex(/^\+?[0-9][0-9\s()-]{6,19}$/, "Enter a valid phone number");

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

/** Form data → plain object; repeated fields keep their first value. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !(key in values)) values[key] = value;
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
