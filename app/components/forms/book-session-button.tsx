import { useCallback, useRef, useState, useSyncExternalStore } from "react";
import { buttonStyles } from "~/components/catalog/buttons";
import { useHydrated } from "~/components/layout/use-hydrated";
import { sessionTypeLabels, type SessionType } from "~/lib/session-offer/session-types";
import { BookingDialog } from "./booking-dialog";
import { NATIVE_TAP } from "~/lib/document/native-tap";

const label = "Book 1:1 Session";

const subscribeToFragment = (onChange: () => void) => {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
};

/** The address's fragment; none on the server and while the page hydrates. */
function useFragment() {
  return useSyncExternalStore(
    subscribeToFragment,
    () => window.location.hash,
    () => "",
  );
}

/**
 * 'Book 1:1 Session' (spec §2) and its booking dialog (./booking-dialog.tsx), both in the page's
 * HTML, so that the first tap answers at once, scripts or not (issue 50): until the page hydrates
 * the control is a link to #book-<type> and `:target` shows the dialog over the page; once
 * hydrated, a button that opens it with showModal(). As the mobile menu does
 * (~/components/layout/sidebar.tsx).
 */
export function BookSessionButton({ sessionType, className }: { sessionType: SessionType; className?: string }) {
  const hydrated = useHydrated();
  const dialogId = `book-${sessionType}`;
  const buttonId = `${dialogId}-button`;
  // Null until the visitor opens or closes it under script control: until then the dialog is open
  // if the fragment names it (tapped before the scripts ran), from the render that hydrates the
  // button on, the one that drops the :target styles, so that the panel stays on screen.
  const [choice, setChoice] = useState<boolean | null>(null);
  const fragment = useFragment();
  const open = choice ?? fragment === `#${dialogId}`;
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onClose = useCallback(() => {
    setChoice(false);
    // Opened through the fragment: drop it, so that a reload does not reopen the dialog.
    if (window.location.hash === `#${dialogId}`)
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }, [dialogId]);

  const content = (
    <>
      {label}
      {/* Two of these share a page: the session type tells them apart for screen readers. */}
      <span className="sr-only"> ({sessionTypeLabels[sessionType]})</span>
    </>
  );
  const buttonClass = className ?? buttonStyles.primary;
  return (
    <>
      {hydrated ? (
        <button
          ref={buttonRef}
          id={buttonId}
          type="button"
          aria-haspopup="dialog"
          onClick={() => setChoice(true)}
          className={buttonClass}
        >
          {content}
        </button>
      ) : (
        <a id={buttonId} href={`#${dialogId}`} className={buttonClass} {...NATIVE_TAP}>
          {content}
        </a>
      )}
      <BookingDialog
        id={dialogId}
        // Without JavaScript the X goes back to the button the visitor tapped.
        closeHref={`#${buttonId}`}
        sessionType={sessionType}
        open={open}
        onClose={onClose}
        returnFocusTo={buttonRef}
      />
    </>
  );
}
