import { isAPIError } from "better-auth/api";
import type { DB } from "~/db/client.server";
import { logger } from "~/core/logger.server";
import { isActiveAdmin } from "./admins.server";
import { getAuth } from "./auth.server";
import { knownBrowser, knownBrowserCookie } from "./known-browser.server";
import {
  ACCOUNT_BUCKET,
  clearFailures,
  knownBrowserRules,
  lockedFor,
  recordFailure,
  retryMinutes,
  signInRules,
  userRules,
} from "./lockout.server";
import { elevateSession } from "./session.server";
import { hasTwoFactor, verifySecondFactor } from "./two-factor.server";
import { DEMO_ADMIN } from "./users.server";

// Sign-in for the admin area (spec §2 Login, §8; issue #4). Locks are checked before the password
// is, failures counted after; a user who is not an active admin gets exactly the answer a wrong
// password gets ('Invalid credentials or access denied') and no session.
//
// Decision 015 (issue 42): a browser known to the account (it completed a sign-in or a reset
// there) counts only its own failures, so an attack from anywhere else never locks it, nor makes
// its owner's typo read 'locked'. Browsers new to the account share the account's budget: 20
// failures in 15 minutes refuse them all, right password included, which bounds what an attacker
// can guess. A completed sign-in makes the browser known (with the second factor, once that is
// given).

export type SignInOutcome =
  | { kind: "signed-in"; cookies: string[] }
  | { kind: "second-factor"; cookies: string[] }
  | { kind: "invalid" }
  /** `newBrowser`: the account's lock, which refuses only browsers new to the account. */
  | { kind: "locked"; retryMinutes: number; newBrowser?: boolean }
  | { kind: "error" };

export async function signInAdmin(
  db: DB,
  input: {
    email: string;
    password: string;
    ip: string;
    /** Headers for the auth library (see authHeaders). */
    headers: Headers;
    production: boolean;
    now?: number;
  },
): Promise<SignInOutcome> {
  const now = input.now ?? Date.now();
  try {
    const browser = await knownBrowser(input.headers, input.email);
    const rules = browser ? knownBrowserRules(browser) : signInRules(input.ip, input.email);
    const own = rules.filter((r) => r.bucket !== ACCOUNT_BUCKET);
    const wait = await lockedFor(db, own, now);
    if (wait > 0) return { kind: "locked", retryMinutes: retryMinutes(wait) };
    const accountWait = await lockedFor(
      db,
      rules.filter((r) => r.bucket === ACCOUNT_BUCKET),
      now,
    );
    if (accountWait > 0) {
      logger.warn({ ip: input.ip }, "admin sign-in from a new browser on a locked account: refused");
      return { kind: "locked", retryMinutes: retryMinutes(accountWait), newBrowser: true };
    }

    // Counted under every rule; answered 'locked' only by the caller's own locks (its browser, or
    // its address), never by the account's: the next attempt says that one, truthfully.
    const fail = async (reason: string): Promise<SignInOutcome> => {
      logger.warn({ ip: input.ip, reason, knownBrowser: browser !== null }, "admin sign-in failed");
      await recordFailure(db, rules, now);
      const locked = await lockedFor(db, own, now);
      return locked > 0 ? { kind: "locked", retryMinutes: retryMinutes(locked) } : { kind: "invalid" };
    };

    // A database copied from development must not let its demo password in (issue #4).
    if (input.production && input.password === DEMO_ADMIN.password) return fail("demo password in production");

    const auth = await getAuth();
    const signInEmail = () =>
      auth.api.signInEmail({
        body: { email: input.email, password: input.password, rememberMe: true },
        headers: input.headers,
        returnHeaders: true,
      });
    let signedIn: Awaited<ReturnType<typeof signInEmail>>;
    try {
      signedIn = await signInEmail();
    } catch (error) {
      if (isAPIError(error) && error.statusCode < 500) return fail(String(error.body?.code ?? error.status));
      throw error;
    }
    const { user, token } = signedIn.response;
    if (!(await isActiveAdmin(db, user.id))) {
      await db.deleteFrom("auth_sessions").where("token", "=", token).execute();
      return fail("not an active admin");
    }
    await clearFailures(
      db,
      rules.filter((r) => r.bucket !== "sign-in:ip"),
    );
    const cookies = signedIn.headers.getSetCookie();
    if (await hasTwoFactor(db, user.id)) return { kind: "second-factor", cookies };
    return { kind: "signed-in", cookies: [...cookies, await knownBrowserCookie(user.email)] };
  } catch (error) {
    logger.error({ err: error }, "admin sign-in error");
    return { kind: "error" };
  }
}

export type SecondFactorOutcome =
  | { kind: "ok"; cookies: string[] }
  | { kind: "invalid" }
  | { kind: "reused" }
  | { kind: "locked"; retryMinutes: number };

/**
 * Checks a TOTP or backup code for a half-signed-in session and, if right, raises it to aal2; the
 * browser is then known to the account (its cookie in `cookies`).
 */
export async function completeSecondFactor(
  db: DB,
  input: {
    userId: string;
    email: string;
    token: string;
    code: string;
    secret: string;
    now?: Date;
  },
): Promise<SecondFactorOutcome> {
  const now = input.now ?? new Date();
  const rules = userRules("second-factor", input.userId);
  const wait = await lockedFor(db, rules, now.getTime());
  if (wait > 0) return { kind: "locked", retryMinutes: retryMinutes(wait) };
  const result = await verifySecondFactor(db, input.secret, input.userId, input.code, now);
  if (result === "ok") {
    await clearFailures(db, rules);
    await elevateSession(db, input.token, now);
    return { kind: "ok", cookies: [await knownBrowserCookie(input.email)] };
  }
  logger.warn({ userId: input.userId, result }, "second factor refused");
  if (await recordFailure(db, rules, now.getTime())) {
    // Locked: this half-finished sign-in ends; the next attempt starts from the password.
    await db.deleteFrom("auth_sessions").where("token", "=", input.token).execute();
    return { kind: "locked", retryMinutes: retryMinutes(await lockedFor(db, rules, now.getTime())) };
  }
  return { kind: result };
}
