import { href, Link } from "react-router";
import { HONEYPOT_FIELD } from "~/lib/forms/submission";
import { SubmitButton } from "./fields";
import { sharedFormMessages } from "./shared-messages";
import type { FormStatus } from "./use-visitor-form";

// What the visitor forms add to the kit's fields: the banner that shows the outcome of a
// submission in the page, and the end of every form (the honeypot, the privacy line, the button).

/**
 * The trap for form-filling bots: a field people never see or reach. Anything typed in it gets
 * the submission refused (app/lib/forms/public-form.server.ts).
 */
function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** One line on what is stored and why, with the link to the full notice (DPDP Act 2023). */
function PrivacyNotice({ children }: { children: string }) {
  return (
    <p className="text-sm text-slate-600">
      {children}{" "}
      <Link to={href("/privacy")} className="font-medium text-brand-700 underline hover:text-brand-800">
        {sharedFormMessages.privacyLink}
      </Link>
    </p>
  );
}

/** The outcome of the last submission, for the page itself (toasts only exist with JavaScript). */
export function FormStatusBanner({ status, failureLines }: { status: FormStatus; failureLines?: string[] }) {
  if (status.kind === "success") {
    return (
      <output className="block rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 font-medium text-emerald-800">
        {status.message}
      </output>
    );
  }
  if (status.kind === "failure") {
    const lines = failureLines ?? [status.result.formError ?? ""];
    return (
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
      >
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    );
  }
  return null;
}

/** The end of every visitor form: the honeypot, the privacy line and the submit button. */
export function FormEnd({
  pending,
  messages,
}: {
  pending: boolean;
  /** The form's own strings: what is stored and why, the button's label and its busy label. */
  messages: { privacy: string; submit: string; submitting: string };
}) {
  return (
    <>
      <Honeypot />
      <PrivacyNotice>{messages.privacy}</PrivacyNotice>
      <SubmitButton
        pending={pending}
        label={messages.submit}
        pendingLabel={messages.submitting}
        width="full-on-phones"
      />
    </>
  );
}
