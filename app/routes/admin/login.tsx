import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/login";
import { AuthPage } from "~/components/admin/auth-page";
import { Notice, useToast } from "~/components/admin/notice";
import { textLink } from "~/components/admin/styles";
import { bindFields } from "~/components/forms/bind-fields";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { PasswordField } from "~/components/forms/password-field";
import { useSubmitting } from "~/components/forms/use-submitting";
import { env } from "~/core/env.server";
import { keptFormDestination } from "~/lib/admin/kept-forms.server";
import { unsavedWorkMessages } from "~/lib/admin/messages/unsaved-work";
import { adminPaths } from "~/lib/auth/config";
import { flashCookie, readFlash } from "~/lib/auth/flash.server";
import { getAdmin } from "~/lib/auth/guard.server";
import { authMessages } from "~/lib/auth/messages";
import { LoginSchema } from "~/lib/auth/schemas";
import { authHeaders } from "~/lib/auth/session.server";
import { signInAdmin } from "~/lib/auth/sign-in.server";
import { formFailure, keep, parseForm, readForm, SMALL_FORM_BYTES } from "~/lib/forms/read-form.server";
import { dbContext, requestInfoContext } from "~/lib/request-context";
import { wholeStylesheet } from "~/lib/route-handle";

// /admin/login (spec §2 Login, §5, §8). A real form posting to this route's action, so it works
// without JavaScript; with it, the outcome is also a toast. Success goes to /admin (or to the
// code page when the admin has two-factor on) carrying 'Login successful!'; when the session had
// ended under a form, to that form's page instead, where what was typed waits (issue 48).

const m = authMessages.login;

// The admin renders much on the client at once: its pages carry the whole stylesheet.
export const handle = wholeStylesheet;

export const meta: Route.MetaFunction = () => [{ title: m.title }, { name: "robots", content: "noindex" }];

// Sign-in screens are never stored by a browser or proxy cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const keptForm = await keptFormDestination(db, request);
  if (await getAdmin(db, request)) throw redirect(keptForm ?? adminPaths.home);
  const flash = readFlash(request);
  return data(
    { flash: flash?.toast ?? null, keptForm: keptForm !== null },
    flash ? { headers: { "Set-Cookie": flash.clear } } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const form = await readForm(request, SMALL_FORM_BYTES);
  if (!form.ok) return formFailure(400, { formError: m.error });
  const { values } = form;
  const parsed = parseForm(LoginSchema, values);
  if (!parsed.ok) return formFailure(400, { fieldErrors: parsed.errors, values: keep(values, "email") });

  const outcome = await signInAdmin(db, {
    email: parsed.data.email,
    password: parsed.data.password,
    ip: context.get(requestInfoContext).clientIp,
    headers: authHeaders(request, context),
    production: env().NODE_ENV === "production",
  });
  const kept = keep(values, "email");
  switch (outcome.kind) {
    case "invalid":
      return formFailure(401, { formError: m.invalid, values: kept });
    case "locked": {
      const message = outcome.newBrowser ? m.lockedNewBrowser : m.locked;
      return formFailure(429, { formError: message(outcome.retryMinutes), values: kept });
    }
    case "error":
      return formFailure(500, { formError: m.error, values: kept });
    case "second-factor":
    case "signed-in": {
      const cookies = new Headers();
      for (const cookie of outcome.cookies) cookies.append("Set-Cookie", cookie);
      if (outcome.kind === "second-factor") return redirect(adminPaths.secondFactor, { headers: cookies });
      cookies.append("Set-Cookie", flashCookie({ type: "success", message: m.success }));
      return redirect((await keptFormDestination(db, request)) ?? adminPaths.home, { headers: cookies });
    }
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const field = bindFields(actionData?.values, actionData?.fieldErrors);
  const flash = loaderData.flash;
  const inlineError = useToast(actionData, actionData?.formError);
  const inlineFlash = useToast(flash, flash?.message, flash?.type ?? "success");

  return (
    <AuthPage title={m.title} intro={m.intro}>
      <Form method="post" className="space-y-4">
        {flash && inlineFlash ? (
          <Notice tone={flash.type === "error" ? "error" : "success"}>{flash.message}</Notice>
        ) : null}
        {actionData?.formError && inlineError ? <Notice tone="error">{actionData.formError}</Notice> : null}
        {loaderData.keptForm ? <Notice tone="info">{unsavedWorkMessages.keptAtSignIn}</Notice> : null}
        <TextField {...field("email")} type="email" label={m.email} autoComplete="username" maxLength={254} />
        <PasswordField
          name="password"
          label={m.password}
          autoComplete="current-password"
          error={actionData?.fieldErrors.password}
        />
        <SubmitButton label={m.submit} pendingLabel={m.submitting} pending={submitting} width="full" />
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link to="/" className={textLink}>
          {m.backToHome}
        </Link>
        <Link to={adminPaths.forgotPassword} className={textLink}>
          {m.forgotPassword}
        </Link>
      </div>
    </AuthPage>
  );
}
