import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getDb } from "~/db/client.server";
import { logger } from "./logger.server";
import { hitRateLimit, type RateLimitRule } from "./rate-limit.server";
import { HONEYPOT_FIELD } from "~/components/forms/submission";
import { requestInfoContext } from "./request-context";
import { fieldErrors, formValues, type FieldErrors } from "./schemas/fields";

// The checks every public form shares, in order: body size, form encoding, the honeypot, the
// per-IP rate limit (counted in the database), then the form's own schema.

// The name lives with the forms, which render the field.
export { HONEYPOT_FIELD } from "~/components/forms/submission";
export const MAX_FORM_BYTES = 64 * 1024;

export const formMessages = {
  tooLarge: "Your submission is too large. Please shorten it and try again.",
  badEncoding: "Your submission could not be read. Please use the form on this page.",
  honeypot: "Your submission could not be accepted. Please try again.",
  rateLimited: (minutes: number) =>
    `Too many submissions from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  invalid: "Please correct the highlighted fields.",
} as const;

export interface FormFailure {
  ok: false;
  formError: string;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
}

export type FormResult<T> =
  { ok: true; data: T; values: Record<string, string> } | { ok: false; response: ReturnType<typeof data<FormFailure>> };

function fail(status: number, formError: string, values: Record<string, string> = {}, errors: FieldErrors = {}) {
  return {
    ok: false as const,
    response: data<FormFailure>({ ok: false, formError, fieldErrors: errors, values }, { status }),
  };
}

async function readBodyWithin(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
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
        return "too-large";
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

export async function readPublicForm<S extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: { bucket: string; rule: RateLimitRule; schema: S },
): Promise<FormResult<z.infer<S>>> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_FORM_BYTES) return fail(413, formMessages.tooLarge);

  // Content-Length may be absent (chunked upload) or wrong: count the bytes as they arrive too.
  const body = await readBodyWithin(request, MAX_FORM_BYTES);
  if (body === "too-large") return fail(413, formMessages.tooLarge);

  let formData: FormData;
  try {
    formData = await new Response(body, {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
  } catch {
    return fail(415, formMessages.badEncoding);
  }
  const values = formValues(formData);
  // Never echo the honeypot back.
  const { [HONEYPOT_FIELD]: trap, ...kept } = values;
  if (trap) return fail(400, formMessages.honeypot, kept);

  const { clientIp } = context.get(requestInfoContext);
  const limit = await hitRateLimit(getDb(), options.bucket, clientIp, options.rule);
  if (!limit.allowed) {
    logger.warn({ bucket: options.bucket, ip: clientIp }, "rate limited");
    return fail(429, formMessages.rateLimited(Math.max(1, Math.ceil(limit.retryAfterMs / 60_000))), kept);
  }

  const parsed = options.schema.safeParse(kept);
  if (!parsed.success) return fail(400, formMessages.invalid, kept, fieldErrors(parsed.error));
  return { ok: true, data: parsed.data, values: kept };
}
