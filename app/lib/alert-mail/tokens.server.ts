import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { DB } from "~/db/client.server";
import { resolveAuthSecret } from "~/lib/auth/secret.server";

// The keys of job alerts by e-mail (issue 49). Every e-mail's links (preferences, unsubscribe and
// the one-click address of its List-Unsubscribe header) carry the subscriber's manage token: the
// row's random manage_key followed by its HMAC under the site's secret (BETTER_AUTH_SECRET, or the
// one kept in the database), so a copy of the table alone makes no working link. The confirmation
// link carries a random token of its own, stored only as its SHA-256 and expiring. The consent's
// "from where" is a keyed hash of the client's address, never the address.

const HEX = /^[0-9a-f]{64}$/;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const secrets = new WeakMap<DB, Promise<string>>();

/** The site's secret, read once per database. */
function secretOf(db: DB) {
  let secret = secrets.get(db);
  if (!secret) {
    secret = resolveAuthSecret(db);
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

const mac = (secret: string, purpose: string, value: string) =>
  createHmac("sha256", secret).update(`${purpose}:${value}`).digest("hex").slice(0, 32);

/** A new subscriber's manage key (the first half of its manage token). */
export const newManageKey = () => randomBytes(16).toString("hex");

/** The token of the links in a subscriber's e-mails: 64 hex characters. */
export async function manageToken(db: DB, manageKey: string) {
  return manageKey + mac(await secretOf(db), "alert-subscription", manageKey);
}

/** The manage key a token carries, or null when the token is malformed or not ours. */
export async function manageKeyOf(db: DB, token: string): Promise<string | null> {
  if (!HEX.test(token)) return null;
  const key = token.slice(0, 32);
  const expected = Buffer.from(mac(await secretOf(db), "alert-subscription", key));
  return timingSafeEqual(expected, Buffer.from(token.slice(32))) ? key : null;
}

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 48 * 3_600_000;

/** A new confirmation token (for the e-mail) and what is stored of it. */
export function newConfirmToken() {
  const token = randomBytes(32).toString("hex");
  return { token, hash: sha256(token) };
}

/** What the database holds of a confirmation token; null for anything that is not one. */
export function confirmTokenHash(token: string): string | null {
  return HEX.test(token) ? sha256(token) : null;
}

/** The consent's "from where": the client's address, keyed and hashed. */
export async function addressHash(db: DB, ip: string) {
  return mac(await secretOf(db), "subscriber-address", ip);
}

/** The per-address limit's key: the e-mail address, hashed (rate_limits holds no address). */
export const emailKey = (email: string) => sha256(email);
