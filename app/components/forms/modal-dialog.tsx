import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { CloseIcon } from "~/components/layout/icons";
import { sharedFormMessages } from "./shared-messages";

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

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>(
      "input:not([type=hidden]):not([tabindex='-1']):not(:disabled), textarea, select",
    );
    // A radio group is entered at its checked option.
    const target =
      first instanceof HTMLInputElement && first.type === "radio"
        ? (dialog.querySelector<HTMLInputElement>(`input[name="${first.name}"]:checked`) ?? first)
        : first;
    target?.focus();
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previousOverflow;
    };
  }, [open]);

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
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label={sharedFormMessages.close}
          className="-mr-2 -mt-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
