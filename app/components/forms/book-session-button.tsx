import { lazy, Suspense, useRef, useState } from "react";
import { href, Link } from "react-router";
import { buttonStyles } from "~/components/catalog/buttons";
import { useHydrated } from "~/components/layout/use-hydrated";
import { sessionTypeLabels, type SessionType } from "~/lib/session-types";

const label = "Book 1:1 Session";

/** Where the no-JavaScript booking lives: /book-session?type=… */
export function bookSessionHref(sessionType?: SessionType) {
  return sessionType ? `${href("/book-session")}?type=${sessionType}` : href("/book-session");
}

// The dialog and its form are no part of the page's first load (issue 6): they are fetched when
// a visitor points at, focuses or presses the button, and are usually there before the click ends.
const loadDialog = () => import("./booking-dialog");
const prefetch = () => void loadDialog();
const BookingDialog = lazy(() => loadDialog().then((m) => ({ default: m.BookingDialog })));

/**
 * 'Book 1:1 Session' (spec §2). Without JavaScript a link to the booking page with the session
 * type; with it, a button opening the booking dialog (./booking-dialog.tsx).
 */
export function BookSessionButton({ sessionType, className }: { sessionType: SessionType; className?: string }) {
  const hydrated = useHydrated();
  // Mounted from the first press on; open or closed after that.
  const [open, setOpen] = useState<boolean | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const look = className ?? buttonStyles.primary;
  // Two of these share a page: the session type tells them apart for screen readers.
  const name = (
    <>
      {label}
      <span className="sr-only"> ({sessionTypeLabels[sessionType]})</span>
    </>
  );

  if (!hydrated) {
    return (
      <Link to={bookSessionHref(sessionType)} className={look}>
        {name}
      </Link>
    );
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onPointerDown={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen(true)}
        className={look}
      >
        {name}
      </button>
      {open !== null && (
        <Suspense fallback={null}>
          <BookingDialog
            sessionType={sessionType}
            open={open}
            onClose={() => setOpen(false)}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      )}
    </>
  );
}
