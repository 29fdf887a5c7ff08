import { data, Form, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/login";
import {
  AuthPage,
  Notice,
  PasswordInput,
  SubmitButton,
  TextInput,
  textLink,
  useSubmitting,
  useToast,
} from "~/components/admin/auth-ui";
import { adminPaths } from "~/lib/auth/config";
import { flashCookie, readFlash } from "~/lib/auth/flash.server";
import { failure, keep, parse, readForm } from "~/lib/auth/forms.server";
import { getAdmin } from "~/lib/auth/guard.server";
import { authMessages } from "~/lib/auth/messages";
import { LoginSchema } from "~/lib/auth/schemas";
import { authHeaders } from "~/lib/auth/session.server";
import { signInAdmin } from "~/lib/auth/sign-in.server";
import { requestInfoContext } from "~/lib/request-context";

// /admin/login (spec §2 Login, §5, §8). A real form posting to this route's action, so it works
// without JavaScript; with it, the outcome is also a toast. Success goes to /admin (or to the
// code page when the admin has two-factor on) carrying 'Login successful!'.

const m = authMessages.login;

export const meta: Route.MetaFunction = () => [{ title: m.title }, { name: "robots", content: "noindex" }];

// Sign-in screens are never stored by a browser or proxy cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdmin(request)) throw redirect(adminPaths.home);
  const flash = readFlash(request);
  return data({ flash: flash?.toast ?? null }, flash ? { headers: { "Set-Cookie": flash.clear } } : undefined);
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readForm(request);
  if (!values) return failure(400, m.error);
  const parsed = parse(LoginSchema, values);
  if (!parsed.ok) return failure(400, undefined, keep(values, "email"), parsed.errors);

  const outcome = await signInAdmin({
    email: parsed.data.email,
    password: parsed.data.password,
    ip: context.get(requestInfoContext).clientIp,
    headers: authHeaders(request, context),
    production: process.env.NODE_ENV === "production",
  });
  const kept = keep(values, "email");
  switch (outcome.kind) {
    case "invalid":
      return failure(401, m.invalid, kept);
    case "locked":
      return failure(429, m.locked(outcome.retryMinutes), kept);
    case "error":
      return failure(500, m.error, kept);
    case "second-factor":
    case "signed-in": {
      const cookies = new Headers();
      for (const cookie of outcome.cookies) cookies.append("Set-Cookie", cookie);
      if (outcome.kind === "second-factor") return redirect(adminPaths.secondFactor, { headers: cookies });
      cookies.append("Set-Cookie", flashCookie({ type: "success", message: m.success }));
      return redirect(adminPaths.home, { headers: cookies });
    }
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const errors = actionData?.fieldErrors ?? {};
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
        <TextInput
          name="email"
          type="email"
          label={m.email}
          autoComplete="username"
          maxLength={254}
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <PasswordInput name="password" label={m.password} autoComplete="current-password" error={errors.password} />
        <SubmitButton label={m.submit} pendingLabel={m.submitting} pending={submitting} />
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
