import type { DB } from "~/db/client.server";
import { addRateHits, deleteRateWindowsBefore, readRateCount } from "~/db/queries/rate-limits.server";

// The rate limits' rules (DESIGN §7): fixed windows, a count per bucket, key and window. The
// statements are ~/db/queries/rate-limits.server.ts (one upsert per count).

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
  const count = await addRateHits(db, bucket, key, new Date(windowStart).toISOString(), 1);
  return { allowed: count <= rule.limit, retryAfterMs: windowStart + rule.windowMs - now };
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
  const count = await addRateHits(db, bucket, key, new Date(windowStart).toISOString(), wanted);
  const before = count - wanted;
  return {
    granted: Math.max(0, Math.min(wanted, rule.limit - before)),
    retryAfterMs: windowStart + rule.windowMs - now,
  };
}

/** Reads the current count without counting a hit. */
export async function peekRateLimit(db: DB, bucket: string, key: string, rule: RateLimitRule, now = Date.now()) {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const count = await readRateCount(db, bucket, key, new Date(windowStart).toISOString());
  return { count, retryAfterMs: windowStart + rule.windowMs - now };
}

/** Drops windows that ended more than a day ago. */
export async function pruneRateLimits(db: DB, now = Date.now()) {
  await deleteRateWindowsBefore(db, new Date(now - 24 * 60 * 60 * 1000).toISOString());
}
