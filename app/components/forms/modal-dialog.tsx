import { useId, useRef, type ReactNode, type RefObject } from "react";
import { CloseButton } from "~/components/layout/close-button";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import { sharedFormMessages } from "./shared-messages";

/** Focus the dialog's first field; a radio group is entered at its checked option. */
function focusFirstField(dialog: HTMLDialogElement) {
  const first = dialog.querySelector<HTMLElement>(
    "input:not([type=hidden]):not([tabindex='-1']):not(:disabled), textarea, select",
  );
  const target =
    first instanceof HTMLInputElement && first.type === "radio"
      ? (dialog.querySelector<HTMLInputElement>(`input[name="${first.name}"]:checked`) ?? first)
      : first;
  target?.focus();
}

/**
 * A modal dialog on the native <dialog> (WAI-ARIA dialog pattern): showModal() makes the page
 * behind inert and keeps focus inside; it is labelled by its heading; focus moves to the first
 * field on open; Escape or the X closes it; focus then returns to the control that opened it.
 */
export function ModalDialog({
  open,
  onClose,
  returnFocusTo,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useModalDialog(ref, open, focusFirstField);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => {
        onClose();
        returnFocusTo.current?.focus();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl border-0 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <div>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        <CloseButton
          label={sharedFormMessages.close}
          onClick={() => ref.current?.close()}
          className="-mr-2 -mt-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        />
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
