import { Form, redirect } from "react-router";
import type { Route } from "./+types/login-verify";
import { AuthPage, Notice, SubmitButton, TextInput, useSubmitting, useToast } from "~/components/admin/auth-ui";
import { getAuthSecret } from "~/lib/auth/auth.server";
import { adminPaths } from "~/lib/auth/config";
import { flashCookie } from "~/lib/auth/flash.server";
import { failure, parse, readForm } from "~/lib/auth/forms.server";
import { authMessages } from "~/lib/auth/messages";
import { CodeSchema } from "~/lib/auth/schemas";
import { getAuthState, signOut } from "~/lib/auth/session.server";
import { completeSecondFactor } from "~/lib/auth/sign-in.server";

// /admin/login/verify: the second step of signing in for an admin with two-factor on. Only a
// session that passed the password (and not yet the code) gets here; a right code raises it to
// aal2 (spec §4), a backup code works once, a code already used is refused.

const m = authMessages.secondFactor;

export const meta: Route.MetaFunction = () => [{ title: m.title }, { name: "robots", content: "noindex" }];

// Sign-in screens are never stored by a browser or proxy cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

async function pendingSession(request: Request) {
  const state = await getAuthState(request);
  if (state.kind === "signed-in") throw redirect(adminPaths.home);
  if (state.kind === "anonymous") throw redirect(adminPaths.login);
  return state;
}

export async function loader({ request }: Route.LoaderArgs) {
  await pendingSession(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const state = await pendingSession(request);
  const values = await readForm(request);
  if (!values) return failure(400, m.invalid);
  if (values.intent === "cancel") {
    const cookies = new Headers();
    for (const cookie of await signOut(request)) cookies.append("Set-Cookie", cookie);
    return redirect(adminPaths.login, { headers: cookies });
  }
  const parsed = parse(CodeSchema, values);
  if (!parsed.ok) return failure(400, undefined, {}, parsed.errors);

  const outcome = await completeSecondFactor({
    userId: state.user.id,
    token: state.token,
    code: parsed.data.code,
    secret: await getAuthSecret(),
  });
  switch (outcome.kind) {
    case "ok":
      return redirect(adminPaths.home, {
        headers: { "Set-Cookie": flashCookie({ type: "success", message: authMessages.login.success }) },
      });
    case "locked": {
      const cookies = new Headers({
        "Set-Cookie": flashCookie({ type: "error", message: m.locked(outcome.retryMinutes) }),
      });
      return redirect(adminPaths.login, { headers: cookies });
    }
    case "reused":
      return failure(401, m.reused);
    case "invalid":
      return failure(401, m.invalid);
  }
}

export default function VerifyCode({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting(undefined, "verify");
  const inlineError = useToast(actionData, actionData?.formError);
  return (
    <AuthPage title={m.title} intro={m.intro}>
      <Form method="post" className="space-y-4">
        {actionData?.formError && inlineError ? <Notice tone="error">{actionData.formError}</Notice> : null}
        <TextInput
          name="code"
          label={m.code}
          hint={m.codeHint}
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={40}
          error={actionData?.fieldErrors.code}
        />
        <SubmitButton name="intent" value="verify" label={m.submit} pendingLabel={m.submitting} pending={submitting} />
      </Form>
      <Form method="post" className="mt-4">
        <button type="submit" name="intent" value="cancel" className="text-sm font-medium text-brand-700 underline">
          {m.cancel}
        </button>
      </Form>
    </AuthPage>
  );
}
