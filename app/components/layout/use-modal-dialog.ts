import { useEffect, useEffectEvent, type MouseEvent, type RefObject } from "react";

/**
 * Keeps a native <dialog> in step with `open`: showModal() makes the page behind inert and keeps
 * focus inside, and the page under it stops scrolling while it is open. `focusOnOpen` says where
 * focus goes once it is shown. Closing is the dialog's own (close(), Escape): its close event
 * tells the owner, which then sets `open` to false.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  open: boolean,
  focusOnOpen: (dialog: HTMLDialogElement) => void,
) {
  const onOpen = useEffectEvent(focusOnOpen);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    if (!dialog.open) dialog.showModal();
    onOpen(dialog);
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previousOverflow;
    };
  }, [ref, open]);
}

/** A dialog's onClick: a click on its backdrop, which lands on the dialog itself (its panel fills it), closes it. */
export function closeOnBackdropClick(event: MouseEvent<HTMLDialogElement>) {
  if (event.target === event.currentTarget) event.currentTarget.close();
}
