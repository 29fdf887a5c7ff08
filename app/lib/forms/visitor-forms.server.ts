import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { bookingSuccessText } from "./booking-messages";
import { bookingMessages, contactMessages, testimonialMessages } from "./messages";
import { formFailure } from "./read-form.server";
import type { FormSuccess } from "./submission";
import type { DB } from "~/db/client.server";
import { saveTestimonial } from "~/db/queries/testimonials.server";
import { env } from "~/core/env.server";
import { visitorSubmissionKey } from "./idempotency.server";
import { logger } from "~/core/logger.server";
import { pokeOutbox } from "../mail/outbox.server";
import { readPublicForm } from "./public-form.server";
import { pruneRateLimits, type RateLimitRule } from "../rate-limit.server";
import { dbContext, requestInfoContext } from "../request-context";
import { BookingSchema } from "../schemas/booking";
import { ContactSchema } from "../schemas/contact";
import { TestimonialSchema } from "../schemas/testimonial";
import type { SiteSettings } from "../site/settings";
import { getSiteSettings } from "../site/settings.server";
import { saveBooking, saveContactMessage } from "./submissions.server";

// The three visitor-form actions (contact, booking, testimonial). Each validates on the server,
// commits the submission (with its e-mail, where there is one) and only then answers success
// (DESIGN §6). Every refusal is a 4xx with a message the form shows; only our own failure (the
// database unreachable) is a 503, with the spec's failure message and the values kept.

const RATE_WINDOW_MS = 10 * 60_000;

/** Per IP and per form; PUBLIC_FORM_RATE_LIMIT raises it where many visitors share one address. */
export function publicFormRule(): RateLimitRule {
  return { limit: env().PUBLIC_FORM_RATE_LIMIT, windowMs: RATE_WINDOW_MS };
}

/** How a form's submission is stored. */
interface Storage<Input> {
  /**
   * Writes nothing when `key` was already stored (a double click, a retried POST: issue 7).
   * Answers the success message when it is not the form's usual one.
   */
  save(db: DB, input: Input, key: string): Promise<string | undefined>;
  /** True when the saved row queued an e-mail for the outbox worker. */
  sendsEmail: boolean;
}

interface VisitorForm<S extends z.ZodType> extends Storage<z.infer<S>> {
  bucket: string;
  schema: S;
  /** `success` answers a stored submission; `failure` our own outage. */
  messages: { success: string; failure: string };
}

async function submit<S extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: VisitorForm<S>,
) {
  const db = context.get(dbContext);
  let values: Record<string, string> = {};
  let message = form.messages.success;
  try {
    const read = await readPublicForm(request, context, {
      bucket: form.bucket,
      rule: publicFormRule(),
      schema: form.schema,
    });
    if (!read.ok) return read.response;
    values = read.values;
    // A repeat is answered with the same success: the visitor's submission is stored, once.
    const key = visitorSubmissionKey(form.bucket, context.get(requestInfoContext).clientIp, read.data);
    message = (await form.save(db, read.data, key)) ?? form.messages.success;
  } catch (error) {
    logger.error({ err: error, form: form.bucket }, "visitor submission failed");
    return formFailure(503, { formError: form.messages.failure, values });
  }
  if (form.sendsEmail) pokeOutbox();
  // The privacy notice promises abuse counters (IP addresses) go after about a day.
  await pruneRateLimits(db).catch((error: unknown) => logger.warn({ err: error }, "rate-limit pruning failed"));
  return data<FormSuccess>({ ok: true, message });
}

/** The route action of one visitor form. */
function visitorFormAction<S extends z.ZodType>(
  bucket: string,
  schema: S,
  messages: VisitorForm<S>["messages"],
  storage: Storage<z.infer<S>>,
) {
  return (request: Request, context: Readonly<RouterContextProvider>) =>
    submit(request, context, { bucket, schema, messages, ...storage });
}

/**
 * Stored with the e-mail that reports it, addressed by the site's settings; `answer`, when given,
 * words the success from those settings too.
 */
function withEmail<Input>(
  save: (db: DB, settings: SiteSettings, input: Input, now: Date, key: string) => Promise<unknown>,
  answer?: (settings: SiteSettings) => string,
): Storage<Input> {
  return {
    sendsEmail: true,
    save: async (db, input, key) => {
      const settings = await getSiteSettings(db);
      await save(db, settings, input, new Date(), key);
      return answer?.(settings);
    },
  };
}

export const submitContact = visitorFormAction(
  "contact",
  ContactSchema,
  contactMessages,
  withEmail(saveContactMessage),
);

// Issue 27 item 5: the spec's success words, then what happens next — a call, not a fixed session.
export const submitBooking = visitorFormAction(
  "booking",
  BookingSchema,
  bookingMessages,
  withEmail(saveBooking, (settings) => bookingSuccessText(settings.sessionOffer.callbackHours)),
);

// Issue 25: a new testimonial waits for approval unless the site setting says it appears at once,
// and the visitor is told which.
export const submitTestimonial = visitorFormAction("testimonial", TestimonialSchema, testimonialMessages, {
  sendsEmail: false,
  save: async (db, input, key) => {
    const waits = (await getSiteSettings(db)).testimonialsNeedApproval;
    await saveTestimonial(db, input, new Date(), key, waits ? "pending" : "approved");
    return waits ? testimonialMessages.pending : testimonialMessages.success;
  },
});
