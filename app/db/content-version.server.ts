import { sql, type Kysely, type Transaction } from "kysely";
import { logger } from "~/core/logger.server";
import type { Database } from "./schema";

// When public content changed. Every content write bumps one database counter inside its own
// transaction; each app instance reads it at most every half second, so a write made through
// another instance shows within a second, the re-render included (issue 7 "Scale-out":
// tests/system/scale-out.test.ts), and a write made through this one at once (issue 6 "Caching").

export const CHECK_EVERY_MS = 500;
let known = { version: -1, checkedAt: 0 };
// One read at a time; a forget (a write finished here) starts a new generation, whose callers
// must not be given, or store, what a read begun before the write's commit saw.
let generation = 0;
let reading: Promise<number> | undefined;

/** Marks public content as changed, in the caller's transaction. */
export async function bumpContentVersion(db: Kysely<Database> | Transaction<Database>) {
  await db
    .updateTable("content_version")
    .set({ version: sql`version + 1` })
    .where("id", "=", 1)
    .execute();
  forgetContentVersion();
}

/**
 * This instance re-reads the counter at its next request instead of waiting out the half second.
 * Called by the bump, and by the server once every write request has finished (server/request-listener.ts):
 * on PostgreSQL a request arriving while the write's transaction is still open reads the old
 * counter and would keep it for half a second after the commit.
 */
export function forgetContentVersion() {
  known = { ...known, checkedAt: 0 };
  generation++;
  reading = undefined;
}

async function read(db: Kysely<Database>, now: number): Promise<number> {
  const readFor = generation;
  try {
    const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
    const version = row?.version ?? 0;
    if (readFor === generation) known = { version, checkedAt: now };
    return version;
  } finally {
    if (readFor === generation) reading = undefined;
  }
}

/** The current content version, read from the database at most every CHECK_EVERY_MS. */
export function currentContentVersion(db: Kysely<Database>, now = Date.now()): Promise<number> {
  if (now - known.checkedAt < CHECK_EVERY_MS) return Promise.resolve(known.version);
  return (reading ??= read(db, now));
}

/**
 * The version a cache hit may use without waiting: the last one read while it is under
 * CHECK_EVERY_MS old, or for another CHECK_EVERY_MS while this call has it read again in the
 * background (a hit that waited for the read instead queued behind every request due then: at 50
 * connections the slowest hits took 38–68 ms, issue 6). Undefined once forgotten or older: the
 * request then waits for currentContentVersion.
 */
export function recentContentVersion(db: Kysely<Database>, now = Date.now()): number | undefined {
  const age = now - known.checkedAt;
  if (age < CHECK_EVERY_MS) return known.version;
  if (age >= 2 * CHECK_EVERY_MS) return undefined;
  currentContentVersion(db, now).catch((error: unknown) => logger.warn({ err: error }, "content version read failed"));
  return known.version;
}
