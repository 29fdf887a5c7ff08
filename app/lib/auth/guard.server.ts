import { data, replace } from "react-router";
import type { DB } from "~/db/client.server";
import type { AssuranceLevel } from "~/db/schema";
import { logger } from "~/core/logger.server";
import { keepPostedForm } from "~/lib/admin/kept-forms.server";
import { isActiveAdmin } from "./admins.server";
import { ACCESS_DENIED_STATUS, adminPaths } from "./config";
import { getAuthState } from "./session.server";

// The one guard every admin loader and action calls before it reads or writes admin data
// (DESIGN §1, STYLE §1–2). A test enumerates the admin route modules and proves each refuses
// anonymous and non-admin requests (tests/integration/auth-matrix.test.ts).

/** The signed-in admin. Carries no session token: loaders may pass it to the page. */
export interface AdminUser {
  userId: string;
  email: string;
  aal: AssuranceLevel;
  twoFactor: boolean;
}

/** The admin making this request, or null (anonymous, half signed in, or not an admin). */
export async function getAdmin(db: DB, request: Request): Promise<AdminUser | null> {
  const state = await getAuthState(db, request);
  if (state.kind !== "signed-in") return null;
  if (!(await isActiveAdmin(db, state.user.id))) return null;
  return { userId: state.user.id, email: state.user.email, aal: state.aal, twoFactor: state.twoFactor };
}

/**
 * Throws unless an admin makes this request (spec §4 "Guarded admin route", §6): anonymous →
 * redirect to the login page, replacing the history entry; password given but not the second
 * factor → the code page; signed in without an active admin profile → 403, which the admin
 * layout shows as 'Access Denied'. A form posted without a session is kept first, and signing in
 * leads back to it (issue 48, ~/lib/admin/kept-forms.server.ts).
 */
export async function requireAdmin(db: DB, request: Request): Promise<AdminUser> {
  const state = await getAuthState(db, request);
  if (state.kind === "anonymous" || state.kind === "second-factor") {
    // A form posted after the session ended is kept, and signing in goes back to it (issue 48).
    const kept = await keepPostedForm(db, request);
    const to = state.kind === "anonymous" ? adminPaths.login : adminPaths.secondFactor;
    throw replace(to, kept ? { headers: { "Set-Cookie": kept } } : undefined);
  }
  if (!(await isActiveAdmin(db, state.user.id))) {
    logger.warn(
      { userId: state.user.id, method: request.method, path: new URL(request.url).pathname },
      "admin area refused: not an active admin",
    );
    throw data({ accessDenied: true }, { status: ACCESS_DENIED_STATUS });
  }
  return { userId: state.user.id, email: state.user.email, aal: state.aal, twoFactor: state.twoFactor };
}
