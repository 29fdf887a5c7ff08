import type { FieldErrors } from "~/lib/schemas/fields";

// What a visitor-form action answers, and the small decisions the forms make on it. The failure
// shape is the one readPublicForm returns (app/lib/public-form.server.ts).

/** The honeypot: a field hidden from people, so only bots fill it in (checked in public-form.server.ts). */
export const HONEYPOT_FIELD = "website";

export interface SubmissionSuccess {
  ok: true;
  message: string;
}

export interface SubmissionFailure {
  ok: false;
  formError: string;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
}

export type SubmissionResult = SubmissionSuccess | SubmissionFailure;

export function failure(formError: string, values: Record<string, string> = {}): SubmissionFailure {
  return { ok: false, formError, fieldErrors: {}, values };
}

export function hasFieldErrors(errors: FieldErrors | undefined): boolean {
  return Object.values(errors ?? {}).some(Boolean);
}

/** The first field, in form order, that has an error: where focus goes after a failed submit. */
export function firstInvalidField(order: readonly string[], errors: FieldErrors): string | undefined {
  return order.find((name) => errors[name]);
}

/**
 * Errors to show after one field was checked on blur or input: that field's new verdict, and the
 * other fields untouched (a visitor is not told off about fields not reached yet).
 */
export function mergeFieldError(current: FieldErrors, field: string, fresh: FieldErrors): FieldErrors {
  const next = { ...current };
  if (fresh[field]) next[field] = fresh[field];
  else delete next[field];
  return next;
}

/**
 * The lines of the inline alert for a testimonial failure (spec §8): always the spec's sentence,
 * then the server's reason when it says more (too many submissions, invalid fields...).
 */
export function failureLines(specMessage: string, result: SubmissionFailure): string[] {
  return result.formError && result.formError !== specMessage ? [specMessage, result.formError] : [specMessage];
}
