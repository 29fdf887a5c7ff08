import { sql, type Kysely, type Selectable } from "kysely";
import { containing } from "../admin-list.server";
import { auditedWrite, type AdminActor } from "../audited-write.server";
import { isPostgres, type DB } from "../client.server";
import type { AlertSubscribersTable, Database, SubscriptionFrequency } from "../schema";
import { ALERTS_STREAM } from "./outbox.server";

// Job alerts by e-mail (issue 49): the subscribers. A visitor's address is a pending row until
// its owner follows the confirmation link; preferences change by the signed links of every
// e-mail; unsubscribing deletes the row, its mailings and its queued e-mails. Staff see the counts
// per choice, search, export and remove (audited). Rows a confirmation never reached are purged
// by the retention job.

/** Each job-alert tab (job_categories slug) and its column. */
export const TAB_COLUMNS = {
  jobs: "is_tab_jobs",
  vacancy: "is_tab_vacancy",
  results: "is_tab_results",
  "admit-cards": "is_tab_admit_cards",
} as const satisfies Record<string, keyof AlertSubscribersTable>;
export type TabSlug = keyof typeof TAB_COLUMNS;
const tabSlugs = Object.keys(TAB_COLUMNS) as TabSlug[];

export interface Choices {
  tabs: readonly TabSlug[];
  reminders: boolean;
  tests: boolean;
  frequency: SubscriptionFrequency;
}

const choiceColumns = (choices: Choices) => ({
  is_tab_jobs: choices.tabs.includes("jobs"),
  is_tab_vacancy: choices.tabs.includes("vacancy"),
  is_tab_results: choices.tabs.includes("results"),
  is_tab_admit_cards: choices.tabs.includes("admit-cards"),
  is_reminders_on: choices.reminders,
  is_tests_on: choices.tests,
  frequency: choices.frequency,
});

/** The columns of what a subscriber chose: the tabs, reminders, tests and how often. */
export const CHOICE_COLUMNS = [
  "is_tab_jobs",
  "is_tab_vacancy",
  "is_tab_results",
  "is_tab_admit_cards",
  "is_reminders_on",
  "is_tests_on",
  "frequency",
] as const;

const subscriberColumns = [
  "id",
  "email",
  "status",
  ...CHOICE_COLUMNS,
  "manage_key",
  "confirm_expires_at",
  "consent_at",
  "consent_source",
  "confirmed_at",
  "delivery_failed_at",
  "created_at",
] as const;

export type SubscriberRow = Pick<Selectable<AlertSubscribersTable>, (typeof subscriberColumns)[number]>;

/** A subscriber's choices, read back from its row. */
export function choicesOf(
  row: Pick<SubscriberRow, (typeof TAB_COLUMNS)[TabSlug] | "is_reminders_on" | "is_tests_on" | "frequency">,
): Choices {
  return {
    tabs: tabSlugs.filter((slug) => Boolean(row[TAB_COLUMNS[slug]])),
    reminders: Boolean(row.is_reminders_on),
    tests: Boolean(row.is_tests_on),
    frequency: row.frequency,
  };
}

export interface SubscriptionRequest {
  email: string;
  choices: Choices;
  consent: { text: string; source: string; ipHash: string };
  /** For a new or still pending address: its new confirmation token's hash and expiry. */
  confirmTokenHash: string;
  confirmExpiresAt: Date;
  /** For a new address: its manage key. */
  manageKey: string;
}

export type SubscriptionOutcome =
  { kind: "new" | "pending"; subscriber: SubscriberRow } | { kind: "confirmed"; subscriber: SubscriberRow };

/**
 * A subscription asked for, in the caller's transaction: a new address becomes a pending row; a
 * pending one takes the new choices, consent and confirmation token (the last link sent is the one
 * that works); a confirmed one is left exactly as it is (nobody changes another's choices by
 * typing their address).
 */
