import type { Transaction } from "kysely";
import type { DB } from "../client.server";
import type { Database } from "../schema";

// Duplicate submits (issue 7): a double click or a retried POST creates one record. Each
// accepted submission leaves a key in idempotency_keys, claimed in the same transaction as the
// record, so the key exists exactly when the record does. A second submission with the same key
// within the window writes nothing and is answered like the first. How keys are made:
// ~/lib/forms/idempotency.server.ts.

/** A repeat within this window is the same submission; later, the same text is a new one. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** The retention purge drops keys older than this, far beyond any retry. */
export const KEY_RETENTION_MS = 24 * 60 * 60_000;

export type Claim = { fresh: true } | { fresh: false; outcome: string | null };

/**
 * Claims `key` inside the transaction of the write it guards. Fresh: the caller writes. Not
 * fresh: the same submission was written less than DUPLICATE_WINDOW_MS ago; the caller writes
 * nothing and answers as the first did (`outcome` is what that one recorded).
 *
 * One statement: insert the key, or take over one older than the window. A concurrent claim of
 * the same key waits on the primary key until the first transaction ends (PostgreSQL), or cannot
 * interleave at all (SQLite runs one write transaction at a time); either way only one wins.
 */
export async function claimSubmission(
  trx: DB,
  key: string,
  outcome: string | null = null,
  now = new Date(),
): Promise<Claim> {
  const stamp = now.toISOString();
  const stale = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
  const claimed = await trx
    .insertInto("idempotency_keys")
    .values({ key, created_at: stamp, outcome })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({ created_at: stamp, outcome }).where("idempotency_keys.created_at", "<", stale),
    )
    .returning("key")
    .executeTakeFirst();
  if (claimed) return { fresh: true };
  const first = await trx.selectFrom("idempotency_keys").select("outcome").where("key", "=", key).executeTakeFirst();
  return { fresh: false, outcome: first?.outcome ?? null };
}

/**
 * Stores a visitor's submission once: `write` runs in a transaction that first claims `key`, and a
 * repeat of a submission already stored writes nothing and gives null. Without a key it just runs.
 */
export function writeOnce<T>(
  db: DB,
  key: string | undefined,
  now: Date,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T | null> {
  return db.transaction().execute(async (trx) => {
    if (key && !(await claimSubmission(trx, key, null, now)).fresh) return null;
    return write(trx);
  });
}

/** Drops keys past any retry (the retention purge). */
export async function pruneSubmissionKeys(db: DB, now = Date.now()) {
  const result = await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<", new Date(now - KEY_RETENTION_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
