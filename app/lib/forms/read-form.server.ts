import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors, formValues } from "~/lib/schemas/fields";
import type { FieldErrors, FormFailure } from "./submission";

// What every form action does with a POST, the visitor forms', the sign-in screens' and the
// managers' alike (issue 23): read the body within a size limit, as a form (urlencoded or
// multipart), check it with the form's shared schema, and answer a refusal in the one shape the
// forms render.

/** A visitor's message or a manager's longest description (2000 characters, percent-encoded) fits. */
export const MAX_FORM_BYTES = 64 * 1024;
/** The sign-in screens' forms: an e-mail address, passwords, a code. */
export const SMALL_FORM_BYTES = 16 * 1024;

export type ReadForm = { ok: true; values: Record<string, string> } | { ok: false; reason: "too-large" | "unreadable" };

/** The body's bytes, or null past `max`: Content-Length may be absent (chunked) or wrong, so they are counted. */
async function readBody(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
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

/** The posted fields (repeated ones keep their first value), or why there are none. */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<ReadForm> {
  const form = await readFormData(request, maxBytes);
  return form.ok ? { ok: true, values: formValues(form.data) } : form;
}

/**
 * The posted form whole, uploaded files included (a CSV import), within the same size limit, or
 * why it cannot be read.
 */
export async function readFormData(
  request: Request,
  maxBytes = MAX_FORM_BYTES,
): Promise<{ ok: true; data: FormData } | { ok: false; reason: "too-large" | "unreadable" }> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return { ok: false, reason: "too-large" };
  try {
    const body = await readBody(request, maxBytes);
    if (!body) return { ok: false, reason: "too-large" };
    const form = await new Response(body, {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
    return { ok: true, data: form };
  } catch {
    // Not a form encoding, a malformed multipart body, or a body cut off on the way.
    return { ok: false, reason: "unreadable" };
  }
}

/** The form's schema applied to what was posted: its data, or the first error of each field. */
export function parseForm<S extends z.ZodType>(schema: S, values: Record<string, string>) {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true as const, data: result.data as z.infer<S> }
    : { ok: false as const, errors: fieldErrors(result.error) };
}

/** Only these of the posted values, e.g. to echo the e-mail address but never the password. */
export function keep(values: Record<string, string>, ...names: string[]) {
  return Object.fromEntries(names.filter((n) => values[n] !== undefined).map((n) => [n, values[n]!]));
}

/** Every refusal of every form: the answer the page renders beside its fields, with its status. */
export function formFailure(
  status: number,
  failure: { formError?: string; fieldErrors?: FieldErrors; values?: Record<string, string> },
) {
  return data<FormFailure>(
    { ok: false, formError: failure.formError, fieldErrors: failure.fieldErrors ?? {}, values: failure.values ?? {} },
    { status },
  );
}
