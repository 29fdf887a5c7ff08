import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/account";
import { AccountCard, AccountHeader } from "~/components/admin/account-page";
import { secondaryButton } from "~/components/admin/styles";
import { primaryButton, SubmitButton } from "~/components/forms/fields";
import { useSubmitting } from "~/components/forms/use-submitting";
import { adminPaths } from "~/lib/auth/config";
import { flashCookie } from "~/lib/auth/flash.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import { authMessages } from "~/lib/auth/messages";
import { revokeResetTokens } from "~/lib/auth/password-reset.server";
import { clearSessionCookies, endAllSessions } from "~/lib/auth/session.server";
import { getTwoFactorStatus } from "~/lib/auth/two-factor.server";
import { dbContext } from "~/lib/request-context";

// /admin/account: who is signed in, two-factor status, password change, and 'Sign out of all
// sessions', which deletes every session of the account on the server, this one included, and
// voids its outstanding reset links (whoever holds one could otherwise set a password and get in).

const m = authMessages.account;

export const meta: Route.MetaFunction = () => [{ title: `${m.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  const twoFactor = await getTwoFactorStatus(db, admin.userId);
  return { email: admin.email, twoFactor: twoFactor.enabled, backupCodesLeft: twoFactor.backupCodesLeft };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  await endAllSessions(db, admin.userId);
  await revokeResetTokens(db, admin.userId);
  const headers = new Headers();
  for (const cookie of await clearSessionCookies()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie({ type: "success", message: m.signedOutEverywhere }));
  return redirect(adminPaths.login, { headers });
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const t = authMessages.twoFactor;
  return (
    <div className="max-w-2xl space-y-6">
      <AccountHeader title={m.title}>
        {m.signedInAs} <strong className="break-all text-slate-900">{loaderData.email}</strong>
      </AccountHeader>

      <AccountCard
        id="two-factor"
        title={
          <>
            {m.twoFactor}: {loaderData.twoFactor ? m.twoFactorOn : m.twoFactorOff}
          </>
        }
        intro={loaderData.twoFactor ? t.backupLeft(loaderData.backupCodesLeft) : t.intro}
      >
        <Link to={adminPaths.twoFactor} className={`${primaryButton} mt-4`}>
          {m.manageTwoFactor}
        </Link>
      </AccountCard>

      <AccountCard id="password" title={m.changePassword} intro={authMessages.password.intro}>
        <Link to={adminPaths.password} className={`${secondaryButton} mt-4`}>
          {m.changePassword}
        </Link>
      </AccountCard>

      <AccountCard id="sessions" title={m.sessions} intro={m.sessionsIntro}>
        <Form method="post" className="mt-4">
          <SubmitButton
            look={secondaryButton}
            label={m.signOutEverywhere}
            pendingLabel={authMessages.shell.loading}
            pending={submitting}
          />
        </Form>
      </AccountCard>
    </div>
  );
}
