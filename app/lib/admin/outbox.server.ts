import { z } from "zod";
import type { DB } from "~/db/client.server";
import type { OutboxStatus } from "~/db/schema";
import { IdSchema } from "~/lib/schemas/admin/common";
import { ADMIN_LIST_LIMIT, recordAudit, type AdminActor } from "./audit.server";

// Mail Delivery (issue 7 "Mail outage"): the e-mails of the outbox that are not getting through,
// i.e. dead ones and pending ones that have failed at least once, for admins to see; and Retry,
// which queues a dead e-mail again. Rows are never deleted here (retention purges sent mail only).

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

/** Dead e-mails first, then those still being retried; newest first within each. */
export async function listUndeliveredEmails(db: DB, limit = ADMIN_LIST_LIMIT): Promise<UndeliveredEmail[]> {
  const rows = await db
    .selectFrom("email_outbox")
    .select(["id", "to_address", "subject", "status", "attempts", "last_error", "created_at", "next_attempt_at"])
    .where((eb) =>
      eb.or([eb("status", "=", "dead"), eb.and([eb("status", "=", "pending"), eb("last_error", "is not", null)])]),
    )
    .orderBy((eb) => eb.case().when("status", "=", "dead").then(0).else(1).end())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.status === "dead" ? null : row.next_attempt_at,
  }));
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

/** The Retry form: which e-mail. */
export const RetryEmailSchema = z.object({ intent: z.literal("retry"), id: IdSchema });

export type RetryOutcome = "queued" | "not-dead" | "missing";

/**
 * Queues a dead e-mail again with a fresh round of attempts, due now; its last error stays shown
 * until the next attempt. Audited. Anything but a dead e-mail is left as it is.
 */
export function retryDeadEmail(db: DB, actor: AdminActor, id: number, now = new Date()): Promise<RetryOutcome> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("email_outbox")
      .set({ status: "pending", attempts: 0, next_attempt_at: stamp, locked_until: null })
      .where("id", "=", id)
      .where("status", "=", "dead")
      .returning(["id", "subject", "to_address", "last_error"])
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom("email_outbox").select("id").where("id", "=", id).executeTakeFirst();
      return exists ? "not-dead" : "missing";
    }
    await recordAudit(
      trx,
      actor,
      {
        action: "update",
        entity: "email_outbox",
        entityId: row.id,
        details: { title: row.subject, to: row.to_address, retried: true, lastError: row.last_error },
      },
      stamp,
    );
    return "queued";
  });
}
