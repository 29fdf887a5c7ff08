import { data, Form, Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthPage } from "~/components/admin/auth-page";
import { Notice, useToast } from "~/components/admin/notice";
import { textLink } from "~/components/admin/styles";
import { bindFields } from "~/components/forms/bind-fields";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { useSubmitting } from "~/components/forms/use-submitting";
import { getAuth } from "~/lib/auth/auth.server";
import { adminPaths } from "~/lib/auth/config";
import { authMessages } from "~/lib/auth/messages";
import { ForgotPasswordSchema } from "~/lib/auth/schemas";
import { authHeaders } from "~/lib/auth/session.server";
import { formFailure, keep, parseForm, readForm, SMALL_FORM_BYTES } from "~/lib/forms/read-form.server";
import { logger } from "~/core/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { dbContext, requestInfoContext } from "~/lib/request-context";
import { siteUrl } from "~/lib/site-origin.server";
import { wholeStylesheet } from "~/lib/route-handle";

// /admin/forgot-password: asks for a reset link by e-mail. The answer is the same whether or not
// the address belongs to an admin, so the page reveals nothing; requests are limited per address
// and per e-mail so it cannot be used to flood a mailbox.

const m = authMessages.forgot;
const WINDOW_MS = 15 * 60_000;

// The admin renders much on the client at once: its pages carry the whole stylesheet.
export const handle = wholeStylesheet;

export const meta: Route.MetaFunction = () => [{ title: m.title }, { name: "robots", content: "noindex" }];

// Sign-in screens are never stored by a browser or proxy cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const form = await readForm(request, SMALL_FORM_BYTES);
  if (!form.ok) return formFailure(400, { formError: authMessages.unexpected });
  const parsed = parseForm(ForgotPasswordSchema, form.values);
  if (!parsed.ok) return formFailure(400, { fieldErrors: parsed.errors, values: keep(form.values, "email") });
  const email = parsed.data.email.toLowerCase();

  const ip = context.get(requestInfoContext).clientIp;
  for (const [bucket, key, limit] of [
    ["reset-request:ip", ip, 10],
    ["reset-request:email", email, 3],
  ] as const) {
    const hit = await hitRateLimit(db, bucket, key, { limit, windowMs: WINDOW_MS });
    if (!hit.allowed) {
      const minutes = Math.max(1, Math.ceil(hit.retryAfterMs / 60_000));
      return formFailure(429, { formError: m.rateLimited(minutes), values: { email } });
    }
  }

  try {
    const auth = await getAuth();
    await auth.api.requestPasswordReset({
      // The link's origin is the configured one, never the request's Host (issue 22).
      body: { email, redirectTo: siteUrl(adminPaths.resetPassword) },
      headers: authHeaders(request, context),
    });
  } catch (error) {
    logger.error({ err: error }, "password reset request failed");
    return formFailure(500, { formError: authMessages.unexpected, values: { email } });
  }
  return data({ ok: true as const, message: m.sent });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const inlineError = useToast(actionData, failed?.formError);
  const field = bindFields(failed?.values, failed?.fieldErrors);
  return (
    <AuthPage title={m.title} intro={m.intro}>
      {actionData?.ok ? (
        <Notice tone="success">{actionData.message}</Notice>
      ) : (
        <Form method="post" className="space-y-4">
          {failed?.formError && inlineError ? <Notice tone="error">{failed.formError}</Notice> : null}
          <TextField {...field("email")} type="email" label={m.email} autoComplete="username" maxLength={254} />
          <SubmitButton label={m.submit} pendingLabel={m.submitting} pending={submitting} width="full" />
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to={adminPaths.login} className={textLink}>
          {m.backToLogin}
        </Link>
      </p>
    </AuthPage>
  );
}
