import type { DB } from "~/db/client.server";
import { escapeHtml } from "~/lib/html";
import { logger } from "~/lib/logger.server";
import { enqueueEmail, pokeOutbox } from "~/lib/outbox.server";
import { getSiteSettings } from "~/lib/settings.server";
import { adminPaths, authPolicy } from "./config";
import { isActiveAdmin } from "./admins.server";
import { authMessages } from "./messages";

// Password reset by e-mail (issue #4). The auth library makes a single-use token (stored hashed,
// valid for an hour) and calls sendPasswordResetEmail; the message goes through our outbox, so
// it is sent (and retried) by the worker like every other e-mail. The link points at our own
// reset page on the site's origin, which the requesting action passes in as `redirectTo`.

/** The reset page's URL for a token: the origin comes from the `callbackURL` the library built. */
export function resetLink(libraryUrl: string, token: string) {
  const callback = new URL(libraryUrl, "http://localhost").searchParams.get("callbackURL");
  const page = new URL(callback || adminPaths.resetPassword, "http://localhost");
  page.pathname = adminPaths.resetPassword;
  page.search = "";
  page.searchParams.set("token", token);
  return page.href;
}

export async function sendPasswordResetEmail(
  db: DB,
  { user, url, token }: { user: { id: string; email: string }; url: string; token: string },
) {
  // Only staff sign in here; a reset for anyone else would be a way in that leads nowhere.
  if (!(await isActiveAdmin(db, user.id))) {
    logger.warn({ userId: user.id }, "password reset requested for a user who is not an active admin: not sent");
    return;
  }
  const settings = await getSiteSettings(db);
  const link = resetLink(url, token);
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
