import { href } from "react-router";
import { DialogButton, type DialogControl } from "./dialog-button";
import { ModalDialog } from "./modal-dialog";
import { testimonialMessages } from "~/lib/forms/testimonial-messages";
import { TestimonialForm } from "./testimonial-form";

/** The form in a dialog that closes on success and stays open on failure (spec §8). */
function TestimonialDialog(control: DialogControl) {
  return (
    <ModalDialog {...control} title={testimonialMessages.heading} description={testimonialMessages.intro}>
      <TestimonialForm onAdded={control.onClose} />
    </ModalDialog>
  );
}

/**
 * The testimonials' Add button (spec §2). Without JavaScript a link to /testimonials/new; with
 * it, a dialog that closes on success (the page's loaders then revalidate, so the new testimonial
 * shows) and stays open on failure.
 */
export function AddTestimonialButton({ className }: { className?: string }) {
  return (
    <DialogButton
      to={href("/testimonials/new")}
      label={testimonialMessages.addLabel}
      className={
        className ??
        "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      }
      dialog={TestimonialDialog}
      dialogProps={{}}
    >
      <span aria-hidden="true">+</span>
      {testimonialMessages.add}
    </DialogButton>
  );
}
