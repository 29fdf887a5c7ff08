import { isAPIError } from "better-auth/api";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthPage } from "~/components/admin/auth-page";
import { Notice, useToast } from "~/components/admin/notice";
import { textLink } from "~/components/admin/styles";
import { SubmitButton } from "~/components/forms/fields";
import { PasswordField } from "~/components/forms/password-field";
import { useSubmitting } from "~/components/forms/use-submitting";
import { getAuth } from "~/lib/auth/auth.server";
import { adminPaths } from "~/lib/auth/config";
import { flashCookie } from "~/lib/auth/flash.server";
import { knownBrowserCookie, resetTokenAccount } from "~/lib/auth/known-browser.server";
import { authMessages } from "~/lib/auth/messages";
import { ResetPasswordSchema, ResetTokenSchema } from "~/lib/auth/schemas";
import { formFailure, parseForm, readForm, SMALL_FORM_BYTES } from "~/lib/forms/read-form.server";
import { logger } from "~/core/logger.server";
import { wholeStylesheet } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";

// /admin/reset-password?token=…: the page the reset e-mail links to. The token works once and
// expires after an hour (the auth library consumes it atomically); a reset signs the account out
// everywhere, voids its other reset links and lifts its sign-in locks (afterPasswordReset, which
// the library calls), and the admin then signs in with the new password, from a browser now known
// to the account (decision 015): an attack going on cannot lock it out again.

const m = authMessages.reset;

// The admin renders much on the client at once: its pages carry the whole stylesheet.
export const handle = wholeStylesheet;

export const meta: Route.MetaFunction = () => [{ title: m.title }, { name: "robots", content: "noindex" }];

// Sign-in screens are never stored by a browser or proxy cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** Whether the token can still be used (the library keeps it hashed; it hashes before looking). */
async function tokenIsValid(token: string) {
  const auth = await getAuth();
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return !!found && found.expiresAt > new Date();
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: ResetTokenSchema.safeParse(token).success && (await tokenIsValid(token)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const form = await readForm(request, SMALL_FORM_BYTES);
  if (!form.ok) return formFailure(400, { formError: authMessages.unexpected });
  const parsed = parseForm(ResetPasswordSchema, form.values);
  if (!parsed.ok) {
    return formFailure(400, parsed.errors.token ? { formError: m.invalidToken } : { fieldErrors: parsed.errors });
  }
  // Read before the reset uses the token up: the browser completing it becomes known to the account.
  const account = await resetTokenAccount(db, parsed.data.token);
  try {
    const auth = await getAuth();
    await auth.api.resetPassword({ body: { token: parsed.data.token, newPassword: parsed.data.password } });
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 400) return formFailure(400, { formError: m.invalidToken });
    logger.error({ err: error }, "password reset failed");
    return formFailure(500, { formError: authMessages.unexpected });
  }
  logger.info("password reset: all sessions and reset links of the account revoked");
  const cookies = new Headers({ "Set-Cookie": flashCookie({ type: "success", message: m.done }) });
  if (account) cookies.append("Set-Cookie", await knownBrowserCookie(account));
  return redirect(adminPaths.login, { headers: cookies });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const inlineError = useToast(actionData, actionData?.formError);
  const errors = actionData?.fieldErrors ?? {};
  const invalid = !loaderData.valid || actionData?.formError === m.invalidToken;
  return (
    <AuthPage title={m.title} intro={invalid ? undefined : m.intro}>
      {invalid ? (
        <>
          <Notice tone="error">{m.invalidToken}</Notice>
          <p className="mt-6 text-sm">
            <Link to={adminPaths.forgotPassword} className={textLink}>
              {m.requestNew}
            </Link>
          </p>
        </>
      ) : (
        <Form method="post" className="space-y-4">
          {actionData?.formError && inlineError ? <Notice tone="error">{actionData.formError}</Notice> : null}
          <input type="hidden" name="token" value={loaderData.token} />
          <PasswordField name="password" label={m.password} autoComplete="new-password" error={errors.password} />
          <PasswordField name="confirm" label={m.confirm} autoComplete="new-password" error={errors.confirm} />
          <SubmitButton label={m.submit} pendingLabel={m.submitting} pending={submitting} width="full" />
        </Form>
      )}
    </AuthPage>
  );
}
