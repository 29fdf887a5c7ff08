import { useMemo, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { KeptForm } from "~/lib/admin/kept-forms";
import type { FormFailure } from "~/lib/forms/submission";

// Issue 48: a form posted after the session ended comes back, once the admin has signed in, on
// the page it was on (the admin layout's loader takes it: ~/lib/admin/kept-forms.server.ts). The
// managers already fill a form in again from a refused POST's values, with and without
// JavaScript; a kept form is handed to them the same way, as a refusal with no message, so each
// form opens (add or edit, the item in its URL) with what was typed. Which refusal is a kept form
// is remembered here, for the form's notice (./unsaved-work.tsx).

const keptFailures = new WeakMap<FormFailure, KeptForm>();

/** The kept form behind this refusal, if it is one. */
export function keptFormOf(failure: FormFailure | undefined): KeptForm | undefined {
  return failure ? keptFailures.get(failure) : undefined;
}

/**
 * The kept form of this page as a refusal, or undefined. It stays for the location it arrived on,
 * though a later load of the layout (a revalidation) no longer carries it: it is given out once.
 */
export function useKeptFailure(): FormFailure | undefined {
  const layout = useRouteLoaderData("routes/admin/layout") as { keptForm?: KeptForm | null } | undefined;
  const { key } = useLocation();
  const arrived = layout?.keptForm ?? null;
  const [held, setHeld] = useState<{ kept: KeptForm; at: string } | null>(arrived ? { kept: arrived, at: key } : null);
  // React's pattern for state derived from the previous render (as useAnswerHere does).
  if (arrived && held?.kept !== arrived) setHeld({ kept: arrived, at: key });
  const kept = arrived ?? (held && held.at === key ? held.kept : null);
  return useMemo(() => {
    if (!kept) return undefined;
    const failure: FormFailure = { ok: false, fieldErrors: {}, values: kept.values };
    keptFailures.set(failure, kept);
    return failure;
  }, [kept]);
}
