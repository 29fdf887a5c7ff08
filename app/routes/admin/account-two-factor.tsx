import { isAPIError } from "better-auth/api";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/account-two-factor";
import { CancelForm } from "~/components/admin/account-cancel-form";
import { AccountCard, AccountHeader, BackToAccount } from "~/components/admin/account-page";
import { Notice, useToast } from "~/components/admin/notice";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { PasswordField } from "~/components/forms/password-field";
import { useSubmitting } from "~/components/forms/use-submitting";
import { getAuth, getAuthSecret } from "~/lib/auth/auth.server";
import { adminPaths } from "~/lib/auth/config";
import { flashCookie } from "~/lib/auth/flash.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import { clearFailures, lockedFor, recordFailure, retryMinutes, userRules } from "~/lib/auth/lockout.server";
import { authMessages } from "~/lib/auth/messages";
import { qrSvgPath } from "~/lib/auth/qr.server";
import { CodeSchema, PasswordConfirmSchema } from "~/lib/auth/schemas";
import { authHeaders, elevateSession, getAuthState } from "~/lib/auth/session.server";
import { groupKey, otpauthUri } from "~/lib/auth/totp.server";
import { formFailure, parseForm, readForm, SMALL_FORM_BYTES } from "~/lib/forms/read-form.server";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  pendingSecret,
  regenerateBackupCodes,
  startEnrolment,
  verifySecondFactor,
} from "~/lib/auth/two-factor.server";
import { logger } from "~/core/logger.server";
import { getSiteSettings } from "~/lib/site/settings.server";
import { dbContext } from "~/lib/request-context";
import { HeadedSection } from "~/components/ui/headed-section";

// /admin/account/two-factor (issue #4): enrol an authenticator app with a QR code or the key
// typed by hand (after confirming the password), confirm with a first code, receive backup codes
// (shown once); later, new backup codes or turning it off, each with a current code.

const m = authMessages.twoFactor;

