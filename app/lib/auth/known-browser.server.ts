import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "~/core/env.server";
import type { DB } from "~/db/client.server";
import { getAuth, getAuthSecret } from "./auth.server";
import { adminPaths, authPolicy } from "./config";

// Known browsers (issue 42, decision 015): a browser that has completed a sign-in to an account
// (password, and the second factor where it is on), or a password reset of it, carries a cookie
// naming it for that account: a random id signed with the auth secret. Failures it did not make
// never lock it out (lockout.server.ts counts its own apart), so an attacker who guesses at an
// account locks out only the browsers new to it. The cookie is no credential: the password, and
// the second factor, are still asked for.

const NAME = "gate.admin_browser";
/** A browser's id: 16 random bytes, base64url. */
const ID = /^[\w-]{22}$/;

const accountKey = (email: string) => email.trim().toLowerCase();

function signature(secret: string, id: string, email: string) {
  return createHmac("sha256", secret)
    .update(`admin-browser|${id}|${accountKey(email)}`)
    .digest("base64url");
}

function readCookie(headers: Headers): string | undefined {
  return (headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .find((part) => part.startsWith(`${NAME}=`))
    ?.slice(NAME.length + 1);
}

/** This browser's id if its cookie was made for `email`'s account, else null. */
export async function knownBrowser(headers: Headers, email: string): Promise<string | null> {
  const [id = "", signed = ""] = (readCookie(headers) ?? "").split(".");
  if (!ID.test(id)) return null;
  const expected = Buffer.from(signature(await getAuthSecret(), id, email));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** A cookie that makes this browser known to `email`'s account, with a new id (a new count). */
export async function knownBrowserCookie(email: string): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  const secure = env().NODE_ENV === "production" ? "; Secure" : "";
  const maxAge = authPolicy.knownBrowserMs / 1000;
  const value = `${id}.${signature(await getAuthSecret(), id, email)}`;
  return `${NAME}=${value}; Path=${adminPaths.home}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The e-mail of the account a reset token is for, while the token is valid: read before the reset
 * uses it up, so that the browser completing the reset becomes known to that account.
 */
export async function resetTokenAccount(db: DB, token: string): Promise<string | null> {
  const ctx = await (await getAuth()).$context;
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!found || found.expiresAt <= new Date()) return null;
  const user = await db.selectFrom("auth_users").select("email").where("id", "=", found.value).executeTakeFirst();
  return user?.email ?? null;
}
