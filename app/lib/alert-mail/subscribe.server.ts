import { data, type RouterContextProvider } from "react-router";
import { logger } from "~/core/logger.server";
import type { DB } from "~/db/client.server";
import {
  choicesOf,
  confirmSubscription,
  findSubscriberByKey,
  requestSubscription,
  unsubscribeByKey,
  updateSubscriberChoices,
  type SubscriberRow,
} from "~/db/queries/alert-subscribers.server";
import { enqueueEmail } from "~/db/queries/outbox.server";
import { formFailure, parseForm, readForm } from "~/lib/forms/read-form.server";
import type { FormSuccess } from "~/lib/forms/submission";
import { pokeOutbox } from "~/lib/mail/outbox.server";
import { readPublicForm } from "~/lib/forms/public-form.server";
import { hitRateLimit, pruneRateLimits } from "~/lib/rate-limit.server";
import { dbContext, requestInfoContext } from "~/lib/request-context";
import { PreferencesSchema, SubscribeSchema } from "~/lib/schemas/alert-subscription";
import { getSiteSettings } from "~/lib/site/settings.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { publicFormRule } from "~/lib/forms/visitor-forms.server";
import { alreadySubscribedEmail, confirmationEmail, linksFor, type MailContext } from "./emails.server";
import { manageMessages, subscribeMessages, subscriptionPaths } from "./messages";
import {
  addressHash,
  CONFIRM_TTL_MS,
  confirmTokenHash,
  emailKey,
  manageKeyOf,
  manageToken,
  newConfirmToken,
  newManageKey,
} from "./tokens.server";

// Job alerts by e-mail, the visitor's side (issue 49). Subscribing is a public form: the body
// limit, the honeypot and the per-IP limit of the other public forms, then the schema; then, at
// most a few times a day per address, one e-mail: the confirmation (a new or pending address) or
// "already subscribed" (a confirmed one, whose choices stay as they were). The answer is the same
// in every case, so it tells nobody whether an address is subscribed. The consent (the words shown,
// the page, a keyed hash of the client's address, when) is stored with the row. The links of every
// e-mail carry the subscriber's signed manage token: preferences and unsubscribing work without
// signing in, and without JavaScript.

const BUCKET = "subscribe";
/** Subscription e-mails one address may be sent in a day, whoever asks. */
export const ADDRESS_LIMIT = { limit: 3, windowMs: 24 * 3_600_000 };

async function mailContext(db: DB): Promise<MailContext> {
  return { brand: (await getSiteSettings(db)).brandName, origin: siteOrigin() };
}

/** The action of every subscription form (/subscribe, /job-alerts, the home page). */
export async function submitSubscription(request: Request, context: Readonly<RouterContextProvider>, now = new Date()) {
  const db = context.get(dbContext);
  let values: Record<string, string> = {};
  let email = "";
  try {
    const read = await readPublicForm(request, context, {
      bucket: BUCKET,
      rule: publicFormRule(),
      schema: SubscribeSchema,
    });
    if (!read.ok) return read.response;
    values = read.values;
    const input = read.data;
    email = input.email;
    // The same answer either way: past the address's limit, nothing is written or sent.
    const limit = await hitRateLimit(db, "subscribe-address", emailKey(email), ADDRESS_LIMIT, now.getTime());
    if (limit.allowed) {
      const ctx = await mailContext(db);
      const ipHash = await addressHash(db, context.get(requestInfoContext).clientIp);
      const confirm = newConfirmToken();
      const manageKey = newManageKey();
      // Reads the site's secret now: inside the transaction it must not need the database.
      await manageToken(db, manageKey);
      await db.transaction().execute(async (trx) => {
        const outcome = await requestSubscription(
          trx,
          {
            email,
            choices: input,
            consent: { text: subscribeMessages.consent, source: input.source, ipHash },
            confirmTokenHash: confirm.hash,
            confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
            manageKey,
          },
          now,
        );
        const links = linksFor(ctx.origin, await manageToken(db, outcome.subscriber.manage_key));
        const message =
          outcome.kind === "confirmed"
            ? alreadySubscribedEmail(ctx, email, links)
            : confirmationEmail(ctx, email, links, ctx.origin + subscriptionPaths.confirm(confirm.token), input);
        await enqueueEmail(trx, message, now);
      });
      pokeOutbox();
    } else logger.warn({ form: BUCKET }, "subscription e-mails to one address limited");
  } catch (error) {
    logger.error({ err: error, form: BUCKET }, "subscription failed");
    return formFailure(503, { formError: subscribeMessages.failure, values });
  }
  await pruneRateLimits(db).catch((error: unknown) => logger.warn({ err: error }, "rate-limit pruning failed"));
  return data<FormSuccess>({ ok: true, message: subscribeMessages.success(email) });
}

export type ConfirmPage = { kind: "confirmed" | "already"; manageToken: string } | { kind: "expired" | "invalid" };

/** Follows the confirmation link of the e-mail. */
export async function confirmByToken(db: DB, token: string, now = new Date()): Promise<ConfirmPage> {
  const hash = confirmTokenHash(token);
  if (!hash) return { kind: "invalid" };
  const outcome = await confirmSubscription(db, hash, now);
  if (outcome.kind === "unknown") return { kind: "invalid" };
  if (outcome.kind === "expired") return { kind: "expired" };
  return { kind: outcome.kind, manageToken: await manageToken(db, outcome.subscriber.manage_key) };
}

/** The subscriber a manage link names, or null (malformed, not ours, or unsubscribed since). */
export async function subscriberOf(db: DB, token: string): Promise<SubscriberRow | null> {
  const key = await manageKeyOf(db, token);
  return key ? ((await findSubscriberByKey(db, key)) ?? null) : null;
}

/** What the preferences page shows of a subscriber. */
export function preferencesOf(row: SubscriberRow) {
  return { email: row.email, pending: row.status === "pending", choices: choicesOf(row) };
}

/** The preferences form's action: new choices for the subscriber the link names. */
export async function savePreferences(db: DB, request: Request, token: string, now = new Date()) {
  const form = await readForm(request);
  if (!form.ok) return formFailure(400, { formError: manageMessages.failure });
  const parsed = parseForm(PreferencesSchema, form.values);
  if (!parsed.ok)
    return formFailure(400, {
      formError: subscribeMessages.chooseSomething,
      fieldErrors: parsed.errors,
      values: form.values,
    });
  try {
    const key = await manageKeyOf(db, token);
    if (!key || !(await updateSubscriberChoices(db, key, parsed.data, now)))
      return formFailure(404, { formError: manageMessages.invalid, values: form.values });
  } catch (error) {
    logger.error({ err: error }, "saving subscription choices failed");
    return formFailure(503, { formError: manageMessages.failure, values: form.values });
  }
  return data<FormSuccess>({ ok: true, message: manageMessages.saved });
}

/**
 * Unsubscribes the subscriber a link names: true when it was removed now, false when the link is
 * not ours or names nobody any more (then nothing is sent to that address either).
 */
export async function unsubscribeByToken(db: DB, token: string) {
  const key = await manageKeyOf(db, token);
  if (!key) return false;
  return (await unsubscribeByKey(db, key)) !== null;
}
