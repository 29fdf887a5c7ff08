import { useRef, useState } from "react";
import { href, Link } from "react-router";
import { useHydrated } from "~/components/layout/use-hydrated";
import { toast } from "~/lib/toast";
import {
  FieldError,
  FormStatusBanner,
  Honeypot,
  PrivacyNotice,
  SubmitButton,
  TextAreaField,
  TextField,
} from "./fields";
import { testimonialMessages } from "./messages";
import { ModalDialog } from "./modal-dialog";
import { failureLines, type SubmissionResult } from "./submission";
import { useVisitorForm, type VisitorForm } from "./use-visitor-form";

const fields = ["name", "rating", "comment"] as const;

const labels = {
  name: "Name",
  comment: "Your testimonial",
  star: (n: number) => `${n} star${n === 1 ? "" : "s"}`,
} as const;

const RATINGS = [1, 2, 3, 4, 5] as const;
const DEFAULT_RATING = "5";

// Star n is lit when the chosen rating is n or more: CSS only (:has), so it works without
// JavaScript too. Lit stars are filled, unlit ones outlined: the rating shows in shape, not colour
// alone, and both reach 3:1 against white (WCAG 1.4.1, 1.4.11). Written out in full for
// Tailwind's class scanner.
const litWhen: Record<(typeof RATINGS)[number], string> = {
  1: "group-has-[.rating-1:checked]:text-amber-600 group-has-[.rating-1:checked]:*:fill-current group-has-[.rating-2:checked]:text-amber-600 group-has-[.rating-2:checked]:*:fill-current group-has-[.rating-3:checked]:text-amber-600 group-has-[.rating-3:checked]:*:fill-current group-has-[.rating-4:checked]:text-amber-600 group-has-[.rating-4:checked]:*:fill-current group-has-[.rating-5:checked]:text-amber-600 group-has-[.rating-5:checked]:*:fill-current",
  2: "group-has-[.rating-2:checked]:text-amber-600 group-has-[.rating-2:checked]:*:fill-current group-has-[.rating-3:checked]:text-amber-600 group-has-[.rating-3:checked]:*:fill-current group-has-[.rating-4:checked]:text-amber-600 group-has-[.rating-4:checked]:*:fill-current group-has-[.rating-5:checked]:text-amber-600 group-has-[.rating-5:checked]:*:fill-current",
  3: "group-has-[.rating-3:checked]:text-amber-600 group-has-[.rating-3:checked]:*:fill-current group-has-[.rating-4:checked]:text-amber-600 group-has-[.rating-4:checked]:*:fill-current group-has-[.rating-5:checked]:text-amber-600 group-has-[.rating-5:checked]:*:fill-current",
  4: "group-has-[.rating-4:checked]:text-amber-600 group-has-[.rating-4:checked]:*:fill-current group-has-[.rating-5:checked]:text-amber-600 group-has-[.rating-5:checked]:*:fill-current",
  5: "group-has-[.rating-5:checked]:text-amber-600 group-has-[.rating-5:checked]:*:fill-current",
};

function StarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
      className="fill-transparent stroke-current stroke-[1.5]"
    >
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z" />
    </svg>
  );
}

/** Rating 1 to 5 as a radio group drawn as stars, default 5 (spec §5). */
function RatingField({ form }: { form: VisitorForm }) {
  const props = form.field("rating");
  const chosen = (props.defaultValue as string | undefined) || DEFAULT_RATING;
  return (
    <fieldset>
      <legend className="font-medium text-slate-900">{testimonialMessages.rating}</legend>
      <div className="group mt-1 flex gap-1">
        {RATINGS.map((n) => (
          <label
            key={n}
            className={`relative inline-flex size-11 cursor-pointer items-center justify-center rounded-lg text-slate-500 hover:text-amber-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 ${litWhen[n]}`}
          >
            <input
              type="radio"
              name="rating"
              value={n}
              id={n === 1 ? props.id : `${props.id}-${n}`}
              defaultChecked={String(n) === chosen}
              aria-describedby={props["aria-describedby"]}
              className={`rating-${n} sr-only`}
            />
            <StarIcon />
            <span className="sr-only">{labels.star(n)}</span>
          </label>
        ))}
      </div>
      <FieldError form={form} name="rating" />
    </fieldset>
  );
}

/** Name and comment required, rating 1–5 (spec §5); the avatar is made from the name on the server. */
export function TestimonialForm({ serverResult, onAdded }: { serverResult?: SubmissionResult; onAdded?: () => void }) {
  const form = useVisitorForm({
    action: href("/testimonials/new"),
    loadSchema: () => import("~/lib/schemas/testimonial").then((m) => m.TestimonialSchema),
    fields,
    serverResult,
    onResult(result) {
      if (!result.ok) return; // Shown inline below; the dialog stays open (spec §8).
      toast.success(testimonialMessages.success);
      onAdded?.();
    },
  });
  const { status } = form;

  return (
    <form.fetcher.Form {...form.formProps} className="relative space-y-4">
      <FormStatusBanner
        status={status.kind === "success" && form.fetcher.data ? { kind: "idle" } : status}
        failureLines={status.kind === "failure" ? failureLines(testimonialMessages.failure, status.result) : undefined}
      />
      <TextField form={form} name="name" label={labels.name} autoComplete="name" maxLength={100} />
      <RatingField form={form} />
      <TextAreaField form={form} name="comment" label={labels.comment} rows={4} maxLength={1000} />
      <Honeypot />
      <PrivacyNotice>{testimonialMessages.privacy}</PrivacyNotice>
      <SubmitButton
        pending={form.pending}
        label={testimonialMessages.submit}
        pendingLabel={testimonialMessages.submitting}
      />
    </form.fetcher.Form>
  );
}

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
