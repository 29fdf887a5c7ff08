import { env } from "~/core/env.server";
import { addDays, istDate, istDayStart, type CalendarDate } from "~/core/ist";
import { logger } from "~/core/logger.server";
import type { DB } from "~/db/client.server";
import {
  claimMailJob,
  dueReminderAlerts,
  existingMailings,
  finishBroadcast,
  finishMailJob,
  insertMailings,
  newAlertsBetween,
  newTestsBetween,
  openAlert,
  pendingBroadcasts,
  queueAlertEmails,
  recipientsPage,
  renewMailJob,
  type MailAlert,
  type Mailing,
  type Recipient,
  type RecipientFilter,
} from "~/db/queries/alert-mailings.server";
import { markFailedSubscribers, TAB_COLUMNS, type TabSlug } from "~/db/queries/alert-subscribers.server";
import type { OutgoingEmail } from "~/db/queries/outbox.server";
import type { AlertMailKind } from "~/db/schema";
import { pokeOutbox } from "~/lib/mail/outbox.server";
import { startSerialLoop } from "~/core/serial-loop";
import { getSiteSettings } from "~/lib/site/settings.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { addressed, alertBody, digestBody, linksFor, reminderBody, type Body, type MailContext } from "./emails.server";
import { manageToken } from "./tokens.server";

// What the worker sends to subscribers (issue 49), on every tick (ALERT_MAIL_TICK_MS):
// 1. alerts staff chose to send now, to the "as it happens" subscribers of their tab;
// 2. deadline reminders: for each active alert whose last date is within ALERT_REMINDER_DAYS
//    (days in India: at 00:30 IST the date has turned, at 23:30 it has not), one e-mail per
//    subscriber listing the alerts of their tabs not reminded of before;
// 3. the digests, once ALERT_DIGEST_TIME has passed in India: each day's daily digest (also to the
//    "as it happens" subscribers, with what staff did not send at once) and, on ALERT_WEEKLY_DAY,
//    the weekly one: what was published in the 24 hours (7 days) before that time.
// Each goes out a page of subscribers at a time: the page's mailings are recorded and its e-mails
// queued in one transaction, and only for the mailings not recorded before (unique in the
// database), so a crash, a restart or a second instance never queues a mail twice. A subscriber
// who chose nothing new gets nothing.

export interface AlertMailConfig {
  reminderDays: number;
  /** Minutes after midnight in India at which the digests go. */
  digestMinutes: number;
  /** 0 = Sunday … 6 = Saturday. */
  weeklyDay: number;
  /** Subscribers per transaction. */
  batchSize: number;
}

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

export const defaultAlertMailConfig: AlertMailConfig = {
  reminderDays: 3,
  digestMinutes: 7 * 60,
  weeklyDay: 1,
  batchSize: 500,
};

export function alertMailConfigFromEnv(): AlertMailConfig {
  const config = env();
  const [hours, minutes] = config.ALERT_DIGEST_TIME.split(":").map(Number);
  return {
    ...defaultAlertMailConfig,
    reminderDays: config.ALERT_REMINDER_DAYS,
    digestMinutes: hours! * 60 + minutes!,
    weeklyDay: WEEKDAYS.indexOf(config.ALERT_WEEKLY_DAY),
  };
}

/** How long one instance holds a digest it is composing (renewed each page) before another may take it over. */
const DIGEST_LEASE_MS = 60_000;

const chose = (recipient: Recipient, tab: string) => Boolean(recipient[TAB_COLUMNS[tab as TabSlug]]);

async function mailContext(db: DB): Promise<MailContext> {
  return { brand: (await getSiteSettings(db)).brandName, origin: siteOrigin() };
}

/**
 * Sends one kind of mail to the subscribers `filter` names, a page at a time: `plan` says for one
 * subscriber which mailings it is owed and the body they make (null: nothing for them); the
 * mailings recorded now (not before, by anyone) are queued with their e-mail. Returns how many
 * e-mails were queued.
 */
