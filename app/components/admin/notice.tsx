import { useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "~/components/layout/use-hydrated";
import { toast, type ToastType } from "~/lib/toast";

// How the admin screens (sign-in included) tell the outcome of a form: a toast once the page is
// live (spec §2: toasts top right), a notice in the page without JavaScript.

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
 * The error toasts still shown for earlier answers (a refused form, a failed load). A later
 * success says they no longer hold, so it dismisses them (issue 48: a refused import's error
 * stayed beside the success of the import that followed).
 */
const earlierErrors = new Set<string>();

/**
 * Shows `message` as a toast once per new value. Returns whether the page must show it inline
 * instead: before hydration, i.e. without JavaScript. A new answer replaces this hook's earlier
 * error, and a success dismisses every earlier error.
 */
export function useToast(value: unknown, message: string | undefined, type: Exclude<ToastType, "loading"> = "error") {
  const hydrated = useHydrated();
  const shown = useRef<unknown>(undefined);
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!hydrated || !message || shown.current === value) return;
    shown.current = value;
    // This hook's earlier error (the same form refused before) gives way to its new answer.
    if (last.current && earlierErrors.delete(last.current)) toast.dismiss(last.current);
    if (type === "success") {
      for (const id of earlierErrors) toast.dismiss(id);
      earlierErrors.clear();
    }
    const id = type === "blank" ? toast(message) : toast[type](message);
    if (type === "error") earlierErrors.add(id);
    last.current = id;
  }, [hydrated, value, message, type]);
  return !hydrated;
}
