import type { FieldErrors, FormFailure } from "~/lib/forms/submission";

// The small decisions the visitor forms make on their errors and their action's answer.

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
export function failureLines(specMessage: string, result: FormFailure): string[] {
  return result.formError && result.formError !== specMessage ? [specMessage, result.formError] : [specMessage];
}
