import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { useHydrated } from "~/components/layout/use-hydrated";
import { authMessages } from "~/lib/auth/messages";
import { toast, type ToastType } from "~/lib/toast";
import { useSiteSettings } from "~/root";
import { Toaster } from "~/components/ui/toaster";

// The building blocks of the sign-in screens: a centred card, labelled fields with their errors
// (aria-invalid / aria-describedby), a password field with a show/hide toggle, and a submit
// button that reads e.g. 'Signing in...' while its form is being sent. Every form is a real
// <form method="post">, so each screen works without JavaScript.

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

export const primaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70";

export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-70";

export const textLink = "font-medium text-brand-700 underline hover:text-brand-800";

export function AuthPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const brand = useSiteSettings().brandName;
  return (
    <>
      <main id="main" className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {brand ? <p className="text-sm font-semibold tracking-wide text-brand-700">{brand}</p> : null}
          <h1 className="mt-1 text-2xl font-bold text-slate-900">{title}</h1>
          {intro ? <p className="mt-2 text-slate-600">{intro}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <Toaster />
    </>
  );
}

interface FieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
  autoComplete?: string;
  required?: boolean;
}

function useFieldIds(name: string, error?: string, hint?: string) {
  const id = `${useId()}-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { id, describedBy: describedBy || undefined };
}

function Hint({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
      {text}
    </p>
  ) : null;
}

function FieldErrorText({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {text}
    </p>
  ) : null;
}

export function TextInput({
  type = "text",
  inputMode,
  maxLength,
  ...props
}: FieldProps & { type?: "text" | "email"; inputMode?: "text" | "numeric" | "email"; maxLength?: number }) {
  const { id, describedBy } = useFieldIds(props.name, props.error, props.hint);
  return (
    <div>
      <label htmlFor={id} className="font-medium text-slate-900">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={type}
        inputMode={inputMode}
        maxLength={maxLength}
        required={props.required ?? true}
        defaultValue={props.defaultValue}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      />
      <Hint id={id} text={props.hint} />
      <FieldErrorText id={id} text={props.error} />
    </div>
  );
}

/** A password field; once the page is live, a button shows or hides what was typed. */
export function PasswordInput(props: FieldProps & { autoComplete: "current-password" | "new-password" }) {
  const { id, describedBy } = useFieldIds(props.name, props.error, props.hint);
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="font-medium text-slate-900">
        {props.label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={props.name}
          type={visible ? "text" : "password"}
          required={props.required ?? true}
          autoComplete={props.autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${hydrated ? "pr-20" : ""}`}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-controls={id}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 my-1 mr-1 rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <span aria-hidden="true">{visible ? "Hide" : "Show"}</span>
            <span className="sr-only">
              {visible ? authMessages.login.hidePassword : authMessages.login.showPassword}
            </span>
          </button>
        ) : null}
      </div>
      <Hint id={id} text={props.hint} />
      <FieldErrorText id={id} text={props.error} />
    </div>
  );
}

/** True while a form posting to `action` (default: this page) is being sent. */
export function useSubmitting(action?: string, intent?: string) {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  if (action && navigation.formAction !== action) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}

export function SubmitButton({
  label,
  pendingLabel,
  pending,
  name,
  value,
  variant = "primary",
  full = true,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  name?: string;
  value?: string;
  variant?: "primary" | "secondary";
  full?: boolean;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      className={`${variant === "primary" ? primaryButton : secondaryButton} ${full ? "w-full" : ""}`}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

/** A message in the page itself: always for successes, and for errors when toasts are unavailable. */
export function Notice({ tone, children }: { tone: "error" | "success" | "info"; children: ReactNode }) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-emerald-200 bg-emerald-50 text-emerald-800",
    info: "border-brand-100 bg-brand-50 text-slate-800",
  } as const;
  const className = `rounded-lg border px-3 py-2 text-sm font-medium ${styles[tone]}`;
  return tone === "error" ? (
    <div role="alert" className={className}>
      {children}
    </div>
  ) : (
    <output className={`block ${className}`}>{children}</output>
  );
}

/**
 * Shows `message` as a toast once per new value (spec §2: toasts top right). Returns whether the
 * page must show it inline instead: before hydration, i.e. without JavaScript.
 */
export function useToast(value: unknown, message: string | undefined, type: Exclude<ToastType, "loading"> = "error") {
  const hydrated = useHydrated();
  const shown = useRef<unknown>(undefined);
  useEffect(() => {
    if (!hydrated || !message || shown.current === value) return;
    shown.current = value;
    if (type === "blank") toast(message);
    else toast[type](message);
  }, [hydrated, value, message, type]);
  return !hydrated;
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={textLink}>
      {children}
    </Link>
  );
}
