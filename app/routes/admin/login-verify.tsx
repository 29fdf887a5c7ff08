import { Form, redirect } from "react-router";
import type { Route } from "./+types/login-verify";
import { CancelForm } from "~/components/admin/account-cancel-form";
import { AuthPage } from "~/components/admin/auth-page";
import { Notice, useToast } from "~/components/admin/notice";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { useSubmitting } from "~/components/forms/use-submitting";
import { keptFormDestination } from "~/lib/admin/kept-forms.server";
import { getAuthSecret } from "~/lib/auth/auth.server";
import { adminPaths } from "~/lib/auth/config";
import { flashCookie } from "~/lib/auth/flash.server";
import { authMessages } from "~/lib/auth/messages";
import { CodeSchema } from "~/lib/auth/schemas";
import { getAuthState, signOut } from "~/lib/auth/session.server";
import { completeSecondFactor } from "~/lib/auth/sign-in.server";
import { formFailure, parseForm, readForm, SMALL_FORM_BYTES } from "~/lib/forms/read-form.server";
import { wholeStylesheet } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";
import type { DB } from "~/db/client.server";

// /admin/login/verify: the second step of signing in for an admin with two-factor on. Only a
// session that passed the password (and not yet the code) gets here; a right code raises it to
// aal2 (spec §4), a backup code works once, a code already used is refused. Then, like the login,
// to the page of a form kept when the session had ended (issue 48), or to /admin.

const m = authMessages.secondFactor;

// The admin renders much on the client at once: its pages carry the whole stylesheet.
export const handle = wholeStylesheet;

export const meta: Route.MetaFunction = () => [{ title: m.title }, { name: "robots", content: "noindex" }];

// Sign-in screens are never stored by a browser or proxy cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

async function pendingSession(db: DB, request: Request) {
  const state = await getAuthState(db, request);
  if (state.kind === "signed-in") throw redirect((await keptFormDestination(db, request)) ?? adminPaths.home);
  if (state.kind === "anonymous") throw redirect(adminPaths.login);
  return state;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await pendingSession(context.get(dbContext), request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const state = await pendingSession(db, request);
  const form = await readForm(request, SMALL_FORM_BYTES);
  if (!form.ok) return formFailure(400, { formError: m.invalid });
  const { values } = form;
  if (values.intent === "cancel") {
    const cookies = new Headers();
    for (const cookie of await signOut(request)) cookies.append("Set-Cookie", cookie);
    return redirect(adminPaths.login, { headers: cookies });
  }
  const parsed = parseForm(CodeSchema, values);
  if (!parsed.ok) return formFailure(400, { fieldErrors: parsed.errors });

  const outcome = await completeSecondFactor(db, {
    userId: state.user.id,
    email: state.user.email,
    token: state.token,
    code: parsed.data.code,
    secret: await getAuthSecret(),
  });
  switch (outcome.kind) {
    case "ok": {
      // The flash, and the cookie that makes this browser known to the account (decision 015).
      const cookies = new Headers({
        "Set-Cookie": flashCookie({ type: "success", message: authMessages.login.success }),
      });
      for (const cookie of outcome.cookies) cookies.append("Set-Cookie", cookie);
      return redirect((await keptFormDestination(db, request)) ?? adminPaths.home, { headers: cookies });
    }
    case "locked": {
      const cookies = new Headers({
        "Set-Cookie": flashCookie({ type: "error", message: m.locked(outcome.retryMinutes) }),
      });
      return redirect(adminPaths.login, { headers: cookies });
    }
    case "reused":
      return formFailure(401, { formError: m.reused });
    case "invalid":
      return formFailure(401, { formError: m.invalid });
  }
}

export default function VerifyCode({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting(undefined, "verify");
  const inlineError = useToast(actionData, actionData?.formError);
  return (
    <AuthPage title={m.title} intro={m.intro}>
      <Form method="post" className="space-y-4">
        {actionData?.formError && inlineError ? <Notice tone="error">{actionData.formError}</Notice> : null}
        <TextField
          name="code"
          label={m.code}
          hint={m.codeHint}
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={40}
          error={actionData?.fieldErrors.code}
        />
        <SubmitButton
          name="intent"
          value="verify"
          label={m.submit}
          pendingLabel={m.submitting}
          pending={submitting}
          width="full"
        />
      </Form>
      <CancelForm label={m.cancel} className="mt-4" />
    </AuthPage>
  );
}
