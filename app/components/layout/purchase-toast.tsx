import { useEffect, useState } from "react";
import { buyerAt, FIRST_DELAY_MS, hiddenDelayMs, VISIBLE_MS } from "~/lib/purchase-toast";
import { CloseButton } from "./close-button";
import { CartIcon } from "./icons";
import { useHydrated } from "./use-hydrated";

const messages = {
  from: "from",
  purchased: "purchased",
  dismiss: "Dismiss",
};

// Dismissing stops the cycle for the rest of the visit (WCAG 2.2.2: auto-updating content can be stopped).
const dismissedKey = "purchase-toasts-dismissed";

function readDismissed() {
  try {
    return window.sessionStorage.getItem(dismissedKey) === "1";
  } catch {
    return false;
  }
}

function rememberDismissed() {
  try {
    window.sessionStorage.setItem(dismissedKey, "1");
  } catch {
    // Storage may be unavailable (private mode); the toast still stops for this page.
  }
}

/**
 * Purchase-notification toast (spec §2, §4, §9). Client only: nothing is rendered on the server,
 * and the fixed position means it never shifts the layout. It stays while hovered or focused.
 * `liveSince` is when the page went live (Date.now()): the first toast is due FIRST_DELAY_MS
 * after it, however late this code arrived (./purchase-toast-loader.tsx loads it when needed).
 */
export function PurchaseToast({ liveSince }: { liveSince?: number }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(0);
  const [visible, setVisible] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Only read in the browser; the server and hydration render nothing either way.
  const [stopped, setStopped] = useState(() => typeof window !== "undefined" && readDismissed());

  useEffect(() => {
    if (stopped) return;
    if (!visible) {
      const delay =
        shown === 0 && liveSince !== undefined
          ? Math.max(0, FIRST_DELAY_MS - (Date.now() - liveSince))
          : hiddenDelayMs(shown, Math.random());
      const timer = setTimeout(() => setVisible(true), delay);
      return () => clearTimeout(timer);
    }
    if (hovered || focused) return;
    const timer = setTimeout(() => {
      setVisible(false);
      setShown((n) => n + 1);
    }, VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [stopped, visible, shown, hovered, focused, liveSince]);

  if (!hydrated || stopped) return null;

  function dismiss() {
    rememberDismissed();
    setStopped(true);
  }

  const buyer = buyerAt(shown);
  return (
    // The live region exists before its content so screen readers announce each toast. Not <output>:
    // that is for calculation results, and not every screen reader treats it as a live region.
    <div
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 left-4 right-20 z-40 sm:right-auto sm:w-80"
    >
      {visible && (
        <div
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="pointer-events-auto flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 pr-1 shadow-lg shadow-slate-900/15 transition duration-300 starting:translate-y-4 starting:opacity-0 motion-reduce:transition-none"
        >
          <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <CartIcon width={20} height={20} />
          </span>
          <p className="min-w-0 flex-1 py-1 text-sm leading-snug text-slate-700">
            <span className="font-semibold text-slate-900">
              {buyer.name} {messages.from} {buyer.city}
            </span>{" "}
            {messages.purchased} <span className="font-semibold text-brand-800">{buyer.course}</span>
          </p>
          <CloseButton
            label={messages.dismiss}
            onClick={dismiss}
            icon={{ width: 18, height: 18 }}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          />
        </div>
      )}
    </div>
  );
}
