import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors, formValues, type FieldErrors } from "~/lib/schemas/fields";

// Reading the small forms of the sign-in screens: a bounded body, then the form's schema. The
// answer to a refused form is `data(FormFailure, status)`, which the page renders beside its fields.

const MAX_BYTES = 16 * 1024;

export interface FormFailure {
  ok: false;
  formError?: string;
  fieldErrors: FieldErrors;
  /** Typed values to show again (never passwords or codes). */
  values: Record<string, string>;
}

export function failure(
  status: number,
  formError: string | undefined,
  values: Record<string, string> = {},
  errors: FieldErrors = {},
) {
  return data<FormFailure>({ ok: false, formError, fieldErrors: errors, values }, { status });
}

async function readBounded(request: Request): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BYTES) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The form's fields, or null when the body is too large or not a form. */
export async function readForm(request: Request): Promise<Record<string, string> | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BYTES) return null;
  const body = await readBounded(request).catch(() => null);
  if (!body) return null;
  try {
    const form = await new Response(body, {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
    return formValues(form);
  } catch {
    return null;
  }
}

export function parse<S extends z.ZodType>(schema: S, values: Record<string, string>) {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true as const, data: result.data as z.infer<S> }
    : { ok: false as const, errors: fieldErrors(result.error) };
}

/** Only these fields are echoed back after a failure. */
export function keep(values: Record<string, string>, ...names: string[]) {
  return Object.fromEntries(names.filter((n) => values[n] !== undefined).map((n) => [n, values[n]!]));
}
