import { lazy, Suspense, useEffect, useState } from "react";

// The purchase toast shows nothing before its first toast is due (5 s after the page goes live),
// so its code and sample buyers are no part of the first load (issue 6): they are fetched a
// little before, and the toast keeps the original timing (PurchaseToast's `liveSince`). The
// dynamic import costs no preload helper (scripts/build-preload-helper.ts).
const PurchaseToast = lazy(() => import("./purchase-toast").then((m) => ({ default: m.PurchaseToast })));

/** When the toast's code is requested, after the page goes live; its first toast is due at 5 s. */
export const PURCHASE_TOAST_LOAD_MS = 3_000;

export function DeferredPurchaseToast() {
  const [liveSince, setLiveSince] = useState<number | null>(null);
  useEffect(() => {
    const since = Date.now();
    const timer = setTimeout(() => setLiveSince(since), PURCHASE_TOAST_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  if (liveSince === null) return null;
  return (
    <Suspense fallback={null}>
      <PurchaseToast liveSince={liveSince} />
    </Suspense>
  );
}
