import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { logger } from "~/core/logger.server";
import { formFailure, parseForm, readForm } from "./read-form.server";
import { HONEYPOT_FIELD } from "./submission";
import { hitRateLimit, type RateLimitRule } from "../rate-limit.server";
import { dbContext, requestInfoContext } from "../request-context";

// The checks every public form shares, in order: body size, form encoding, the honeypot, the
// per-IP rate limit (counted in the database), then the form's own schema.

export const formMessages = {
  tooLarge: "Your submission is too large. Please shorten it and try again.",
  badEncoding: "Your submission could not be read. Please use the form on this page.",
  honeypot: "Your submission could not be accepted. Please try again.",
  rateLimited: (minutes: number) =>
    `Too many submissions from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  invalid: "Please correct the highlighted fields.",
} as const;

export type PublicForm<T> =
  { ok: true; data: T; values: Record<string, string> } | { ok: false; response: ReturnType<typeof formFailure> };

const refuse = (...args: Parameters<typeof formFailure>) => ({ ok: false as const, response: formFailure(...args) });

export async function readPublicForm<S extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: { bucket: string; rule: RateLimitRule; schema: S },
): Promise<PublicForm<z.infer<S>>> {
  const read = await readForm(request);
  if (!read.ok) {
    return read.reason === "too-large"
      ? refuse(413, { formError: formMessages.tooLarge })
      : refuse(415, { formError: formMessages.badEncoding });
  }
  // Never echo the honeypot back.
  const { [HONEYPOT_FIELD]: trap, ...values } = read.values;
  if (trap) return refuse(400, { formError: formMessages.honeypot, values });

  const { clientIp } = context.get(requestInfoContext);
  const limit = await hitRateLimit(context.get(dbContext), options.bucket, clientIp, options.rule);
  if (!limit.allowed) {
    logger.warn({ bucket: options.bucket, ip: clientIp }, "rate limited");
    const minutes = Math.max(1, Math.ceil(limit.retryAfterMs / 60_000));
    return refuse(429, { formError: formMessages.rateLimited(minutes), values });
  }

  const parsed = parseForm(options.schema, values);
  if (!parsed.ok) return refuse(400, { formError: formMessages.invalid, fieldErrors: parsed.errors, values });
  return { ok: true, data: parsed.data, values };
}
