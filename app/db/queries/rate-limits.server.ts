import { sql } from "kysely";
import type { DB } from "../client.server";

// The abuse counters (DESIGN §7): one row per bucket, key and fixed window, counted with one
// upsert, so concurrent instances on one database agree. The rules (windows, limits, what a count
// allows) are ~/lib/rate-limit.server.ts; these are its statements.

/** Adds `hits` to the window's count (a new window starts at `hits`); the count after. */
export async function addRateHits(db: DB, bucket: string, key: string, windowStart: string, hits: number) {
  const row = await db
    .insertInto("rate_limits")
    .values({ bucket, key, window_start: windowStart, count: hits })
    .onConflict((oc) =>
      oc
        .columns(["bucket", "key", "window_start"])
        .doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", hits) })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The window's count, 0 when nothing was counted in it. */
export async function readRateCount(db: DB, bucket: string, key: string, windowStart: string) {
  const row = await db
    .selectFrom("rate_limits")
    .select("count")
    .where("bucket", "=", bucket)
    .where("key", "=", key)
    .where("window_start", "=", windowStart)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Drops the windows that started before `before`. */
export async function deleteRateWindowsBefore(db: DB, before: string) {
  await db.deleteFrom("rate_limits").where("window_start", "<", before).execute();
}

// The sign-in lockout's statements (~/lib/auth/lockout.server.ts keeps its rules): failures are
// windows of a bucket, a lock is a row of `<bucket>:lock` stamped when it began.

/** When the newest lock of this key that began after `since` began; undefined when none did. */
export async function latestLockStart(db: DB, lockBucket: string, key: string, since: string) {
  const lock = await db
    .selectFrom("rate_limits")
    .select("window_start")
    .where("bucket", "=", lockBucket)
    .where("key", "=", key)
    .where("window_start", ">", since)
    .orderBy("window_start", "desc")
    .executeTakeFirst();
  return lock?.window_start;
}

/** The count of every window of this key that started after `since`. */
export async function sumRateCountsSince(db: DB, bucket: string, key: string, since: string) {
  const row = await db
    .selectFrom("rate_limits")
    .select((eb) => eb.fn.sum<number>("count").as("total"))
    .where("bucket", "=", bucket)
    .where("key", "=", key)
    .where("window_start", ">", since)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Writes a lock that began at `at` (once: a second one at the same moment is the same lock). */
export async function insertLock(db: DB, lockBucket: string, key: string, at: string) {
  await db
    .insertInto("rate_limits")
    .values({ bucket: lockBucket, key, window_start: at, count: 1 })
    .onConflict((oc) => oc.columns(["bucket", "key", "window_start"]).doNothing())
    .execute();
}

/** Forgets every window of these keys in these buckets. */
export async function deleteRateKeys(db: DB, buckets: string[], keys: string[]) {
  if (buckets.length === 0 || keys.length === 0) return;
  await db.deleteFrom("rate_limits").where("bucket", "in", buckets).where("key", "in", keys).execute();
}

/**
 * The keys in these buckets that end with `suffix` (LIKE finds the candidates, in SQLite
 * case-insensitively; the caller compares exactly).
 */
export async function rateKeysEndingWith(db: DB, buckets: string[], suffix: string) {
  const escaped = suffix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .selectFrom("rate_limits")
    .select("key")
    .where("bucket", "in", buckets)
    .where(sql<boolean>`${sql.ref("key")} like ${`%${escaped}`} escape '\\'`)
    .execute();
  return [...new Set(rows.map((row) => row.key))];
}
