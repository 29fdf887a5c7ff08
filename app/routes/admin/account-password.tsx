import { isAPIError } from "better-auth/api";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/account-password";
import { BackToAccount } from "~/components/admin/account-page";
import { Notice, useToast } from "~/components/admin/notice";
import { SubmitButton } from "~/components/forms/fields";
import { PasswordField } from "~/components/forms/password-field";
import { useSubmitting } from "~/components/forms/use-submitting";
import { getAuth } from "~/lib/auth/auth.server";
import { adminPaths } from "~/lib/auth/config";
import { flashCookie } from "~/lib/auth/flash.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import { clearFailures, lockedFor, recordFailure, retryMinutes, userRules } from "~/lib/auth/lockout.server";
import { authMessages } from "~/lib/auth/messages";
import { revokeResetTokens } from "~/lib/auth/password-reset.server";
import { ChangePasswordSchema } from "~/lib/auth/schemas";
import { authHeaders, elevateSession } from "~/lib/auth/session.server";
import { formFailure, parseForm, readForm, SMALL_FORM_BYTES } from "~/lib/forms/read-form.server";
import { logger } from "~/core/logger.server";
import { dbContext } from "~/lib/request-context";

// /admin/account/password: change the password, which needs the current one. Every other
// session of the account is signed out and every reset link e-mailed before voided; this one
// continues under a new session token (keeping its second-factor assurance).

const m = authMessages.password;

export const meta: Route.MetaFunction = () => [{ title: `${m.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  const form = await readForm(request, SMALL_FORM_BYTES);
  if (!form.ok) return formFailure(400, { formError: authMessages.unexpected });
  const parsed = parseForm(ChangePasswordSchema, form.values);
  if (!parsed.ok) return formFailure(400, { fieldErrors: parsed.errors });

  const rules = userRules("password", admin.userId);
  const wait = await lockedFor(db, rules);
  if (wait > 0) return formFailure(429, { formError: m.locked(retryMinutes(wait)) });

  const auth = await getAuth();
  let changed;
  try {
    changed = await auth.api.changePassword({
      body: { currentPassword: parsed.data.current, newPassword: parsed.data.password, revokeOtherSessions: true },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "INVALID_PASSWORD") {
      await recordFailure(db, rules);
      return formFailure(400, { fieldErrors: { current: m.wrongCurrent } });
    }
    logger.error({ err: error }, "password change failed");
    return formFailure(500, { formError: authMessages.unexpected });
  }
  await clearFailures(db, rules);
  await revokeResetTokens(db, admin.userId);
  const token = changed.response.token;
  if (token && admin.aal === "aal2") await elevateSession(db, token);
  logger.info({ userId: admin.userId }, "password changed; other sessions and reset links revoked");
  const headers = new Headers();
  for (const cookie of changed.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie({ type: "success", message: m.done }));
  return redirect(adminPaths.account, { headers });
}

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const inlineError = useToast(actionData, actionData?.formError);
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="max-w-md">
      <h1 className="text-2xl font-bold text-slate-900">{m.title}</h1>
      <p className="mt-1 text-slate-600">{m.intro}</p>
      <Form method="post" className="mt-6 space-y-4">
        {actionData?.formError && inlineError ? <Notice tone="error">{actionData.formError}</Notice> : null}
        <PasswordField name="current" label={m.current} autoComplete="current-password" error={errors.current} />
        <PasswordField
          name="password"
          label={m.next}
          hint={m.hint}
          autoComplete="new-password"
          error={errors.password}
        />
        <PasswordField name="confirm" label={m.confirm} autoComplete="new-password" error={errors.confirm} />
        <SubmitButton label={m.submit} pendingLabel={m.submitting} pending={submitting} width="full" />
      </Form>
      <BackToAccount className="mt-6 text-sm" />
    </div>
  );
}
