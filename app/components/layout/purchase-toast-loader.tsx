import { lazy, Suspense, useEffect, useState } from "react";
import { href } from "react-router";
import { whenIdle } from "~/lib/when-idle";
import type { PurchaseToastData, ToastEntry } from "~/lib/purchase-toast";

// The purchase toast shows nothing before its first toast is due (5 s after the page goes live),
// so its code is no part of the first load (issue 6): a little before, the entries are asked for
// (issue 25: worked out at that request, by today's date, never from a cached page), and only
// when there are some is the toast's code fetched; it keeps the original timing (PurchaseToast's
// `liveSince`). The dynamic import costs no preload helper (scripts/build-preload-helper.ts).
const PurchaseToast = lazy(() => import("./purchase-toast").then((m) => ({ default: m.PurchaseToast })));

/** When the entries are requested, after the page goes live; the first toast is due at 5 s. */
export const PURCHASE_TOAST_LOAD_MS = 3_000;

export function DeferredPurchaseToast() {
  const [due, setDue] = useState<{ liveSince: number; entries: ToastEntry[] } | null>(null);
  useEffect(() => {
    let live = true;
    let liveSince = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const request = () => {
      fetch(href("/api/purchase-toasts"))
        .then((response) => (response.ok ? (response.json() as Promise<PurchaseToastData>) : null))
        .then(
          (data) => {
            // With no entries, no toast (issue 25).
            if (live && data?.entries.length) setDue({ liveSince, entries: data.entries });
          },
          () => undefined,
        );
    };
    // The page counts as live from the browser's first idle moment after hydration (issue 28).
    const cancelIdle = whenIdle(() => {
      liveSince = Date.now();
      timer = setTimeout(request, PURCHASE_TOAST_LOAD_MS);
    });
    return () => {
      live = false;
      cancelIdle();
      clearTimeout(timer);
    };
  }, []);
  if (due === null) return null;
  return (
    <Suspense fallback={null}>
      <PurchaseToast liveSince={due.liveSince} entries={due.entries} />
    </Suspense>
  );
}
