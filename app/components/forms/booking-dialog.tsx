import { useEffect, useRef, useState, type RefObject } from "react";
import type { SessionType } from "~/lib/session-types";
import { bookingMessages } from "~/lib/forms/booking-messages";
import { BookingForm } from "./booking-form";
import { ModalDialog } from "./modal-dialog";

/**
 * The booking dialog that 'Book 1:1 Session' opens (./book-session-button.tsx loads this module on
 * the first click): the form with its session type fixed; it closes 3 s after a booking (spec §4).
 */
export function BookingDialog({
  sessionType,
  open,
  onClose,
  returnFocusTo,
}: {
  sessionType: SessionType;
  open: boolean;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const [booked, setBooked] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  return (
    <ModalDialog
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
