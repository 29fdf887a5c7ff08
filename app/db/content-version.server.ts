import { sql, type Kysely, type Transaction } from "kysely";
import { logger } from "~/core/logger.server";
import type { Database } from "./schema";

// When public content changed. Every admin content write bumps one database counter inside its own
// transaction; each app instance reads it at most every half second, so a write made through
// another instance shows within a second, the re-render included (issue 7 "Scale-out":
// tests/system/scale-out.test.ts), and a write made through this one at once (issue 6 "Caching").
//
// What visitors publish themselves (a testimonial that needs no approval) bumps a second counter
// in the same row, which only the pages showing it key on (server/page-cache-key.ts): an anonymous
// post must not make every cached page stale and rebuild the search index (issue 42).

export const CHECK_EVERY_MS = 500;

/** The two counters, as the page cache compares them. */
export interface ContentVersions {
  /** Bumped by every admin write: every public page and the search index depend on it. */
  readonly content: number;
  /** Bumped by visitor content: only the pages that show it depend on it. */
  readonly visitor: number;
}

// A cache hit is given `known.versions` as is: each read makes a new one, never changed.
let known: { versions: ContentVersions; checkedAt: number } = { versions: { content: -1, visitor: -1 }, checkedAt: 0 };
// One read at a time; a forget (a write finished here) starts a new generation, whose callers
// must not be given, or store, what a read begun before the write's commit saw.
let generation = 0;
let reading: Promise<ContentVersions> | undefined;

/** Marks all public content as changed (an admin write), in the caller's transaction. */
export async function bumpContentVersion(db: Kysely<Database> | Transaction<Database>) {
  await db
    .updateTable("content_version")
    .set({ version: sql`version + 1` })
    .where("id", "=", 1)
    .execute();
  forgetContentVersion();
}

/** Marks what visitors published as changed, in the caller's transaction: only pages showing it go stale. */
export async function bumpVisitorContentVersion(db: Kysely<Database> | Transaction<Database>) {
  await db
    .updateTable("content_version")
    .set({ visitor_version: sql`visitor_version + 1` })
    .where("id", "=", 1)
    .execute();
  forgetContentVersion();
}

/**
 * This instance re-reads the counters at its next request instead of waiting out the half second.
 * Called by the bumps, and by the server once every write request has finished (server/request-listener.ts):
 * on PostgreSQL a request arriving while the write's transaction is still open reads the old
 * counters and would keep them for half a second after the commit.
 */
export function forgetContentVersion() {
  known = { ...known, checkedAt: 0 };
  generation++;
  reading = undefined;
}

async function read(db: Kysely<Database>, now: number): Promise<ContentVersions> {
  const readFor = generation;
  try {
    const row = await db
      .selectFrom("content_version")
      .select(["version", "visitor_version"])
      .where("id", "=", 1)
      .executeTakeFirst();
    const versions = { content: row?.version ?? 0, visitor: row?.visitor_version ?? 0 };
    if (readFor === generation) known = { versions, checkedAt: now };
    return versions;
  } finally {
    if (readFor === generation) reading = undefined;
  }
}

/** Both counters, read from the database at most every CHECK_EVERY_MS. */
export function currentVersions(db: Kysely<Database>, now = Date.now()): Promise<ContentVersions> {
  if (now - known.checkedAt < CHECK_EVERY_MS) return Promise.resolve(known.versions);
  return (reading ??= read(db, now));
}

/** The admin content counter (what the search index is read at), as currentVersions reads it. */
export async function currentContentVersion(db: Kysely<Database>, now = Date.now()): Promise<number> {
  return (await currentVersions(db, now)).content;
}

/**
 * The versions a cache hit may use without waiting: the last ones read while they are under
 * CHECK_EVERY_MS old, or for another CHECK_EVERY_MS while this call has them read again in the
 * background (a hit that waited for the read instead queued behind every request due then: at 50
 * connections the slowest hits took 38–68 ms, issue 6). Undefined once forgotten or older: the
 * request then waits for currentVersions.
 */
export function recentVersions(db: Kysely<Database>, now = Date.now()): ContentVersions | undefined {
  const age = now - known.checkedAt;
  if (age < CHECK_EVERY_MS) return known.versions;
  if (age >= 2 * CHECK_EVERY_MS) return undefined;
  currentVersions(db, now).catch((error: unknown) => logger.warn({ err: error }, "content version read failed"));
  return known.versions;
}
