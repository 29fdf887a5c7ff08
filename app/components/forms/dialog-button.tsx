import { useEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/components/layout/use-hydrated";
import { whenIdle } from "~/lib/when-idle";

/** What the dialog is handed besides its own props: whether it is open, how to close it, where focus goes back. */
export type DialogControl = { open: boolean; onClose: () => void; returnFocusTo: RefObject<HTMLElement | null> };

/**
 * A control that opens a visitor form in a dialog. Without JavaScript it is a link to the page the
 * form lives on; once hydrated, a button whose dialog is mounted (closed) from the first idle
 * moment on, with focus given back to the button when it closes.
 */
export function DialogButton<P extends object>({
  to,
  label,
  className,
  onIntent,
  children,
  dialog: Dialog,
  dialogProps,
}: {
  to: string;
  /** The accessible name, where the visible content is not enough. */
  label?: string;
  className: string;
  /**
   * Fetches the dialog's code: at the first idle moment after hydration, so that a tap opens the
   * dialog without a round trip on a slow network (issue 44: 1.2 s from tap to form at 150 ms
   * round trips when the code came on the tap), or sooner if a press is likely (pointer over it,
   * or focus).
   */
  onIntent?: () => void;
  children: ReactNode;
  dialog: ComponentType<P & DialogControl>;
  dialogProps: P;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<boolean | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Mounted closed at the first idle moment: the lazy dialog resolves its code then, not on the
  // tap, when React would show it only after a Suspense retry.
  useEffect(
    () =>
      whenIdle(() => {
        onIntent?.();
        setOpen((current) => current ?? false);
      }),
    [onIntent],
  );

  if (!hydrated) {
    return (
      <Link to={to} aria-label={label} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-label={label}
        onPointerEnter={onIntent}
        onPointerDown={onIntent}
        onFocus={onIntent}
        onClick={() => setOpen(true)}
        className={className}
      >
        {children}
      </button>
      {open !== null && (
        <Dialog {...dialogProps} open={open} onClose={() => setOpen(false)} returnFocusTo={buttonRef} />
      )}
    </>
  );
}
