import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/db/schema";

// When public content changed. Every content write bumps one database counter inside its own
// transaction; each app instance reads it at most every half second, so a write made through
// another instance shows within a second, the re-render included (issue 7 "Scale-out":
// tests/system/scale-out.test.ts), and a write made through this one at once (issue 6 "Caching").

export const CHECK_EVERY_MS = 500;
let known = { version: -1, checkedAt: 0 };

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
 * Called by the bump, and by the server once every write request has finished (server/app.ts):
 * on PostgreSQL a request arriving while the write's transaction is still open reads the old
 * counter and would keep it for half a second after the commit.
 */
export function forgetContentVersion() {
  known = { ...known, checkedAt: 0 };
}

/** The current content version, read from the database at most every CHECK_EVERY_MS. */
export async function currentContentVersion(db: Kysely<Database>, now = Date.now()): Promise<number> {
  if (now - known.checkedAt < CHECK_EVERY_MS) return known.version;
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
  known = { version: row?.version ?? 0, checkedAt: now };
  return known.version;
}

/** The version last read, while it is at most CHECK_EVERY_MS old; undefined when due a re-read. */
export function recentContentVersion(now = Date.now()): number | undefined {
  return now - known.checkedAt < CHECK_EVERY_MS ? known.version : undefined;
}
