import { setTimeout as sleep } from "node:timers/promises";
import { isAPIError } from "better-auth/api";
import { getDb } from "~/db/client.server";
import { logger } from "~/core/logger.server";
import { isActiveAdmin } from "./admins.server";
import { getAuth } from "./auth.server";
import { authPolicy } from "./config";
import { clearFailures, lockedFor, recordFailure, retryMinutes, signInRules, userRules } from "./lockout.server";
import { elevateSession } from "./session.server";
import { hasTwoFactor, verifySecondFactor } from "./two-factor.server";
import { DEMO_ADMIN } from "./users.server";

// Sign-in for the admin area (spec §2 Login, §8; issue #4). Locks are checked before the password
// is, failures counted after; a user who is not an active admin gets exactly the answer a wrong
// password gets ('Invalid credentials or access denied') and no session.
//
// The caller's own locks (its address with this account, its address) refuse outright. The
// account-wide lock does not: anyone can fail against an account, so it only slows each attempt
// by `lockedAccountDelayMs` and cuts what each address may try from 5 to 2 (signInRules). A
// correct password then still signs in (and still needs the second factor if the account has
// one); a wrong one is counted and answered with the lock message.

export type SignInOutcome =
  | { kind: "signed-in"; cookies: string[] }
  | { kind: "second-factor"; cookies: string[] }
  | { kind: "invalid" }
  | { kind: "locked"; retryMinutes: number }
  | { kind: "error" };

export async function signInAdmin(input: {
  email: string;
  password: string;
  ip: string;
  /** Headers for the auth library (see authHeaders). */
  headers: Headers;
  production: boolean;
  now?: number;
}): Promise<SignInOutcome> {
  const db = getDb();
  const now = input.now ?? Date.now();
  let rules = signInRules(input.ip, input.email);
  try {
    const own = rules.filter((r) => !r.slowsOnly);
    const accountWide = rules.filter((r) => r.slowsOnly);
    const wait = await lockedFor(db, own, now);
    if (wait > 0) return { kind: "locked", retryMinutes: retryMinutes(wait) };
    if ((await lockedFor(db, accountWide, now)) > 0) {
      logger.warn({ ip: input.ip }, "admin sign-in on a locked account: slowed");
      await sleep(authPolicy.lockedAccountDelayMs);
      rules = signInRules(input.ip, input.email, true);
    }

    const fail = async (reason: string): Promise<SignInOutcome> => {
      logger.warn({ ip: input.ip, reason }, "admin sign-in failed");
      await recordFailure(db, rules, now);
      const locked = await lockedFor(db, rules, now);
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
    return (await hasTwoFactor(db, user.id)) ? { kind: "second-factor", cookies } : { kind: "signed-in", cookies };
  } catch (error) {
    logger.error({ err: error }, "admin sign-in error");
    return { kind: "error" };
  }
}

export type SecondFactorOutcome =
  { kind: "ok" } | { kind: "invalid" } | { kind: "reused" } | { kind: "locked"; retryMinutes: number };

/** Checks a TOTP or backup code for a half-signed-in session and, if right, raises it to aal2. */
export async function completeSecondFactor(input: {
  userId: string;
  token: string;
  code: string;
  secret: string;
  now?: Date;
}): Promise<SecondFactorOutcome> {
  const db = getDb();
  const now = input.now ?? new Date();
  const rules = userRules("second-factor", input.userId);
  const wait = await lockedFor(db, rules, now.getTime());
  if (wait > 0) return { kind: "locked", retryMinutes: retryMinutes(wait) };
  const result = await verifySecondFactor(db, input.secret, input.userId, input.code, now);
  if (result === "ok") {
    await clearFailures(db, rules);
    await elevateSession(input.token, now);
    return { kind: "ok" };
  }
  logger.warn({ userId: input.userId, result }, "second factor refused");
  if (await recordFailure(db, rules, now.getTime())) {
    // Locked: this half-finished sign-in ends; the next attempt starts from the password.
    await db.deleteFrom("auth_sessions").where("token", "=", input.token).execute();
    return { kind: "locked", retryMinutes: retryMinutes(await lockedFor(db, rules, now.getTime())) };
  }
  return { kind: result };
}