export const meta: Route.MetaFunction = () => [{ title: `${m.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  const status = await getTwoFactorStatus(db, admin.userId);
  const secret = status.pending ? await pendingSecret(db, await getAuthSecret(), admin.userId) : null;
  let enrolment = null;
  if (secret) {
    const issuer = (await getSiteSettings(db)).brandName;
    enrolment = { key: groupKey(secret), qr: qrSvgPath(otpauthUri({ secret, account: admin.email, issuer })) };
  }
  return { status, enrolment };
}

type Intent = "start" | "confirm" | "cancel" | "disable" | "regenerate";

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  const form = await readForm(request, SMALL_FORM_BYTES);
  if (!form.ok) return formFailure(400, { formError: authMessages.unexpected });
  const { values } = form;
  const intent = values.intent as Intent;
  const secret = await getAuthSecret();

  if (intent === "cancel") {
    await cancelEnrolment(db, admin.userId);
    return redirect(adminPaths.twoFactor);
  }

  if (intent === "start") {
    const parsed = parseForm(PasswordConfirmSchema, values);
    if (!parsed.ok) return formFailure(400, { fieldErrors: parsed.errors });
    const rules = userRules("password", admin.userId);
    const wait = await lockedFor(db, rules);
    if (wait > 0) return formFailure(429, { formError: authMessages.password.locked(retryMinutes(wait)) });
    try {
      const auth = await getAuth();
      await auth.api.verifyPassword({
        body: { password: parsed.data.current },
        headers: authHeaders(request, context),
      });
    } catch (error) {
      if (isAPIError(error) && error.statusCode === 400) {
        await recordFailure(db, rules);
        return formFailure(400, { fieldErrors: { current: m.wrongPassword } });
      }
      throw error;
    }
    await clearFailures(db, rules);
    await startEnrolment(db, secret, admin.userId);
    return redirect(adminPaths.twoFactor);
  }

  if (intent !== "confirm" && intent !== "disable" && intent !== "regenerate") {
    return formFailure(400, { formError: authMessages.unexpected });
  }
  const parsed = parseForm(CodeSchema, values);
  if (!parsed.ok) return formFailure(400, { fieldErrors: parsed.errors, values: { intent } });
  const rules = userRules("second-factor", admin.userId);
  const wait = await lockedFor(db, rules);
  if (wait > 0) return formFailure(429, { formError: m.locked(retryMinutes(wait)) });

  let backupCodes: string[] = [];
  let result: "ok" | "invalid" | "reused";
  if (intent === "confirm") {
    const confirmed = await confirmEnrolment(db, secret, admin.userId, parsed.data.code);
    result = confirmed.ok ? "ok" : confirmed.result;
    if (confirmed.ok) backupCodes = confirmed.backupCodes;
  } else {
    result = await verifySecondFactor(db, secret, admin.userId, parsed.data.code);
  }
  if (result !== "ok") {
    await recordFailure(db, rules);
    return formFailure(400, { fieldErrors: { code: result === "reused" ? m.reused : m.invalid }, values: { intent } });
  }
  await clearFailures(db, rules);

  if (intent === "disable") {
    await disableTwoFactor(db, admin.userId);
    logger.info({ userId: admin.userId }, "two-factor turned off");
    return redirect(adminPaths.account, {
      headers: { "Set-Cookie": flashCookie({ type: "success", message: m.disabled }) },
    });
  }
  if (intent === "confirm") {
    // This session has just passed the second factor (two-factor now being on, it reads as
    // half signed in until raised to aal2).
    const state = await getAuthState(db, request);
    if (state.kind !== "anonymous") await elevateSession(db, state.token);
    logger.info({ userId: admin.userId }, "two-factor turned on");
  } else {
    backupCodes = await regenerateBackupCodes(db, secret, admin.userId);
  }
  return data({ ok: true as const, backupCodes, message: intent === "confirm" ? m.enabled : m.regenerateTitle });
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <HeadedSection
      heading={m.backupTitle}
      headingClassName="text-lg font-semibold text-slate-900"
      intro={m.backupIntro}
      introClassName="mt-1 text-slate-700"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5"
    >
      <ul className="mt-4 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

function CodeForm({ intent, submit, error }: { intent: Intent; submit: string; error?: string }) {
  const submitting = useSubmitting(undefined, intent);
  return (
    <Form method="post" className="mt-4 space-y-4">
      <TextField name="code" label={m.code} autoComplete="one-time-code" maxLength={40} error={error} />
      <SubmitButton
        name="intent"
        value={intent}
        label={submit}
        pendingLabel={authMessages.shell.loading}
        pending={submitting}
      />
    </Form>
  );
}

export default function TwoFactorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { status, enrolment } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const done = actionData?.ok ? actionData : undefined;
  const inlineError = useToast(actionData, failed?.formError);
  const codeError = (intent: Intent) => (failed?.values.intent === intent ? failed.fieldErrors.code : undefined);
  const starting = useSubmitting(undefined, "start");

  return (
    <div className="max-w-2xl space-y-6">
      <AccountHeader title={m.title}>{m.intro}</AccountHeader>
      {failed?.formError && inlineError ? <Notice tone="error">{failed.formError}</Notice> : null}

      {done ? (
        <>
          <Notice tone="success">{done.message}</Notice>
          <BackupCodes codes={done.backupCodes} />
        </>
      ) : null}

      {!status.enabled && !enrolment ? (
        <AccountCard id="start" title={m.statusOff}>
          <Form method="post" className="mt-4 space-y-4">
            <PasswordField
              name="current"
              label={m.startPassword}
              autoComplete="current-password"
              error={failed?.fieldErrors.current}
            />
            <SubmitButton
              name="intent"
              value="start"
              label={m.start}
              pendingLabel={authMessages.shell.loading}
              pending={starting}
            />
          </Form>
        </AccountCard>
      ) : null}

      {enrolment ? (
        <AccountCard id="enrol" title={m.scan}>
          <svg
            role="img"
            aria-label={m.qrLabel}
            viewBox={`0 0 ${enrolment.qr.viewBox} ${enrolment.qr.viewBox}`}
            className="mt-4 size-52 bg-white"
            shapeRendering="crispEdges"
          >
            <path d={enrolment.qr.path} fill="#000" />
          </svg>
          <p className="mt-4 font-medium text-slate-900">{m.manual}</p>
          <p className="mt-1 font-mono text-lg tracking-wider break-all text-slate-900" data-testid="totp-key">
            {enrolment.key}
          </p>
          <h2 className="mt-6 text-lg font-semibold text-slate-900">{m.confirm}</h2>
          <CodeForm intent="confirm" submit={m.confirmSubmit} error={codeError("confirm")} />
          <CancelForm label={m.cancelSetup} className="mt-3" />
        </AccountCard>
      ) : null}

      {status.enabled ? (
        <>
          <AccountCard id="status" title={m.statusOn} intro={m.backupLeft(status.backupCodesLeft)} />
          <AccountCard id="regenerate" title={m.regenerateTitle} intro={m.regenerateIntro}>
            <CodeForm intent="regenerate" submit={m.regenerateSubmit} error={codeError("regenerate")} />
          </AccountCard>
          <AccountCard id="disable" title={m.disableTitle} intro={m.disableIntro}>
            <CodeForm intent="disable" submit={m.disableSubmit} error={codeError("disable")} />
          </AccountCard>
        </>
      ) : null}

      <BackToAccount className="text-sm" />
    </div>
  );
}
