import type { DB } from "~/db/client.server";
import { escapeHtml } from "~/core/html";
import { logger } from "~/core/logger.server";
import { enqueueEmail } from "~/db/queries/outbox.server";
import { pokeOutbox } from "~/lib/mail/outbox.server";
import { getSiteSettings } from "~/lib/site/settings.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { adminPaths, authPolicy } from "./config";
import { isActiveAdmin } from "./admins.server";
import { liftAccountLocks } from "./lockout.server";
import { authMessages } from "./messages";

// Password reset by e-mail (issue #4). The auth library makes a single-use token (stored hashed,
// valid for an hour) and calls sendPasswordResetEmail; the message goes through our outbox, so
// it is sent (and retried) by the worker like every other e-mail. The link points at our own
// reset page on the configured origin (SITE_URL), never one taken from a request (issue 22).

/** The reset page's URL for a token. */
export function resetLink(token: string) {
  const page = new URL(adminPaths.resetPassword, siteOrigin());
  page.searchParams.set("token", token);
  return page.href;
}

export async function sendPasswordResetEmail(
  db: DB,
  { user, token }: { user: { id: string; email: string }; token: string },
) {
  // Only staff sign in here; a reset for anyone else would be a way in that leads nowhere.
  if (!(await isActiveAdmin(db, user.id))) {
    logger.warn({ userId: user.id }, "password reset requested for a user who is not an active admin: not sent");
    return;
  }
  const settings = await getSiteSettings(db);
  const link = resetLink(token);
  const hours = authPolicy.resetTokenSeconds / 3600;
  const expiry = `The link works once and expires in ${hours} hour${hours === 1 ? "" : "s"}.`;
  const ignore = "If you did not ask for this, ignore this e-mail: your password stays as it is.";
  await enqueueEmail(db, {
    to: user.email,
    subject: authMessages.forgot.emailSubject(settings.brandName),
    text: `Someone asked to reset the password of the ${settings.brandName} admin account ${user.email}.\n\nChoose a new password here:\n${link}\n\n${expiry}\n${ignore}\n`,
    html:
      `<p>Someone asked to reset the password of the ${escapeHtml(settings.brandName)} admin account ${escapeHtml(user.email)}.</p>` +
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>` +
      `<p>${escapeHtml(expiry)}<br>${escapeHtml(ignore)}</p>`,
  });
  pokeOutbox();
}

/**
 * Voids every outstanding reset link of a user: after a reset, a password change or signing out
 * everywhere, a link e-mailed earlier must not set the password again. The library stores each
 * token as a row whose identifier is a hash of `reset-password:<token>` (so it cannot be told
 * apart by identifier) and whose value is the user id. With sign-up, e-mail verification and the
 * library's plugins off, reset tokens are the only rows holding a user id as their value.
 */
export async function revokeResetTokens(db: DB, userId: string) {
  await db.deleteFrom("auth_verifications").where("value", "=", userId).execute();
}

/** After a completed reset (the library's onPasswordReset): other links void, the account's locks lifted. */
export async function afterPasswordReset(db: DB, user: { id: string; email: string }) {
  await revokeResetTokens(db, user.id);
  await liftAccountLocks(db, user);
  logger.info({ userId: user.id }, "password reset: other reset links voided, account locks lifted");
}
