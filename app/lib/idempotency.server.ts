import { createHash, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { SUBMIT_TOKEN_FIELD } from "./submit-token";

// Duplicate submits (issue 7): a double click or a retried POST creates one record. Each
// accepted submission leaves a key in idempotency_keys, claimed in the same transaction as the
// record, so the key exists exactly when the record does. A second submission with the same key
// within the window writes nothing and is answered like the first.
//
// Public pages are served from a shared page cache, so they cannot carry a per-visitor token: a
// visitor's key is a fingerprint of the form, the client's address and the fields as validated.
// Admin pages are never cached: their forms carry a random token from the server, and the key is
// that token with the form it was posted to and its fields.

/** A repeat within this window is the same submission; later, the same text is a new one. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** The retention purge drops keys older than this, far beyond any retry. */
export const KEY_RETENTION_MS = 24 * 60 * 60_000;

type Executor = Kysely<Database> | Transaction<Database>;

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
  trx: Executor,
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

/** Thrown inside a write's transaction to roll it back: the submission was already written. */
export class DuplicateSubmission extends Error {
  constructor(readonly outcome: string | null) {
    super("duplicate submission");
  }
}

function digest(parts: unknown[]) {
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url");
}

/** Fields in name order, so the same submission always digests the same. */
function ordered(fields: unknown) {
  if (typeof fields !== "object" || fields === null) return fields;
  return Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A visitor's submission: the form, the client's address and the fields as validated (trimmed). */
export function visitorSubmissionKey(form: string, clientIp: string, fields: unknown) {
  return `${form}:${digest([clientIp, ordered(fields)])}`;
}

/** A fresh token for the admin forms of one page render. */
export function newSubmitToken() {
  return randomUUID();
}

/**
 * An admin form's submission: its token, where it was posted and what it holds, or null when the
 * form carried no token (a script, an old page). The fields count too, so a page brought back
 * with an old token (the Back button) still creates a different row.
 */
export function adminSubmissionKey(where: string, values: Record<string, string>): string | null {
  const { [SUBMIT_TOKEN_FIELD]: token, ...fields } = values;
  if (!token) return null;
  return `admin:${digest([token, where, ordered(fields)])}`;
}

/** Drops keys past any retry (the retention purge). */
export async function pruneSubmissionKeys(db: DB, now = Date.now()) {
  const result = await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<", new Date(now - KEY_RETENTION_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