async function sendToPages(
  db: DB,
  filter: RecipientFilter,
  batchSize: number,
  plan: (recipient: Recipient) => { mailings: Mailing[]; body: (recorded: Mailing[]) => Body } | null,
  options: { now: Date; existing?: (page: Recipient[]) => Promise<void>; onPage?: () => Promise<void> },
) {
  const ctx = await mailContext(db);
  let after = 0;
  let queued = 0;
  for (;;) {
    const page = await recipientsPage(db, filter, after, batchSize);
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    await options.existing?.(page);
    const planned = page.flatMap((recipient) => {
      const owed = plan(recipient);
      return owed && owed.mailings.length ? [{ recipient, ...owed }] : [];
    });
    if (planned.length) {
      const tokens = await Promise.all(planned.map(({ recipient }) => manageToken(db, recipient.manage_key)));
      queued += await db.transaction().execute(async (trx) => {
        const recorded = await insertMailings(
          trx,
          planned.flatMap((p) => p.mailings),
          options.now,
        );
        const bySubscriber = Map.groupBy(recorded, (m) => m.subscriberId);
        const emails: OutgoingEmail[] = [];
        planned.forEach(({ recipient, body }, i) => {
          const mine = bySubscriber.get(recipient.id);
          if (!mine?.length) return;
          emails.push(addressed(ctx, body(mine), recipient.email, linksFor(ctx.origin, tokens[i]!)));
        });
        await queueAlertEmails(trx, emails, options.now);
        return emails.length;
      });
    }
    await options.onPage?.();
  }
  if (queued) pokeOutbox();
  return queued;
}

// --- 1. Alerts staff sent at once ---------------------------------------------------------------------

/** Queues every "send now" request not yet queued; returns how many e-mails. */
export async function sendBroadcasts(db: DB, config: AlertMailConfig, now = new Date()) {
  let total = 0;
  for (const request of await pendingBroadcasts(db)) {
    const alert = await openAlert(db, request.alert_id, istDate(now));
    // Closed, switched off or deleted since staff asked: nothing goes.
    const queued = alert ? await sendAlert(db, alert, config, now) : 0;
    await finishBroadcast(db, request.alert_id, queued, now);
    total += queued;
  }
  return total;
}

async function sendAlert(db: DB, alert: MailAlert, config: AlertMailConfig, now: Date) {
  const ref = String(alert.id);
  const ctx = await mailContext(db);
  const body = alertBody(ctx, alert, istDate(now));
  return sendToPages(
    db,
    { frequencies: ["instant"] },
    config.batchSize,
    (recipient) =>
      chose(recipient, alert.tab)
        ? { mailings: [{ subscriberId: recipient.id, kind: "alert", ref }], body: () => body }
        : null,
    { now },
  );
}

// --- 2. Deadline reminders ----------------------------------------------------------------------------

/** Queues the reminders due on `now`'s day in India; returns how many e-mails. */
export async function queueReminders(db: DB, config: AlertMailConfig, now = new Date()) {
  const today = istDate(now);
  const alerts = await dueReminderAlerts(db, today, addDays(today, config.reminderDays));
  if (alerts.length === 0) return 0;
  const ctx = await mailContext(db);
  const refs = alerts.map((alert) => String(alert.id));
  const bodies = new Map<string, Body>();
  let reminded = new Set<string>();
  return sendToPages(
    db,
    { reminders: true },
    config.batchSize,
    (recipient) => {
      const owed = alerts.filter(
        (alert) => chose(recipient, alert.tab) && !reminded.has(`${recipient.id}:${alert.id}`),
      );
      if (owed.length === 0) return null;
      return {
        mailings: owed.map((alert) => ({
          subscriberId: recipient.id,
          kind: "reminder" as AlertMailKind,
          ref: String(alert.id),
        })),
        body: (recorded) => {
          const mine = owed.filter((alert) => recorded.some((m) => m.ref === String(alert.id)));
          const key = mine.map((alert) => alert.id).join(",");
          let body = bodies.get(key);
          if (!body) bodies.set(key, (body = reminderBody(ctx, mine, today)));
          return body;
        },
      };
    },
    {
      now,
      existing: async (page) => {
        reminded = await existingMailings(
          db,
          "reminder",
          page.map((r) => r.id),
          refs,
        );
      },
    },
  );
}

// --- 3. Digests -------------------------------------------------------------------------------------

