import type { DB } from "~/db/client.server";
import { logger } from "~/core/logger.server";
import { countUsers, grantAdmin } from "./admins.server";
import type { Auth } from "./auth.server";
import { authPolicy } from "./config";
import { revokeResetTokens } from "./password-reset.server";

// Admins are made here, never by signing up (sign-up is off): by `npm run admin:create`, and
// outside production by the demo admin created on the first start of an empty database.

/** The command that makes the first admin, as a newcomer types it (README "Sign in"). */
export const FIRST_ADMIN_COMMAND = "npm run admin:create -- --email you@example.com";

/** The demo admin of a development database (README "Admin"). Never accepted in production. */
export const DEMO_ADMIN = { email: "admin@example.com", password: "demo-admin-password" } as const;

export function passwordProblem(password: string, production: boolean): string | null {
  if (password.length < authPolicy.passwordMin)
    return `The password needs at least ${authPolicy.passwordMin} characters.`;
  if (password.length > authPolicy.passwordMax)
    return `The password can have at most ${authPolicy.passwordMax} characters.`;
  if (production && password === DEMO_ADMIN.password) return "The demo password cannot be used in production.";
  return null;
}

/**
 * Creates the user with this e-mail and password, or, when the user exists, sets the password
 * (if one is given) and makes them an active admin. Returns whether the user was new.
 */
export async function createOrPromoteAdmin(
  auth: Auth,
  db: DB,
  { email, password, production }: { email: string; password?: string; production: boolean },
): Promise<{ userId: string; created: boolean }> {
  const ctx = await auth.$context;
  const address = email.trim().toLowerCase();
  if (password !== undefined) {
    const problem = passwordProblem(password, production);
    if (problem) throw new Error(problem);
  }
  const existing = await ctx.internalAdapter.findUserByEmail(address, { includeAccounts: true });
  let userId: string;
  let created = false;
  if (existing) {
    userId = existing.user.id;
    if (password !== undefined) {
      const hash = await ctx.password.hash(password);
      const credential = existing.accounts.find((a) => a.providerId === "credential");
      if (credential) await ctx.internalAdapter.updatePassword(userId, hash);
      else
        await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
      // A new password voids reset links e-mailed before it.
      await revokeResetTokens(db, userId);
    }
  } else {
    if (password === undefined) throw new Error("A new admin needs a password.");
    const user = await ctx.internalAdapter.createUser(
      {
        email: address,
        name: address.split("@")[0] ?? address,
        emailVerified: true,
      },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash(password),
    });
    userId = user.id;
    created = true;
  }
  await grantAdmin(db, userId);
  return { userId, created };
}

/** Outside production, an empty database gets the demo admin; its credentials are printed once. */
export async function ensureDemoAdmin(auth: Auth, db: DB, production: boolean) {
  if ((await countUsers(db)) > 0) return false;
  if (production) {
    // A production database gets no demo admin: say, at each start until there is one, how to make it.
    logger.warn(`no admin yet: create the first one with  ${FIRST_ADMIN_COMMAND}`);
    return false;
  }
  await createOrPromoteAdmin(auth, db, { ...DEMO_ADMIN, production });
  // In the message, not a field: the logger redacts fields named password.
  logger.warn(
    `demo admin created for this development database: sign in at /admin/login as ${DEMO_ADMIN.email} ` +
      `with the password ${DEMO_ADMIN.password} (never accepted in production)`,
  );
  return true;
}
