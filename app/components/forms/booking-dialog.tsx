import { useEffect, useRef, useState, type RefObject } from "react";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import type { SessionType } from "~/lib/session-offer/session-types";
import { bookingMessages } from "~/lib/forms/booking-messages";
import { BookingForm } from "./booking-form";
import { ModalDialog } from "./modal-dialog";
import { SessionOfferSummary } from "./session-offer-summary";

/**
 * The booking dialog that 'Book 1:1 Session' opens (./book-session-button.tsx), in the page's
 * HTML from the start: the form with its session type fixed; it closes 3 s after a booking (spec
 * §4). Before the page hydrates, #`id` shows it (:target) and its form is a plain POST to
 * /book-session, whose page then shows the outcome.
 */
export function BookingDialog({
  id,
  closeHref,
  sessionType,
  open,
  onClose,
  returnFocusTo,
}: {
  id: string;
  closeHref: string;
  sessionType: SessionType;
  open: boolean;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const [booked, setBooked] = useState(false);
  // The root loader's settings, already in the page: no request of its own when the dialog opens.
  const { sessionOffer } = useSiteSettings();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  return (
    <ModalDialog
      id={id}
      closeHref={closeHref}
      open={open}
      onClose={() => {
        clearTimeout(closeTimer.current);
        // Opened again, it shows a fresh form rather than the last booking's success line.
        setBooked(false);
        onClose();
      }}
      returnFocusTo={returnFocusTo}
      title={bookingMessages.heading}
      description={bookingMessages.intro}
    >
      {/* After a booking the success line says what happens next; the offer would repeat it. */}
      {booked ? null : (
        <div className="mb-4">
          <SessionOfferSummary offer={sessionOffer} headingLevel={3} />
        </div>
      )}
      <BookingForm
        fixedType={sessionType}
        successInline={booked}
        onBooked={() => {
          setBooked(true);
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(onClose, bookingMessages.closeAfterMs);
        }}
      />
    </ModalDialog>
  );
}
