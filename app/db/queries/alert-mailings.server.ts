import { sql, type Kysely, type Selectable } from "kysely";
import type { CalendarDate } from "~/core/ist";
import { auditedWrite, type AdminActor } from "../audited-write.server";
import type { DB } from "../client.server";
import type { AlertMailKind, AlertSubscribersTable, Database, SubscriptionFrequency } from "../schema";
import { CHOICE_COLUMNS, TAB_COLUMNS, type TabSlug } from "./alert-subscribers.server";
import { ALERTS_STREAM, outboxRow, type OutgoingEmail } from "./outbox.server";

// Job alerts by e-mail (issue 49): what the worker composes from (new alerts, alerts closing soon,
// new free tests, staff's "send now" requests), to whom (confirmed subscribers, a page at a time),
// and the record that makes each mail go once: a mailing row per subscriber, kind and ref, unique
// in the database, inserted in the same transaction as the e-mails it stands for. A second
// instance, or a worker started again after a crash, inserts nothing for a mail already queued,
// and so queues nothing.

const recipientColumns = ["id", "email", "manage_key", ...CHOICE_COLUMNS] as const;

/** A subscriber as the worker mails them: the address, the link key and what they chose. */
export type Recipient = Pick<Selectable<AlertSubscribersTable>, (typeof recipientColumns)[number]>;

export interface RecipientFilter {
  frequencies?: readonly SubscriptionFrequency[];
  /** Only those who chose deadline reminders. */
  reminders?: boolean;
}

/** The next page of confirmed subscribers still reachable, after the id given, in id order. */
export function recipientsPage(db: DB, filter: RecipientFilter, afterId: number, limit: number): Promise<Recipient[]> {
  let query = db
    .selectFrom("alert_subscribers as s")
    .select(recipientColumns)
    .where("s.status", "=", "confirmed")
    .where("s.delivery_failed_at", "is", null)
    .where("s.id", ">", afterId);
  if (filter.frequencies) query = query.where("s.frequency", "in", [...filter.frequencies]);
  if (filter.reminders) query = query.where("s.is_reminders_on", "=", true);
  // Whom a mail reached already is left to insertMailings (the unique key): a NOT EXISTS here cost
  // PostgreSQL a scan of the mailings per subscriber on fresh tables (a 10,000 digest took 56 s).
  return query.orderBy("s.id").limit(limit).execute();
}

