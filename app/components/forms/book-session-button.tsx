import { lazy, Suspense } from "react";
import { href } from "react-router";
import { buttonStyles } from "~/components/catalog/buttons";
import { sessionTypeLabels, type SessionType } from "~/lib/session-types";
import { DialogButton } from "./dialog-button";

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

function LazyBookingDialog(props: React.ComponentProps<typeof BookingDialog>) {
  return (
    <Suspense fallback={null}>
      <BookingDialog {...props} />
    </Suspense>
  );
}

/**
 * 'Book 1:1 Session' (spec §2). Without JavaScript a link to the booking page with the session
 * type; with it, a button opening the booking dialog (./booking-dialog.tsx).
 */
export function BookSessionButton({ sessionType, className }: { sessionType: SessionType; className?: string }) {
  return (
    <DialogButton
      to={bookSessionHref(sessionType)}
      className={className ?? buttonStyles.primary}
      onIntent={prefetch}
      dialog={LazyBookingDialog}
      dialogProps={{ sessionType }}
    >
      {label}
      {/* Two of these share a page: the session type tells them apart for screen readers. */}
      <span className="sr-only"> ({sessionTypeLabels[sessionType]})</span>
    </DialogButton>
  );
}
