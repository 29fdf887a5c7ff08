import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { CloseButton } from "~/components/layout/close-button";
import { CloseIcon } from "~/components/layout/icons";
import { useHydrated } from "~/components/layout/use-hydrated";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import { sharedFormMessages } from "./shared-messages";
import { NATIVE_TAP } from "~/lib/document/native-tap";

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

const closeClass =
  "-mr-2 -mt-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900";

/**
 * A modal dialog on the native <dialog> (WAI-ARIA dialog pattern): showModal() makes the page
 * behind inert and keeps focus inside; it is labelled by its heading; focus moves to the first
 * field on open; Escape or the X closes it; focus then returns to the control that opened it.
 *
 * Given an `id` and a `closeHref`, it is also a panel of the server's HTML (as the mobile menu,
 * ~/components/layout/sidebar.tsx): until the page hydrates, a link to #id shows it by `:target`
 * over the page, dimmed by a wide shadow, and its X is a link to `closeHref`.
 */
export function ModalDialog({
  open,
  onClose,
  returnFocusTo,
  title,
  description,
  id,
  closeHref,
  children,
}: {
  open: boolean;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  title: string;
  description?: string;
  /** The fragment that shows it before the page hydrates. */
  id?: string;
  /** Before the page hydrates, where its X goes: anywhere but #id closes the panel. */
  closeHref?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();
  const targetable = !hydrated && closeHref !== undefined;

  // Shown by :target before the page hydrated, it may hold the focus already (the fragment gives
  // it to the panel; the visitor may be typing in a field): opening it under script control
  // (showModal() moves focus) leaves the focus where it was, not yanked to the first field.
  const typingIn = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const active = document.activeElement;
    typingIn.current = open && active instanceof HTMLElement && ref.current?.contains(active) ? active : null;
  }, [open]);

  useModalDialog(ref, open, (dialog) => {
    const kept = typingIn.current;
    typingIn.current = null;
    if (kept && dialog.contains(kept)) kept.focus();
    else focusFirstField(dialog);
  });

  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      onClose={() => {
        onClose();
        returnFocusTo.current?.focus();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl border-0 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60${
        // No backdrop without showModal(): fixed over the page (and the header), a wide shadow dims it.
        targetable ? " fixed inset-0 z-50 target:block target:shadow-[0_0_0_100vmax_rgb(15_23_42/0.6)]" : ""
      }`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <div>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {targetable ? (
          // Without JavaScript, leaving the #id target closes the panel.
          <a href={closeHref} aria-label={sharedFormMessages.close} className={closeClass} {...NATIVE_TAP}>
            <CloseIcon />
          </a>
        ) : (
          <CloseButton label={sharedFormMessages.close} onClick={() => ref.current?.close()} className={closeClass} />
        )}
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
