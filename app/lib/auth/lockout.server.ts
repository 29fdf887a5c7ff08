import type { DB } from "~/db/client.server";
import {
  addRateHits,
  deleteRateKeys,
  insertLock,
  latestLockStart,
  rateKeysEndingWith,
  sumRateCountsSince,
} from "~/db/queries/rate-limits.server";
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
    const since = new Date(now - authPolicy.lockMs).toISOString();
    const began = await latestLockStart(db, `${rule.bucket}:lock`, rule.key, since);
    if (began) longest = Math.max(longest, Date.parse(began) + authPolicy.lockMs - now);
  }
  return longest;
}

/** Counts one failure under each rule; returns true when this failure locked any of them. */
export async function recordFailure(db: DB, rules: LockRule[], now = Date.now()): Promise<boolean> {
  let locked = false;
  for (const rule of rules) {
    await addRateHits(db, rule.bucket, rule.key, slotStart(now), 1);
    const failures = await sumRateCountsSince(db, rule.bucket, rule.key, slotStart(now - authPolicy.failureWindowMs));
    if (failures >= rule.limit) {
      await insertLock(db, `${rule.bucket}:lock`, rule.key, new Date(now).toISOString());
      // The failures that led to the lock do not count again once it ends.
      await deleteRateKeys(db, [rule.bucket], [rule.key]);
      locked = true;
    }
  }
  return locked;
}

/** Forgets the failures (not the locks) of these keys, after a success. */
export async function clearFailures(db: DB, rules: LockRule[]) {
  for (const rule of rules) await deleteRateKeys(db, [rule.bucket], [rule.key]);
}

export const retryMinutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

const accountKey = (email: string) => email.trim().toLowerCase();

/** The account-wide count of sign-in failures from browsers new to the account. */
export const ACCOUNT_BUCKET = "sign-in:account";

/**
 * Sign-in from a browser new to the account: per address and account (the "pair"), per
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

/**
 * Lifts every lock and failure count on one account: its sign-in pairs from any address, the
 * account-wide count, and its second-factor and password re-entry counts. For a completed
 * password reset, which proves the owner has the mailbox. Address-wide locks stay: they are not
 * the account's, and an address that failed against many accounts is still suspect.
 */
export async function liftAccountLocks(db: DB, user: { id: string; email: string }) {
  const account = accountKey(user.email);
  await deleteRateKeys(db, withLocks(ACCOUNT_BUCKET), [account]);
  await deleteRateKeys(db, [...withLocks("second-factor:user"), ...withLocks("password:user")], [user.id]);
  // Pair keys are `<address>|<account>`: keep those whose account is exactly this one.
  const pairs = withLocks("sign-in:pair");
  const keys = (await rateKeysEndingWith(db, pairs, `|${account}`)).filter(
    (key) => key.slice(key.indexOf("|") + 1) === account,
  );
  await deleteRateKeys(db, pairs, keys);
}
