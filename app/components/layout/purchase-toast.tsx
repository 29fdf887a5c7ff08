import { useEffect, useState } from "react";
import { daysAgoText, entryAt, FIRST_DELAY_MS, hiddenDelayMs, VISIBLE_MS, type ToastEntry } from "~/lib/purchase-toast";
import { CloseButton } from "./close-button";
import { CartIcon } from "./icons";
import { useHydrated } from "./use-hydrated";
import { hiddenOverForms } from "./whatsapp-button";

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
 * Purchase-notification toast (spec §2, §4, §9; issue 25): the real purchases staff entered,
 * newest first, each saying when. Client only: nothing is rendered on the server, and the fixed
 * position means it never shifts the layout. It stays while hovered or focused, never takes
 * focus, and is compact on phones. `liveSince` is when the page went live (Date.now()): the first
 * toast is due FIRST_DELAY_MS after it, however late this code arrived
 * (./purchase-toast-loader.tsx loads it when there are entries).
 */
export function PurchaseToast({ liveSince, entries }: { liveSince?: number; entries: readonly ToastEntry[] }) {
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

  if (!hydrated || stopped || entries.length === 0) return null;

  function dismiss() {
    rememberDismissed();
    setStopped(true);
  }

  const entry = entryAt(entries, shown);
  return (
    // The live region exists before its content so screen readers announce each toast. Not <output>:
    // that is for calculation results, and not every screen reader treats it as a live region.
    <div
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="status"
      aria-live="polite"
      className={`pointer-events-none fixed bottom-3 left-3 right-18 z-40 sm:bottom-4 sm:left-4 sm:right-auto sm:w-80 ${hiddenOverForms}`}
    >
      {visible && entry && (
        <div
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="pointer-events-auto flex items-center gap-2 rounded-xl border border-slate-200 bg-white p-2 pr-0.5 shadow-lg sm:gap-3 sm:p-3 sm:pr-1 shadow-slate-900/15 transition duration-300 starting:translate-y-4 starting:opacity-0 motion-reduce:transition-none"
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
