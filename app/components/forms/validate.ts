import type { z } from "zod";
import type { FieldErrors } from "~/lib/forms/submission";
import { fieldErrors, formValues } from "~/lib/schemas/fields";

// Loaded on demand by use-visitor-form.ts with the form's schema, so Zod is not part of any
// page's first load.

/** The form's current values checked against its schema: the first error of each field. */
export function checkForm(schema: z.ZodType, form: HTMLFormElement): FieldErrors {
  const parsed = schema.safeParse(formValues(new FormData(form)));
  return parsed.success ? {} : fieldErrors(parsed.error);
}
