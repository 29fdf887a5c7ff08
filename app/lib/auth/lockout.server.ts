import type { DB } from "~/db/client.server";
import { authPolicy } from "./config";

// Brute-force protection for sign-in and second-factor codes (issue #4). Failures are counted in
// the rate_limits table in one-minute slots, so several app instances on one database agree.
// Reaching the limit within 15 minutes writes a lock row; while it is younger than 15 minutes
// every attempt on that key is refused, even with the right password, and says so.

const SLOT_MS = 60_000;

export interface LockRule {
  /** What is counted, e.g. "sign-in:account". */
  bucket: string;
  key: string;
  /** Failures within the window that lock the key. */
  limit: number;
}

const slotStart = (ms: number) => new Date(Math.floor(ms / SLOT_MS) * SLOT_MS).toISOString();

/** Milliseconds until the longest current lock among `rules` ends; 0 when none is locked. */
export async function lockedFor(db: DB, rules: LockRule[], now = Date.now()): Promise<number> {
  let longest = 0;
  for (const rule of rules) {
    const lock = await db
      .selectFrom("rate_limits")
      .select("window_start")
      .where("bucket", "=", `${rule.bucket}:lock`)
      .where("key", "=", rule.key)
      .where("window_start", ">", new Date(now - authPolicy.lockMs).toISOString())
      .orderBy("window_start", "desc")
      .executeTakeFirst();
    if (lock) longest = Math.max(longest, Date.parse(lock.window_start) + authPolicy.lockMs - now);
  }
  return longest;
}

/** Counts one failure under each rule; returns true when this failure locked any of them. */
export async function recordFailure(db: DB, rules: LockRule[], now = Date.now()): Promise<boolean> {
  let locked = false;
  for (const rule of rules) {
    await db
      .insertInto("rate_limits")
      .values({ bucket: rule.bucket, key: rule.key, window_start: slotStart(now), count: 1 })
      .onConflict((oc) =>
        oc.columns(["bucket", "key", "window_start"]).doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", 1) })),
      )
      .execute();
    const row = await db
      .selectFrom("rate_limits")
      .select((eb) => eb.fn.sum<number>("count").as("failures"))
      .where("bucket", "=", rule.bucket)
      .where("key", "=", rule.key)
      .where("window_start", ">", slotStart(now - authPolicy.failureWindowMs))
      .executeTakeFirst();
    if (Number(row?.failures ?? 0) >= rule.limit) {
      await db
        .insertInto("rate_limits")
        .values({ bucket: `${rule.bucket}:lock`, key: rule.key, window_start: new Date(now).toISOString(), count: 1 })
        .onConflict((oc) => oc.columns(["bucket", "key", "window_start"]).doNothing())
        .execute();
      // The failures that led to the lock do not count again once it ends.
      await db.deleteFrom("rate_limits").where("bucket", "=", rule.bucket).where("key", "=", rule.key).execute();
      locked = true;
    }
  }
  return locked;
}

/** Forgets the failures (not the locks) of these keys, after a success. */
export async function clearFailures(db: DB, rules: LockRule[]) {
  for (const rule of rules) {
    await db.deleteFrom("rate_limits").where("bucket", "=", rule.bucket).where("key", "=", rule.key).execute();
  }
}

export const retryMinutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** Sign-in: per address and account (the "pair"), per account, and per address. */
export function signInRules(ip: string, email: string): LockRule[] {
  const account = email.trim().toLowerCase();
  return [
    { bucket: "sign-in:pair", key: `${ip}|${account}`, limit: 5 },
    { bucket: "sign-in:account", key: account, limit: 20 },
    { bucket: "sign-in:ip", key: ip, limit: 20 },
  ];
}

/** Second-factor codes and password re-entry, per user. */
export function userRules(kind: "second-factor" | "password", userId: string): LockRule[] {
  return [{ bucket: `${kind}:user`, key: userId, limit: 5 }];
}
