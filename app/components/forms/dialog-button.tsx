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
  children,
  dialog: Dialog,
  dialogProps,
}: {
  to: string;
  /** The accessible name, where the visible content is not enough. */
  label?: string;
  className: string;
  children: ReactNode;
  dialog: ComponentType<P & DialogControl>;
  dialogProps: P;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<boolean | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Mounted closed at the first idle moment, out of hydration's tasks: a tap then only opens it.
  useEffect(() => whenIdle(() => setOpen((current) => current ?? false)), []);

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
