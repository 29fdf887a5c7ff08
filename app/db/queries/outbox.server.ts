import { sql } from "kysely";
import type { ListQuery } from "~/core/list-query";
import type { ListPage } from "~/core/pagination";
import { readListPage } from "../admin-list.server";
import { ADMIN_LIST_LIMIT, auditedWrite, type AdminActor } from "../audited-write.server";
import { isPostgres, type DB } from "../client.server";
import type { OutboxEmail, OutboxStatus } from "../schema";

// The e-mail outbox (DESIGN §6): a message is a row first, written in the same transaction as the
// submission it reports; the worker (~/lib/mail/outbox.server.ts) claims due rows one at a time with a
// lease and records how each attempt went. Mail Delivery (issue 7 "Mail outage") lists what is not
// getting through, dead e-mails and pending ones that have failed at least once, and Retry queues
// a dead one again. Only the retention purge deletes, and sent mail only (deleteSentEmailsBefore).

export interface OutgoingEmail {
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** More headers (issue 49: List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string> | null;
}

/**
 * Subscription mail (issue 49): claimed after every form's e-mail, sent at the bulk rate, and
 * marked handed over just before its final dot, so that a worker killed after that point never
 * sends it a second time (~/lib/mail/outbox.server.ts).
 */
export const ALERTS_STREAM = "alerts";

/** An outbox row to insert: with its headers, and on the alerts stream when `stream` says so. */
export function outboxRow(email: OutgoingEmail, now: Date, stream?: typeof ALERTS_STREAM) {
  return {
    to_address: email.to,
    reply_to: email.replyTo ?? null,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers ? JSON.stringify(email.headers) : null,
    priority: stream ? 1 : 0,
    stream: stream ?? null,
    status: "pending" as const,
    attempts: 0,
    next_attempt_at: now.toISOString(),
    created_at: now.toISOString(),
  };
}

/** How long a claimed row is left alone by other workers unless the worker says otherwise. */
export const DEFAULT_LEASE_MS = 2 * 60_000;

export async function enqueueEmail(db: DB, email: OutgoingEmail, now = new Date()) {
  const { id } = await db
    .insertInto("email_outbox")
    .values(outboxRow(email, now))
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Claims up to `limit` due rows for this worker, form e-mails before subscription mail, oldest
 * first; on PostgreSQL, rows locked by another are skipped. A row handed over to the SMTP server
 * by a worker that then died is not claimed again (settleHandedOver).
 */
export async function claimDueEmails(
  db: DB,
  limit = 10,
  now = new Date(),
  leaseMs = DEFAULT_LEASE_MS,
): Promise<OutboxEmail[]> {
  const nowIso = now.toISOString();
  let due = db
    .selectFrom("email_outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", nowIso)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", nowIso)]))
    .where("handed_over_at", "is", null)
    .orderBy("priority")
    .orderBy("id")
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  const claimed = await db
    .updateTable("email_outbox")
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "in", due)
    .returningAll()
    .execute();
  // In the claim's order: RETURNING keeps none of its own on PostgreSQL.
  return claimed.sort((a, b) => a.priority - b.priority || a.id - b.id);
}

/** The SMTP server accepted a claimed e-mail. */
export async function markEmailSent(db: DB, email: Pick<OutboxEmail, "id" | "attempts">, now: Date) {
  await db
    .updateTable("email_outbox")
    .set({
      status: "sent",
      sent_at: now.toISOString(),
      locked_until: null,
      attempts: email.attempts + 1,
      last_error: null,
    })
    .where("id", "=", email.id)
    .execute();
}

/**
 * A stream e-mail's whole message is with the SMTP server, all but its final dot: from this
 * moment it counts as sent if the worker dies (issue 49, "never the same mail twice").
 */
export async function markEmailHandedOver(db: DB, id: number, now: Date) {
  await db.updateTable("email_outbox").set({ handed_over_at: now.toISOString() }).where("id", "=", id).execute();
}

/**
 * Stream e-mails whose worker died after handing them over (their lease ended): the SMTP server
 * had the whole message, so they are recorded as sent rather than sent again. Returns how many.
 */
export async function settleHandedOver(db: DB, now = new Date()) {
  const result = await db
    .updateTable("email_outbox")
    .set((eb) => ({
      status: "sent",
      sent_at: eb.ref("handed_over_at"),
      attempts: eb("attempts", "+", 1),
      locked_until: null,
    }))
    .where("status", "=", "pending")
    .where("handed_over_at", "is not", null)
    .where("locked_until", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Gives claimed rows back untried (the bulk rate was reached, the worker stops): due again at once. */
export async function releaseEmailClaims(db: DB, ids: number[]) {
  if (ids.length === 0) return;
  await db.updateTable("email_outbox").set({ locked_until: null }).where("id", "in", ids).execute();
}

/** Subscription e-mails the SMTP server accepted, marked sent together (one statement). */
export async function markEmailsSent(db: DB, emails: Pick<OutboxEmail, "id">[], now: Date) {
  if (emails.length === 0) return;
  await db
    .updateTable("email_outbox")
    .set((eb) => ({
      status: "sent",
      sent_at: now.toISOString(),
      locked_until: null,
      attempts: eb("attempts", "+", 1),
      last_error: null,
    }))
    .where(
      "id",
      "in",
      emails.map((email) => email.id),
    )
    .execute();
}

/** A claimed e-mail's attempt failed: it is due again at `nextAttemptAt`, or kept as dead. */
export async function markEmailFailed(
  db: DB,
  email: Pick<OutboxEmail, "id">,
  failure: { attempts: number; dead: boolean; error: string; nextAttemptAt: Date },
) {
  await db
    .updateTable("email_outbox")
    .set({
      status: failure.dead ? "dead" : "pending",
      attempts: failure.attempts,
      last_error: failure.error.slice(0, 1000),
      locked_until: null,
      handed_over_at: null,
      next_attempt_at: failure.nextAttemptAt.toISOString(),
    })
    .where("id", "=", email.id)
    .execute();
}

export interface UndeliveredEmail {
  id: number;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** When the worker tries next; null for a dead e-mail (it is not tried again). */
  nextAttemptAt: string | null;
}

export interface OutboxCounts {
  pending: number;
  sent: number;
  dead: number;
}

/** The e-mails not getting through: dead, or still retried after a failure. */
function undelivered(db: DB) {
  return db
    .selectFrom("email_outbox")
    .select(["id", "to_address", "subject", "status", "attempts", "last_error", "created_at", "next_attempt_at"])
    .where((eb) =>
      eb.or([eb("status", "=", "dead"), eb.and([eb("status", "=", "pending"), eb("last_error", "is not", null)])]),
    );
}

type UndeliveredRow = Awaited<ReturnType<ReturnType<typeof undelivered>["execute"]>>[number];

function toUndelivered(row: UndeliveredRow): UndeliveredEmail {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.status === "dead" ? null : row.next_attempt_at,
  };
}

/** Dead e-mails first, then those still being retried; newest first within each. */
export async function listUndeliveredEmails(db: DB, limit = ADMIN_LIST_LIMIT): Promise<UndeliveredEmail[]> {
  const rows = await undelivered(db)
    .orderBy((eb) => eb.case().when("status", "=", "dead").then(0).else(1).end())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toUndelivered);
}

/**
 * One page of the undelivered e-mails as Mail Delivery's view says (issue 48): searched in the
 * address and subject, ?status=dead or pending (still retried), the day queued, sorted (the
 * default: dead first, newest first within each).
 */
export async function pageUndeliveredEmails(db: DB, list: ListQuery): Promise<ListPage<UndeliveredEmail>> {
  let query = undelivered(db);
  if (list.filters.status === "dead" || list.filters.status === "pending")
    query = query.where("status", "=", list.filters.status);
  const problemFirst = list.sort === "problem";
  if (problemFirst) query = query.orderBy(sql`case when status = 'dead' then 0 else 1 end`, list.dir);
  const page = await readListPage(query, problemFirst ? { ...list, dir: "desc" } : list, {
    id: "id",
    search: ["to_address", "subject"],
    sorts: { problem: { column: "created_at" }, created: { column: "created_at" }, attempts: { column: "attempts" } },
    dated: { column: "created_at", kind: "instant" },
  });
  return { ...page, items: page.items.map(toUndelivered) };
}

/** How many e-mails are waiting, delivered (and not yet purged), and dead. */
export async function countOutbox(db: DB): Promise<OutboxCounts> {
  const rows = await db
    .selectFrom("email_outbox")
    .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const counts: OutboxCounts = { pending: 0, sent: 0, dead: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export type RetryOutcome = "queued" | "not-dead" | "missing";

/**
 * Queues a dead e-mail again with a fresh round of attempts, due now; its last error stays shown
 * until the next attempt. Audited. Anything but a dead e-mail is left as it is.
 */
export function retryDeadEmail(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return auditedWrite<RetryOutcome>(db, actor, "email_outbox", now, async ({ trx, stamp }) => {
    const row = await trx
      .updateTable("email_outbox")
      .set({ status: "pending", attempts: 0, next_attempt_at: stamp, locked_until: null })
      .where("id", "=", id)
      .where("status", "=", "dead")
      .returning(["id", "subject", "to_address", "last_error"])
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom("email_outbox").select("id").where("id", "=", id).executeTakeFirst();
      return { result: exists ? "not-dead" : "missing" };
    }
    const details = { title: row.subject, to: row.to_address, retried: true, lastError: row.last_error };
    return { result: "queued", audit: { action: "update", entityId: row.id, details } };
  });
}

/** How many e-mails the worker gave up on (issue 48): one query, for the overview and the menu. */
export async function countDeadEmails(db: DB): Promise<number> {
  const row = await db
    .selectFrom("email_outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "dead")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the e-mails sent before `before` (the retention purge: copies of leads); how many. */
export async function deleteSentEmailsBefore(db: DB, before: string): Promise<number> {
  const result = await db
    .deleteFrom("email_outbox")
    .where("status", "=", "sent")
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
