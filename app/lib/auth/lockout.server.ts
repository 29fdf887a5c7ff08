import { sql } from "kysely";
import type { DB } from "~/db/client.server";
import { authPolicy } from "./config";

// Brute-force protection for sign-in and second-factor codes (issue #4). Failures are counted in
// the rate_limits table in one-minute slots, so several app instances on one database agree.
// Reaching the limit within 15 minutes writes a lock row; while it is younger than 15 minutes
// every attempt on that key is refused, even with the right password, and says so. A browser
// known to the account (known-browser.server.ts) is counted apart from everyone else: anyone can
// fail against an account, and its owner's own browser must not pay for it (decision 015).

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

const accountKey = (email: string) => email.trim().toLowerCase();

/** The account-wide count of sign-in failures from browsers new to the account. */
export const ACCOUNT_BUCKET = "sign-in:account";

/**
 * Sign-in from a browser new to the account: per address and account (the issue's "pair"), per
 * account, and per address. The account's budget bounds what all such browsers together may guess:
 * 20 failures in 15 minutes lock it for them, from every address.
 */
export function signInRules(ip: string, email: string): LockRule[] {
  const account = accountKey(email);
  return [
    { bucket: "sign-in:pair", key: `${ip}|${account}`, limit: 5 },
    { bucket: ACCOUNT_BUCKET, key: account, limit: 20 },
    { bucket: "sign-in:ip", key: ip, limit: 20 },
  ];
}

/**
 * Sign-in from a browser known to the account: its own failures only, whatever its address (one
 * shared with an attacker included). Five lock that browser, and nothing else.
 */
export function knownBrowserRules(browserId: string): LockRule[] {
  return [{ bucket: "sign-in:browser", key: browserId, limit: 5 }];
}

/** Second-factor codes and password re-entry, per user. */
export function userRules(kind: "second-factor" | "password", userId: string): LockRule[] {
  return [{ bucket: `${kind}:user`, key: userId, limit: 5 }];
}

/** A bucket and the bucket of its locks. */
const withLocks = (bucket: string) => [bucket, `${bucket}:lock`];

/** LIKE pattern matching `text` literally (with `escape '\\'`). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Lifts every lock and failure count on one account: its sign-in pairs from any address, the
 * account-wide count, and its second-factor and password re-entry counts. For a completed
 * password reset, which proves the owner has the mailbox. Address-wide locks stay: they are not
 * the account's, and an address that failed against many accounts is still suspect.
 */
export async function liftAccountLocks(db: DB, user: { id: string; email: string }) {
  const account = accountKey(user.email);
  await db
    .deleteFrom("rate_limits")
    .where((eb) =>
      eb.or([
        eb.and([eb("bucket", "in", withLocks("sign-in:account")), eb("key", "=", account)]),
        eb.and([
          eb("bucket", "in", [...withLocks("second-factor:user"), ...withLocks("password:user")]),
          eb("key", "=", user.id),
        ]),
      ]),
    )
    .execute();
  // Pair keys are `<address>|<account>`: LIKE finds the candidates (in SQLite case-insensitively),
  // the exact comparison keeps those whose account is this one.
  const pairs = await db
    .selectFrom("rate_limits")
    .select("key")
    .where("bucket", "in", withLocks("sign-in:pair"))
    .where(sql<boolean>`${sql.ref("key")} like ${`%|${likeLiteral(account)}`} escape '\\'`)
    .execute();
  const keys = [...new Set(pairs.map((p) => p.key))].filter((key) => key.slice(key.indexOf("|") + 1) === account);
  if (keys.length > 0) {
    await db
      .deleteFrom("rate_limits")
      .where("bucket", "in", withLocks("sign-in:pair"))
      .where("key", "in", keys)
      .execute();
  }
}
