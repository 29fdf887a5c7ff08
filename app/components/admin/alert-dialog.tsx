import { useEffect, useRef, type ReactNode, type Ref, type RefObject, type SyntheticEvent } from "react";
import { commonMessages } from "~/lib/admin/messages/common";
import { secondaryButton } from "./styles";

// The admin's confirmations (a delete, a bulk action, leaving unsaved work): WAI-ARIA alertdialog
// on the native modal <dialog>, so Escape and the focus trap come with the browser.

/**
 * The dialog's refs, opened while `open` is true (focus then starts on its safe button,
 * `cancelRef`) and closed when it turns false or when the work it asked for (`busy`) has finished.
 */
export function useAlertDialog(open: boolean, busy: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  // The work it asked for has finished, done or refused: it closes (a toast says how it went).
  // After a delete the page usually remounts with the redirect's data, but on a slow phone React
  // may keep it mounted, and the dialog would stay open over the list.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) ref.current?.close();
    wasBusy.current = busy;
  }, [busy]);
  return { ref, cancelRef };
}

export function AlertDialog({
  ref,
  labelledBy,
  describedBy,
  onClose,
  onCancel,
  children,
}: {
  ref: Ref<HTMLDialogElement>;
  labelledBy: string;
  describedBy?: string;
  onClose?: () => void;
  onCancel?: (event: SyntheticEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      onCancel={onCancel}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border-0 bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      {children}
    </dialog>
  );
}

/**
 * A confirmation's buttons: Cancel, where focus starts, closing the dialog (the refs from
 * useAlertDialog); then what it confirms (`label`, in the `look` of a button), disabled while `busy`.
 */
export function ConfirmDialogActions({
  dialogRef,
  cancelRef,
  busy,
  label,
  look,
  onConfirm,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  cancelRef: Ref<HTMLButtonElement>;
  busy: boolean;
  label: string;
  look: string;
  onConfirm: () => void;
}) {
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-3">
      <button ref={cancelRef} type="button" onClick={() => dialogRef.current?.close()} className={secondaryButton}>
        {commonMessages.cancel}
      </button>
      <button type="button" disabled={busy} onClick={onConfirm} className={look}>
        {label}
      </button>
    </div>
  );
}
