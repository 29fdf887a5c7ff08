import type { FieldErrors } from "~/lib/forms/submission";

/**
 * The props of each field of a form, from the values it starts from (a row, defaults, or a refused
 * POST's values) and the refusal's field errors: `field("title")` → name, defaultValue, error.
 */
export function bindFields(
  values: Readonly<Record<string, string | boolean | undefined>> = {},
  errors: FieldErrors = {},
) {
  return (name: string) => {
    const value = values[name];
    return { name, defaultValue: typeof value === "string" ? value : undefined, error: errors[name] };
  };
}
