import type { ReactNode } from "react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { sharedFormMessages } from "./shared-messages";
import { HONEYPOT_FIELD } from "./submission";
import type { FormStatus, VisitorForm } from "./use-visitor-form";

// The pieces every visitor form is built from: labelled fields with their errors, the honeypot,
// the privacy line, the result banner and the submit button.

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

function Label({ htmlFor, children, optional }: { htmlFor: string; children: ReactNode; optional?: string }) {
  return (
    <label htmlFor={htmlFor} className="font-medium text-slate-900">
      {children}
      {optional ? <span className="font-normal text-slate-600"> ({optional})</span> : null}
    </label>
  );
}

export function FieldError({ form, name }: { form: VisitorForm; name: string }) {
  const message = form.errors[name];
  if (!message) return null;
  return (
    <p id={form.errorId(name)} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

type InputProps = {
  form: VisitorForm;
  name: string;
  label: string;
  /** Shown after the label, e.g. "optional". */
  optional?: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal";
  maxLength?: number;
};

export function TextField({
  form,
  name,
  label,
  optional,
  type = "text",
  autoComplete,
  inputMode,
  maxLength,
}: InputProps) {
  const props = form.field(name);
  return (
    <div>
      <Label htmlFor={props.id} optional={optional}>
        {label}
      </Label>
      <input
        {...props}
        type={type}
        required={!optional}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        className={inputClass}
      />
      <FieldError form={form} name={name} />
    </div>
  );
}

export function TextAreaField({
  form,
  name,
  label,
  maxLength,
  rows = 4,
}: Omit<InputProps, "type" | "inputMode"> & { rows?: number }) {
  const props = form.field(name);
  return (
    <div>
      <Label htmlFor={props.id}>{label}</Label>
      <textarea {...props} required rows={rows} maxLength={maxLength} className={`${inputClass} resize-y`} />
      <FieldError form={form} name={name} />
    </div>
  );
}

/**
 * The trap for form-filling bots: a field people never see or reach. Anything typed in it gets
 * the submission refused (app/lib/public-form.server.ts).
 */
export function Honeypot() {
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
export function PrivacyNotice({ children }: { children: string }) {
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
    const lines = failureLines ?? [status.result.formError];
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

export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
