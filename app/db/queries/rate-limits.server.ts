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