export async function requestSubscription(
  trx: Kysely<Database>,
  request: SubscriptionRequest,
  now = new Date(),
): Promise<SubscriptionOutcome> {
  const stamp = now.toISOString();
  const fresh = {
    ...choiceColumns(request.choices),
    confirm_token_hash: request.confirmTokenHash,
    confirm_expires_at: request.confirmExpiresAt.toISOString(),
    consent_text: request.consent.text,
    consent_source: request.consent.source,
    consent_ip_hash: request.consent.ipHash,
    consent_at: stamp,
    updated_at: stamp,
  };
  const inserted = await trx
    .insertInto("alert_subscribers")
    .values({
      ...fresh,
      email: request.email,
      status: "pending",
      manage_key: request.manageKey,
      created_at: stamp,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning(subscriberColumns)
    .executeTakeFirst();
  if (inserted) return { kind: "new", subscriber: inserted };

  let existing = trx.selectFrom("alert_subscribers").select(subscriberColumns).where("email", "=", request.email);
  if (isPostgres(trx)) existing = existing.forUpdate();
  const row = await existing.executeTakeFirstOrThrow();
  if (row.status === "confirmed") return { kind: "confirmed", subscriber: row };
  const updated = await trx
    .updateTable("alert_subscribers")
    .set(fresh)
    .where("id", "=", row.id)
    .returning(subscriberColumns)
    .executeTakeFirstOrThrow();
  return { kind: "pending", subscriber: updated };
}

export type ConfirmOutcome =
  { kind: "confirmed" | "already"; subscriber: SubscriberRow } | { kind: "expired" } | { kind: "unknown" };

/** Follows a confirmation link: the row it confirms, or why it does not. */
export async function confirmSubscription(db: DB, tokenHash: string, now = new Date()): Promise<ConfirmOutcome> {
  const row = await db
    .selectFrom("alert_subscribers")
    .select([...subscriberColumns])
    .where("confirm_token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return { kind: "unknown" };
  if (row.status === "confirmed") return { kind: "already", subscriber: row };
  if (!row.confirm_expires_at || Date.parse(row.confirm_expires_at) <= now.getTime()) return { kind: "expired" };
  const stamp = now.toISOString();
  const confirmed = await db
    .updateTable("alert_subscribers")
    .set({ status: "confirmed", confirmed_at: stamp, delivery_failed_at: null, updated_at: stamp })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .returning(subscriberColumns)
    .executeTakeFirst();
  return confirmed ? { kind: "confirmed", subscriber: confirmed } : { kind: "already", subscriber: row };
}

/** The subscriber a manage link names, or undefined. */
export function findSubscriberByKey(db: DB, manageKey: string) {
  return db
    .selectFrom("alert_subscribers")
    .select(subscriberColumns)
    .where("manage_key", "=", manageKey)
    .executeTakeFirst();
}

/** New choices from the preferences page; they also clear a delivery failure (the link reached its owner). */
export async function updateSubscriberChoices(db: DB, manageKey: string, choices: Choices, now = new Date()) {
  const result = await db
    .updateTable("alert_subscribers")
    .set({ ...choiceColumns(choices), delivery_failed_at: null, updated_at: now.toISOString() })
    .where("manage_key", "=", manageKey)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a subscriber with its mailings and every e-mail still waiting for it, in one transaction. */
async function deleteSubscriber(trx: Kysely<Database>, which: { id: number } | { manageKey: string }) {
  let query = trx.deleteFrom("alert_subscribers").returning(["id", "email"]);
  query = "id" in which ? query.where("id", "=", which.id) : query.where("manage_key", "=", which.manageKey);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  await trx.deleteFrom("alert_mailings").where("subscriber_id", "=", row.id).execute();
  // Queued and not being sent this moment: it never goes.
  await trx
    .deleteFrom("email_outbox")
    .where("stream", "=", ALERTS_STREAM)
    .where("status", "=", "pending")
    .where("to_address", "=", row.email)
    .where("handed_over_at", "is", null)
    .execute();
  return row;
}

/** Unsubscribes (one click, or the page's button): the row and all that waits for it go. */
export function unsubscribeByKey(db: DB, manageKey: string) {
  return db.transaction().execute((trx) => deleteSubscriber(trx, { manageKey }));
}

/** Staff remove a subscriber (audited; the log keeps the address masked). False when none. */
export function removeSubscriber(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return auditedWrite(db, actor, "alert_subscribers", now, async ({ trx }) => {
    const row = await deleteSubscriber(trx, { id });
    if (!row) return { result: false };
    return { result: true, audit: { action: "delete", entityId: id, details: { email: maskedEmail(row.email) } } };
  });
}

/** "a***@example.com": enough for staff to recognise, not the address. */
export function maskedEmail(email: string) {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "***" : `${email[0]}***${email.slice(at)}`;
}

/** Pending rows older than `days`: their confirmation never came (the retention job). */
export async function purgeUnconfirmedSubscribers(db: DB, now: number, days: number) {
  const result = await db
    .deleteFrom("alert_subscribers")
    .where("status", "=", "pending")
    .where("created_at", "<", new Date(now - days * 86_400_000).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Addresses the worker gave up on (a subscription e-mail kept dead after its retries): marked, so
 * nothing more is composed for them. Returns how many were marked now.
 */
export async function markFailedSubscribers(db: DB, now = new Date()) {
  const result = await db
    .updateTable("alert_subscribers")
    .set({ delivery_failed_at: now.toISOString() })
    .where("delivery_failed_at", "is", null)
    .where("status", "=", "confirmed")
    .where("email", "in", (eb) =>
      eb
        .selectFrom("email_outbox")
        .select("to_address")
        .where("stream", "=", ALERTS_STREAM)
        .where("status", "=", "dead")
        .where(sql<boolean>`email_outbox.created_at >= alert_subscribers.confirmed_at`),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// --- Staff (the Subscribers section) ---------------------------------------------------------------

export interface SubscriberCounts {
  confirmed: number;
  pending: number;
  failed: number;
  tabs: Record<TabSlug, number>;
  reminders: number;
  tests: number;
  frequency: Record<SubscriptionFrequency, number>;
}

const countWhen = (condition: ReturnType<typeof sql<boolean>>) => sql<number>`count(case when ${condition} then 1 end)`;
const isTrue = (column: string) => sql<boolean>`${sql.ref(column)} = ${sql.lit(true)}`;

/**
 * How many subscribe, one query: confirmed, pending (not yet confirmed) and failed (the worker gave
 * up on them), and, of the confirmed, how many chose each tab, reminders, tests and each frequency.
 * For the Subscribers section and the admin overview.
 */
export async function countSubscribers(db: DB): Promise<SubscriberCounts> {
  const confirmed = sql<boolean>`status = 'confirmed'`;
  const and = (other: ReturnType<typeof sql<boolean>>) => sql<boolean>`${confirmed} and ${other}`;
  const row = await db
    .selectFrom("alert_subscribers")
    .select([
      countWhen(confirmed).as("confirmed"),
      countWhen(sql<boolean>`status = 'pending'`).as("pending"),
      countWhen(and(sql<boolean>`delivery_failed_at is not null`)).as("failed"),
      ...tabSlugs.map((slug) => countWhen(and(isTrue(TAB_COLUMNS[slug]))).as(`tab_${slug}`)),
      countWhen(and(isTrue("is_reminders_on"))).as("reminders"),
      countWhen(and(isTrue("is_tests_on"))).as("tests"),
      countWhen(and(sql<boolean>`frequency = 'instant'`)).as("instant"),
      countWhen(and(sql<boolean>`frequency = 'daily'`)).as("daily"),
      countWhen(and(sql<boolean>`frequency = 'weekly'`)).as("weekly"),
    ])
    .executeTakeFirstOrThrow();
  const n = (key: string) => Number((row as Record<string, unknown>)[key] ?? 0);
  return {
    confirmed: n("confirmed"),
    pending: n("pending"),
    failed: n("failed"),
    tabs: Object.fromEntries(tabSlugs.map((slug) => [slug, n(`tab_${slug}`)])) as Record<TabSlug, number>,
    reminders: n("reminders"),
    tests: n("tests"),
    frequency: { instant: n("instant"), daily: n("daily"), weekly: n("weekly") },
  };
}

export interface AlertMailCounts {
  sent: number;
  pending: number;
  failed: number;
}

/** The subscription e-mails in the outbox (sent ones are kept 30 days): sent, waiting, given up on. */
export async function countAlertMail(db: DB): Promise<AlertMailCounts> {
  const rows = await db
    .selectFrom("email_outbox")
    .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
    .where("stream", "=", ALERTS_STREAM)
    .groupBy("status")
    .execute();
  const counts: AlertMailCounts = { sent: 0, pending: 0, failed: 0 };
  for (const row of rows) counts[row.status === "dead" ? "failed" : row.status] = Number(row.n);
  return counts;
}

/** Subscribers per page of the staff's list. */
export const SUBSCRIBERS_PER_PAGE = 50;

export interface SubscriberListQuery {
  /** Words of the address, any case. */
  q?: string | null;
  status?: "confirmed" | "pending" | "failed" | null;
  page?: number;
}

function filtered(db: DB, query: SubscriberListQuery) {
  let select = db.selectFrom("alert_subscribers").select(subscriberColumns);
  if (query.q) select = select.where(sql<boolean>`lower(email) like ${containing(query.q)} escape '\\'`);
  if (query.status === "failed") select = select.where("delivery_failed_at", "is not", null);
  else if (query.status) select = select.where("status", "=", query.status);
  return select;
}

/** One page of subscribers, newest first, and whether another follows. */
export async function listSubscribersForAdmin(db: DB, query: SubscriberListQuery) {
  const page = Math.max(1, query.page ?? 1);
  const rows = await filtered(db, query)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(SUBSCRIBERS_PER_PAGE + 1)
    .offset((page - 1) * SUBSCRIBERS_PER_PAGE)
    .execute();
  return { rows: rows.slice(0, SUBSCRIBERS_PER_PAGE), page, hasNext: rows.length > SUBSCRIBERS_PER_PAGE };
}

/** One subscriber, for the staff's remove confirmation. */
export function getSubscriberForAdmin(db: DB, id: number) {
  return db.selectFrom("alert_subscribers").select(subscriberColumns).where("id", "=", id).executeTakeFirst();
}

/** Every subscriber the filter matches, for the CSV export (bounded like the leads export). */
export function listSubscribersForExport(db: DB, query: SubscriberListQuery, limit = 100_000) {
  return filtered(db, query)
    .select("consent_text")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