export interface DigestRun {
  kind: "daily" | "weekly";
  /** The day in India it is for. */
  day: CalendarDate;
  /** What was published from `from` (included) to `to` (excluded), ISO instants. */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** The digests due at `now`: today's, once today's digest time has passed in India. */
export function dueDigests(now: Date, config: AlertMailConfig): DigestRun[] {
  const day = istDate(now);
  const at = Date.parse(istDayStart(day)) + config.digestMinutes * 60_000;
  if (now.getTime() < at) return [];
  const to = new Date(at).toISOString();
  const runs: DigestRun[] = [{ kind: "daily", day, from: new Date(at - DAY_MS).toISOString(), to }];
  if (new Date(`${day}T00:00:00Z`).getUTCDay() === config.weeklyDay)
    runs.push({ kind: "weekly", day, from: new Date(at - 7 * DAY_MS).toISOString(), to });
  return runs;
}

/** Composes and queues one digest (once, whichever instance gets to it); returns how many e-mails. */
export async function composeDigest(db: DB, run: DigestRun, config: AlertMailConfig, now = new Date()) {
  const kind: AlertMailKind = run.kind === "daily" ? "digest-daily" : "digest-weekly";
  const job = `${kind}:${run.day}`;
  if (!(await claimMailJob(db, job, now, DIGEST_LEASE_MS))) return 0;
  const today = istDate(now);
  const [alerts, tests] = await Promise.all([
    newAlertsBetween(db, run.from, run.to, today),
    newTestsBetween(db, run.from, run.to),
  ]);
  if (alerts.length === 0 && tests.length === 0) {
    await finishMailJob(db, job, 0, now);
    return 0;
  }
  const ctx = await mailContext(db);
  const bodies = new Map<string, Body | null>();
  const queued = await sendToPages(
    db,
    { frequencies: run.kind === "daily" ? ["daily", "instant"] : ["weekly"] },
    config.batchSize,
    (recipient) => {
      // One body per set of choices (the tabs, the tests, "as it happens"): what it holds follows from them.
      const instant = recipient.frequency === "instant";
      const key = `${Object.keys(TAB_COLUMNS).map((tab) => Number(chose(recipient, tab)))}|${recipient.is_tests_on}|${instant}`;
      if (!bodies.has(key)) {
        // "As it happens" subscribers had the alerts staff sent at once already.
        const theirs = alerts.filter((alert) => chose(recipient, alert.tab) && !(instant && alert.broadcast));
        const theirTests = recipient.is_tests_on ? tests : [];
        const empty = theirs.length === 0 && theirTests.length === 0;
        bodies.set(key, empty ? null : digestBody(ctx, run.kind, run.day, theirs, theirTests, today));
      }
      const body = bodies.get(key);
      if (!body) return null;
      return { mailings: [{ subscriberId: recipient.id, kind, ref: run.day }], body: () => body };
    },
    { now, onPage: () => renewMailJob(db, job, new Date(), DIGEST_LEASE_MS) },
  );
  await finishMailJob(db, job, queued, new Date());
  return queued;
}

// --- The worker's tick --------------------------------------------------------------------------------

export interface AlertMailRun {
  failed: number;
  alerts: number;
  reminders: number;
  digests: number;
}

/** One tick: mark failed addresses, then alerts sent now, reminders and due digests. */
export async function runAlertMail(db: DB, config: AlertMailConfig, now = new Date()): Promise<AlertMailRun> {
  const failed = await markFailedSubscribers(db, now);
  const alerts = await sendBroadcasts(db, config, now);
  const reminders = await queueReminders(db, config, now);
  let digests = 0;
  for (const run of dueDigests(now, config)) digests += await composeDigest(db, run, config, now);
  return { failed, alerts, reminders, digests };
}

export interface AlertMailSchedule {
  /** Runs a tick now (staff sent an alert). */
  poke(): void;
  stop(): Promise<void>;
}

let processSchedule: AlertMailSchedule | undefined;

/** Wakes this process's schedule, if it runs one (after staff asked to send an alert now). */
export function pokeAlertMail() {
  processSchedule?.poke();
}

/** Runs a tick every `intervalMs` (ALERT_MAIL_TICK_MS), the first soon after start. */
export function scheduleAlertMail(
  db: DB,
  config: AlertMailConfig,
  { intervalMs = 60_000, firstDelayMs = 1_000 }: { intervalMs?: number; firstDelayMs?: number } = {},
): AlertMailSchedule {
  const loop = startSerialLoop(
    async () => {
      const result = await runAlertMail(db, config);
      if (result.failed || result.alerts || result.reminders || result.digests)
        logger.info(result, "job alert e-mails queued");
    },
    {
      intervalMs,
      firstDelayMs,
      unref: true,
      onError: (error) => logger.error({ err: error }, "job alert e-mails failed"),
    },
  );
  const schedule: AlertMailSchedule = {
    poke: loop.poke,
    async stop() {
      await loop.stop();
      if (processSchedule === schedule) processSchedule = undefined;
    },
  };
  processSchedule = schedule;
  return schedule;
}
