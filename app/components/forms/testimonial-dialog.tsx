import { useRef, useState } from "react";
import { href, Link } from "react-router";
import { useHydrated } from "~/components/layout/use-hydrated";
import { ModalDialog } from "./modal-dialog";
import { testimonialMessages } from "~/lib/forms/testimonial-messages";
import { TestimonialForm } from "./testimonial-form";

/**
 * The testimonials' Add button (spec §2). Without JavaScript a link to /testimonials/new; with
 * it, a dialog that closes on success (the page's loaders then revalidate, so the new testimonial
 * shows) and stays open on failure.
 */
export function AddTestimonialButton({ className }: { className?: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const look =
    className ??
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800";
  const content = (
    <>
      <span aria-hidden="true">+</span>
      {testimonialMessages.add}
    </>
  );

  if (!hydrated) {
    return (
      <Link to={href("/testimonials/new")} aria-label={testimonialMessages.addLabel} className={look}>
        {content}
      </Link>
    );
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-label={testimonialMessages.addLabel}
        onClick={() => setOpen(true)}
        className={look}
      >
        {content}
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        returnFocusTo={buttonRef}
        title={testimonialMessages.heading}
        description={testimonialMessages.intro}
      >
        <TestimonialForm onAdded={() => setOpen(false)} />
      </ModalDialog>
    </>
  );
}
