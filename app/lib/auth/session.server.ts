import type { RouterContextProvider } from "react-router";
import type { DB } from "~/db/client.server";
import type { AssuranceLevel } from "~/db/schema";
import { requestInfoContext } from "~/lib/request-context";
import { getAuth, CLIENT_IP_HEADER } from "./auth.server";
import { authPolicy } from "./config";
import { hasTwoFactor } from "./two-factor.server";

// Who is making this request (spec §4 "Auth state"). The auth library finds the session behind the
// cookie and enforces its absolute 12-hour lifetime; here we add the 30-minute idle limit (last
// activity is written at most once a minute) and the second factor: a user with two-factor on
// whose session has not passed it (aal1) is only half signed in, and only for 10 minutes.

export interface SignedInUser {
  id: string;
  email: string;
}

export type AuthState =
  | { kind: "anonymous" }
  | { kind: "second-factor"; user: SignedInUser; token: string }
  | { kind: "signed-in"; user: SignedInUser; token: string; aal: AssuranceLevel; twoFactor: boolean };

/** Headers for auth-library calls from our actions: the request's, with the client address we trust. */
export function authHeaders(request: Request, context?: Readonly<RouterContextProvider>) {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  const ip = context?.get(requestInfoContext).clientIp;
  if (ip && ip !== "unknown") headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

async function endSession(db: DB, token: string) {
  await db.deleteFrom("auth_sessions").where("token", "=", token).execute();
}

export async function getAuthState(db: DB, request: Request, now = Date.now()): Promise<AuthState> {
  if (!request.headers.get("Cookie")) return { kind: "anonymous" };
  const auth = await getAuth();
  const found = await auth.api.getSession({
    headers: request.headers,
    query: { disableCookieCache: true, disableRefresh: true },
  });
  if (!found) return { kind: "anonymous" };
  const { session, user } = found;
  const lastActive = new Date(session.updatedAt).getTime();
  const created = new Date(session.createdAt).getTime();
  if (now - lastActive > authPolicy.idleMs || now - created > authPolicy.absoluteMs) {
    await endSession(db, session.token);
    return { kind: "anonymous" };
  }
  const twoFactor = await hasTwoFactor(db, user.id);
  const aal: AssuranceLevel = session.aal === "aal2" ? "aal2" : "aal1";
  const who = { id: user.id, email: user.email };
  if (twoFactor && aal !== "aal2") {
    if (now - created > authPolicy.secondFactorMs) {
      await endSession(db, session.token);
      return { kind: "anonymous" };
    }
    return { kind: "second-factor", user: who, token: session.token };
  }
  if (now - lastActive > authPolicy.touchEveryMs) {
    await db
      .updateTable("auth_sessions")
      .set({ updated_at: new Date(now).toISOString() })
      .where("token", "=", session.token)
      .execute();
  }
  return { kind: "signed-in", user: who, token: session.token, aal, twoFactor };
}

/** Marks the session as having passed the second factor (aal2). */
export async function elevateSession(db: DB, token: string, now = new Date()) {
  await db
    .updateTable("auth_sessions")
    .set({ aal: "aal2", updated_at: now.toISOString() })
    .where("token", "=", token)
    .execute();
}

/** Signs this session out on the server; returns the Set-Cookie values that clear the cookie. */
export async function signOut(request: Request): Promise<string[]> {
  const auth = await getAuth();
  try {
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return headers.getSetCookie();
  } catch {
    // No session (or already gone): still clear whatever cookie the browser holds.
    return clearSessionCookies();
  }
}

/** Set-Cookie values that expire the session cookie. */
export async function clearSessionCookies(): Promise<string[]> {
  const auth = await getAuth();
  const { authCookies } = await auth.$context;
  const { name, attributes } = authCookies.sessionToken;
  return [
    `${name}=; Path=${attributes.path ?? "/"}; Max-Age=0; HttpOnly; SameSite=Lax${attributes.secure ? "; Secure" : ""}`,
  ];
}

/** Ends every session of a user (sign out everywhere, password changes). */
export async function endAllSessions(db: DB, userId: string) {
  await db.deleteFrom("auth_sessions").where("user_id", "=", userId).execute();
}
