import type { DB } from "~/db/client.server";
import { pruneSubmissionKeys } from "~/db/queries/idempotency-keys.server";
import { purgeTrash } from "~/db/queries/trash.server";
import { pruneKeptForms } from "~/db/queries/pending-admin-forms.server";
import { purgeUnconfirmedSubscribers } from "~/db/queries/alert-subscribers.server";
import { pruneAlertMailings } from "~/db/queries/alert-mailings.server";
import { deleteLeadsBefore } from "~/db/queries/leads.server";
import { deleteSentEmailsBefore } from "~/db/queries/outbox.server";
import { logger } from "~/core/logger.server";
import { pruneRateLimits } from "./rate-limit.server";

// What the privacy notice promises (/privacy, "How long we keep it"), carried out by the worker:
// visitor leads at most two years, delivered e-mails (copies of those leads) 30 days, abuse
// counters and duplicate-submit keys (digests of an address and a submission) about a day. What
// staff delete waits in the trash for 30 days (issue 48), then goes for good.
const DAY_MS = 24 * 60 * 60 * 1000;
// Job alert subscriptions (issue 49) whose confirmation link was never followed: a week; the
// record of which subscription e-mail went to whom (sending each once): half a year.
export const retention = {
  leadsDays: 730,
  sentEmailDays: 30,
  unconfirmedSubscriberDays: 7,
  alertMailingDays: 180,
} as const;

export async function purgeExpiredData(db: DB, now = Date.now()) {
  const leadsBefore = new Date(now - retention.leadsDays * DAY_MS).toISOString();
  const emailsBefore = new Date(now - retention.sentEmailDays * DAY_MS).toISOString();
  const [contactMessages, sessionBookings, sentEmails] = await Promise.all([
    deleteLeadsBefore(db, "contact", leadsBefore),
    deleteLeadsBefore(db, "booking", leadsBefore),
    deleteSentEmailsBefore(db, emailsBefore),
  ]);
  await pruneRateLimits(db, now);
  await pruneSubmissionKeys(db, now);
  // Admin forms kept across a sign-in (issue 48) that nobody came back for within two hours.
  await pruneKeptForms(db, now);
  const trash = await purgeTrash(db, now);
  const unconfirmed = await purgeUnconfirmedSubscribers(db, now, retention.unconfirmedSubscriberDays);
  const mailings = await pruneAlertMailings(db, now, retention.alertMailingDays);
  if (unconfirmed || mailings) logger.info({ unconfirmed, mailings }, "job alert subscriptions purged");
  return { contactMessages, sessionBookings, sentEmails, trash };
}

/** Runs the purge now and then every few hours; returns a stop function. */
export function scheduleRetention(db: DB, intervalMs = 6 * 60 * 60 * 1000): () => void {
  const run = () =>
    purgeExpiredData(db).then(
      (deleted) => logger.info({ deleted }, "retention purge"),
      (error) => logger.error({ err: error }, "retention purge failed"),
    );
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
