import type { DB } from "~/db/client.server";

export interface RateLimitRule {
  /** How many hits a key may make in one window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Milliseconds until the current window ends. */
  retryAfterMs: number;
}

/**
 * Counts one hit for `key` in `bucket` and says whether it is within the rule. Fixed windows,
 * counted with one upsert, so concurrent instances on one database agree (DESIGN §7).
 */
export async function hitRateLimit(
  db: DB,
  bucket: string,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ bucket, key, window_start: new Date(windowStart).toISOString(), count: 1 })
    .onConflict((oc) =>
      oc.columns(["bucket", "key", "window_start"]).doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", 1) })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return { allowed: row.count <= rule.limit, retryAfterMs: windowStart + rule.windowMs - now };
}

/**
 * Takes up to `wanted` hits of `key`'s window at once (issue 49: a batch of e-mails at the bulk
 * rate): how many the rule still allowed, 0 when none, and when the window ends. One upsert, so
 * concurrent instances never take more than the rule between them.
 */
export async function takeRateAllowance(
  db: DB,
  bucket: string,
  key: string,
  rule: RateLimitRule,
  wanted: number,
  now = Date.now(),
) {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ bucket, key, window_start: new Date(windowStart).toISOString(), count: wanted })
    .onConflict((oc) =>
      oc
        .columns(["bucket", "key", "window_start"])
        .doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", wanted) })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  const before = row.count - wanted;
  return {
    granted: Math.max(0, Math.min(wanted, rule.limit - before)),
    retryAfterMs: windowStart + rule.windowMs - now,
  };
}

/** Reads the current count without counting a hit. */
export async function peekRateLimit(db: DB, bucket: string, key: string, rule: RateLimitRule, now = Date.now()) {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const row = await db
    .selectFrom("rate_limits")
    .select("count")
    .where("bucket", "=", bucket)
    .where("key", "=", key)
    .where("window_start", "=", new Date(windowStart).toISOString())
    .executeTakeFirst();
  return { count: row?.count ?? 0, retryAfterMs: windowStart + rule.windowMs - now };
}

/** Drops windows that ended more than a day ago. */
export async function pruneRateLimits(db: DB, now = Date.now()) {
  await db
    .deleteFrom("rate_limits")
    .where("window_start", "<", new Date(now - 24 * 60 * 60 * 1000).toISOString())
    .execute();
}
