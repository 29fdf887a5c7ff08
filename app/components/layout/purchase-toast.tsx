import { useEffect, useRef, useSyncExternalStore } from "react";
import { daysAgoText, PURCHASE_TOASTS_ID, purchaseToastCss, type PurchaseToasts } from "~/lib/purchase-toast";
import { useNonce } from "./document-assets";
import { CartIcon, CloseIcon } from "./icons";
import { hiddenOverForms } from "./whatsapp-button";

const messages = {
  from: "from",
  purchased: "purchased",
  stop: "Stop purchase notifications",
};

// Stopping the toast holds for the rest of the visit where scripts run (WCAG 2.2.2: moving
// content can be stopped); on a page without them, for that page.
const dismissedKey = "purchase-toasts-dismissed";

function readDismissed() {
  try {
    return window.sessionStorage.getItem(dismissedKey) === "1";
  } catch {
    return false;
  }
}

const unchanging = () => () => {};

function rememberDismissed() {
  try {
    window.sessionStorage.setItem(dismissedKey, "1");
  } catch {
    // Storage may be unavailable (private mode); the toast still stops on this page.
  }
}

/**
 * Purchase-notification toast (spec §2, §4, §9; issues 25 and 44): the real purchases staff
 * entered, newest first, each saying when, one at a time in the bottom-left corner. Rendered on
 * the server and timed by CSS (~/lib/purchase-toast.ts purchaseToastCss), so it runs on every
 * public page, with or without JavaScript; fixed, so it never shifts the layout.
 *
 * Each toast has its own "Stop purchase notifications" checkbox, visually hidden, whose label is
 * the visible X: checking it hides them all (:has). One per toast rather than one for all, so the
 * checkbox is in the Tab order only while its toast shows and its focus ring is always seen; the
 * toast never takes focus by itself. Not a live region: the toasts are advertising, and reading one
 * out every 15–20 s would interrupt a screen-reader user's reading (and a CSS visibility change is
 * not reliably announced anyway); the one showing can be read where it is.
 */
export function PurchaseToast({ toasts }: { toasts: PurchaseToasts | null }) {
  const nonce = useNonce();
  const container = useRef<HTMLDivElement>(null);
  // As the server rendered it while hydrating, then stopped if stopped earlier in the visit.
  const stopped = useSyncExternalStore(unchanging, readDismissed, () => false);
  useEffect(() => {
    // Stopped before the scripts started: remembered all the same.
    if (container.current?.querySelector(":checked")) rememberDismissed();
  }, []);

  if (!toasts || toasts.entries.length === 0 || stopped) return null;
  return (
    <>
      <style
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: purchaseToastCss(toasts.gaps) }}
      />
      {/* Stacked in one grid cell; the container itself lets clicks through (pointer-events). */}
      <div
        ref={container}
        id={PURCHASE_TOASTS_ID}
        className={`pointer-events-none fixed bottom-3 left-3 right-18 z-40 grid items-end has-checked:hidden sm:bottom-4 sm:left-4 sm:right-auto sm:w-80 ${hiddenOverForms}`}
      >
        {toasts.entries.map((entry, i) => (
          <div
            key={i}
            className="pointer-events-auto invisible relative col-start-1 row-start-1 flex items-center gap-2 rounded-xl border border-slate-200 bg-white p-2 pr-0.5 shadow-lg shadow-slate-900/15 sm:gap-3 sm:p-3 sm:pr-1"
          >
            <span className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:inline-flex">
              <CartIcon width={20} height={20} />
            </span>
            <p className="min-w-0 flex-1 text-xs leading-snug text-slate-700 sm:py-1 sm:text-sm">
              <span className="font-semibold text-slate-900">
                {entry.name} {messages.from} {entry.city}
              </span>{" "}
              {messages.purchased} <span className="font-semibold text-brand-800">{entry.product}</span>{" "}
              <span className="text-slate-600">{daysAgoText(entry.daysAgo)}</span>
            </p>
            <input
              type="checkbox"
              id={`${PURCHASE_TOASTS_ID}-stop-${i}`}
              aria-label={messages.stop}
              className="peer sr-only"
              onChange={(event) => {
                if (event.currentTarget.checked) rememberDismissed();
              }}
            />
            <label
              htmlFor={`${PURCHASE_TOASTS_ID}-stop-${i}`}
              className="inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
            >
              <CloseIcon width={18} height={18} />
            </label>
          </div>
        ))}
      </div>
    </>
  );
}