/** Which of these subscribers already have a mailing of this kind for each of these refs. */
export async function existingMailings(db: DB, kind: AlertMailKind, subscriberIds: number[], refs: string[]) {
  if (subscriberIds.length === 0 || refs.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom("alert_mailings")
    .select(["subscriber_id", "ref"])
    .where("kind", "=", kind)
    .where("subscriber_id", "in", subscriberIds)
    .where("ref", "in", refs)
    .execute();
  return new Set(rows.map((row) => `${row.subscriber_id}:${row.ref}`));
}

export interface Mailing {
  subscriberId: number;
  kind: AlertMailKind;
  ref: string;
}

/**
 * Records mailings in the caller's transaction; returns those that were not there already (a
 * mailing another instance recorded first, or that a previous run queued, is skipped).
 */
export async function insertMailings(trx: Kysely<Database>, mailings: Mailing[], now: Date): Promise<Mailing[]> {
  if (mailings.length === 0) return [];
  const rows = await trx
    .insertInto("alert_mailings")
    .values(
      mailings.map((m) => ({ subscriber_id: m.subscriberId, kind: m.kind, ref: m.ref, created_at: now.toISOString() })),
    )
    .onConflict((oc) => oc.columns(["subscriber_id", "kind", "ref"]).doNothing())
    .returning(["subscriber_id", "kind", "ref"])
    .execute();
  return rows.map((row) => ({ subscriberId: row.subscriber_id, kind: row.kind, ref: row.ref }));
}

/**
 * Mailings older than `days` (the retention job): by then a digest's day, a reminder's last date
 * and an alert sent at once are long past, and nothing composes them again.
 */
export async function pruneAlertMailings(db: DB, now: number, days: number) {
  const result = await db
    .deleteFrom("alert_mailings")
    .where("created_at", "<", new Date(now - days * 86_400_000).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Queues subscription e-mails (the alerts stream) in the caller's transaction. */
export async function queueAlertEmails(trx: Kysely<Database>, emails: OutgoingEmail[], now: Date) {
  if (emails.length === 0) return;
  await trx
    .insertInto("email_outbox")
    .values(emails.map((email) => outboxRow(email, now, ALERTS_STREAM)))
    .execute();
}

// --- What the mail is about ----------------------------------------------------------------------

const alertColumns = [
  "a.id",
  "a.title",
  "a.organisation",
  "a.last_date",
  "a.posts",
  "a.view_link",
  "a.notification_url",
  "c.slug as tab",
] as const;

const activeAlerts = (db: DB) =>
  db
    .selectFrom("job_alerts as a")
    .innerJoin("job_categories as c", "c.id", "a.category_id")
    .select(alertColumns)
    .where("a.is_active", "=", true);

export type MailAlert = Awaited<ReturnType<typeof dueReminderAlerts>>[number];

/** Active alerts whose last date (in India) is from `today` to `lastDay`: reminders are due. */
export function dueReminderAlerts(db: DB, today: CalendarDate, lastDay: CalendarDate) {
  return activeAlerts(db)
    .where("a.last_date", ">=", today)
    .where("a.last_date", "<=", lastDay)
    .orderBy("a.last_date")
    .orderBy("a.id")
    .execute();
}

/**
 * Alerts published from `from` (included) to `to` (excluded), still open on `today`, with whether
 * staff sent them at once; for a digest.
 */
export async function newAlertsBetween(db: DB, from: string, to: string, today: CalendarDate) {
  const rows = await activeAlerts(db)
    .leftJoin("alert_broadcasts as b", "b.alert_id", "a.id")
    .select("b.alert_id as broadcast")
    .where("a.created_at", ">=", from)
    .where("a.created_at", "<", to)
    .where((eb) => eb.or([eb("a.last_date", "is", null), eb("a.last_date", ">=", today)]))
    .orderBy(sql`case when a.last_date is null then 1 else 0 end`)
    .orderBy("a.last_date")
    .orderBy("a.id")
    .execute();
  return rows.map(({ broadcast, ...alert }) => ({ ...alert, broadcast: broadcast !== null }));
}

/** One active alert still open on `today`, for "send now". */
export function openAlert(db: DB, id: number, today: CalendarDate) {
  return activeAlerts(db)
    .where("a.id", "=", id)
    .where((eb) => eb.or([eb("a.last_date", "is", null), eb("a.last_date", ">=", today)]))
    .executeTakeFirst();
}

export interface MailTest {
  title: string;
  /** A path on the site. */
  path: string;
  /** A scheduled mock's opening, or null. */
  opensAt: string | null;
}

/**
 * New free tests and scheduled mocks from `from` to `to`: timed tests published then (free ones,
 * and mocks with a window), and free tests added to the Free Tests page.
 */
export async function newTestsBetween(db: DB, from: string, to: string): Promise<MailTest[]> {
  const timed = await db
    .selectFrom("practice_tests")
    .select(["title", "slug", "opens_at"])
    .where("status", "=", "published")
    .where((eb) => eb.or([eb("access", "=", "free"), eb("opens_at", "is not", null)]))
    .where("published_at", ">=", from)
    .where("published_at", "<", to)
    .orderBy("published_at")
    .orderBy("id")
    .execute();
  const listed = await db
    .selectFrom("test_items")
    .select(["title"])
    .where("is_active", "=", true)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return [
    ...timed.map((test) => ({
      title: test.title,
      path: `/tests/${encodeURIComponent(test.slug)}`,
      opensAt: test.opens_at,
    })),
    ...listed.map((item) => ({ title: item.title, path: "/free-tests", opensAt: null })),
  ];
}

// --- Staff's "send now" -----------------------------------------------------------------------------

export type BroadcastRequest = { kind: "queued" } | { kind: "already"; requestedAt: string; by: string | null };

/** Staff ask for an alert to go to its subscribers now: once per alert, audited. */
export function requestBroadcast(db: DB, actor: AdminActor, alert: { id: number; title: string }, now = new Date()) {
  return auditedWrite<BroadcastRequest>(db, actor, "alert_broadcasts", now, async ({ trx, stamp }) => {
    const inserted = await trx
      .insertInto("alert_broadcasts")
      .values({ alert_id: alert.id, title: alert.title, requested_by: actor.email, requested_at: stamp })
      .onConflict((oc) => oc.column("alert_id").doNothing())
      .returning("alert_id")
      .executeTakeFirst();
    if (!inserted) {
      const row = await trx
        .selectFrom("alert_broadcasts")
        .select(["requested_at", "requested_by"])
        .where("alert_id", "=", alert.id)
        .executeTakeFirstOrThrow();
      return { result: { kind: "already", requestedAt: row.requested_at, by: row.requested_by } };
    }
    return {
      result: { kind: "queued" },
      audit: { action: "create", entityId: alert.id, details: { title: alert.title } },
    };
  });
}

/**
 * What staff confirm before "send now": the open alert, how many subscribers it goes to (those of
 * its tab who chose "as it happens", as sendAlert in the composer picks them) and, if it was asked
 * for already, when and by whom. Null when the alert is not open.
 */
export async function broadcastPreview(db: DB, id: number, today: CalendarDate) {
  const alert = await openAlert(db, id, today);
  if (!alert) return null;
  const column = TAB_COLUMNS[alert.tab as TabSlug];
  const [count, sent] = await Promise.all([
    column
      ? db
          .selectFrom("alert_subscribers")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("status", "=", "confirmed")
          .where("delivery_failed_at", "is", null)
          .where("frequency", "=", "instant")
          .where(column, "=", true)
          .executeTakeFirstOrThrow()
      : { n: 0 },
    db
      .selectFrom("alert_broadcasts")
      .select(["requested_at", "requested_by"])
      .where("alert_id", "=", id)
      .executeTakeFirst(),
  ]);
  return { id: alert.id, title: alert.title, tab: alert.tab, recipients: Number(count.n), sent: sent ?? null };
}

/** "Send now" requests the worker has not queued yet, oldest first. */
export function pendingBroadcasts(db: DB) {
  return db
    .selectFrom("alert_broadcasts")
    .select(["alert_id", "title"])
    .where("done_at", "is", null)
    .orderBy("requested_at")
    .execute();
}

export async function finishBroadcast(db: DB, alertId: number, queued: number, now = new Date()) {
  await db
    .updateTable("alert_broadcasts")
    .set({ done_at: now.toISOString(), queued })
    .where("alert_id", "=", alertId)
    .execute();
}

/** The latest "send now" requests, for the Subscribers section. */
export function listBroadcasts(db: DB, limit = 20) {
  return db
    .selectFrom("alert_broadcasts")
    .select(["alert_id", "title", "requested_by", "requested_at", "done_at", "queued"])
    .orderBy("requested_at", "desc")
    .limit(limit)
    .execute();
}

// --- Leases of heavy jobs (a day's digest) -------------------------------------------------------------

/** Claims a job for this worker: false when it is done, or another holds it. */
export async function claimMailJob(db: DB, key: string, now: Date, leaseMs: number) {
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const inserted = await db
    .insertInto("alert_mail_jobs")
    .values({ key, locked_until: until })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  if (inserted) return true;
  const taken = await db
    .updateTable("alert_mail_jobs")
    .set({ locked_until: until })
    .where("key", "=", key)
    .where("done_at", "is", null)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now.toISOString())]))
    .returning("key")
    .executeTakeFirst();
  return taken !== undefined;
}

/** Extends this worker's lease of a job it is still working on. */
export async function renewMailJob(db: DB, key: string, now: Date, leaseMs: number) {
  await db
    .updateTable("alert_mail_jobs")
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("key", "=", key)
    .execute();
}

export async function finishMailJob(db: DB, key: string, queued: number, now = new Date()) {
  await db
    .updateTable("alert_mail_jobs")
    .set({ done_at: now.toISOString(), locked_until: null, queued })
    .where("key", "=", key)
    .execute();
}

/** Whether a job was done (the digest of a day was composed). */
export async function mailJobDone(db: DB, key: string) {
  const row = await db.selectFrom("alert_mail_jobs").select("done_at").where("key", "=", key).executeTakeFirst();
  return Boolean(row?.done_at);
}
