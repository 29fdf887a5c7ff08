import { href } from "react-router";
import type { FormResult } from "~/lib/forms/submission";
import { testimonialMessages } from "~/lib/forms/testimonial-messages";
import { failureLines } from "./feedback";
import { describedByIds, FieldError, TextAreaField, TextField } from "./fields";
import { notify } from "./form-toasts";
import { useVisitorForm, type VisitorForm } from "./use-visitor-form";
import { FormEnd, FormStatusBanner } from "./visitor-parts";

const fields = ["name", "rating", "comment"] as const;

const labels = {
  name: "Name",
  comment: "Your testimonial",
  star: (n: number) => `${n} star${n === 1 ? "" : "s"}`,
} as const;

const RATINGS = [1, 2, 3, 4, 5] as const;
const DEFAULT_RATING = "5";

// A star is lit when its own rating or a higher one is chosen, that is when it or a star after it
// holds the checked radio: CSS only (:has), so it works without JavaScript too. Lit stars are
// filled, unlit ones outlined: the rating shows in shape, not colour alone, and both reach 3:1
// against white (WCAG 1.4.1, 1.4.11).
const lit =
  "has-checked:text-amber-600 has-checked:*:fill-current has-[~label_:checked]:text-amber-600 has-[~label_:checked]:*:fill-current";

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
  const field = form.field("rating");
  const chosen = field.defaultValue || DEFAULT_RATING;
  return (
    <fieldset>
      <legend className="font-medium text-slate-900">{testimonialMessages.rating}</legend>
      <div className="mt-1 flex gap-1">
        {RATINGS.map((n) => (
          <label
            key={n}
            className={`relative inline-flex size-11 cursor-pointer items-center justify-center rounded-lg text-slate-500 hover:text-amber-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 ${lit}`}
          >
            <input
              type="radio"
              name="rating"
              value={n}
              id={n === 1 ? field.id : `${field.id}-${n}`}
              defaultChecked={String(n) === chosen}
              aria-describedby={describedByIds(field.id, field)}
              className="sr-only"
            />
            <StarIcon />
            <span className="sr-only">{labels.star(n)}</span>
          </label>
        ))}
      </div>
      <FieldError id={field.id} error={field.error} />
    </fieldset>
  );
}

/** Name and comment required, rating 1–5 (spec §5); the avatar is made from the name on the server. */
export function TestimonialForm({ serverResult, onAdded }: { serverResult?: FormResult; onAdded?: () => void }) {
  const form = useVisitorForm({
    action: href("/testimonials/new"),
    loadSchema: () => import("~/lib/schemas/testimonial").then((m) => m.TestimonialSchema),
    fields,
    serverResult,
    onResult(result) {
      if (!result.ok) return; // Shown inline below; the dialog stays open (spec §8).
      // The server says whether it is live or waits for review (issue 25).
      notify.success(result.message);
      onAdded?.();
    },
  });
  const { status } = form;

  return (
    <form.fetcher.Form {...form.formProps} className="relative space-y-4">
      <FormStatusBanner
        status={form.bannerStatus()}
        failureLines={status.kind === "failure" ? failureLines(testimonialMessages.failure, status.result) : undefined}
      />
      <TextField {...form.field("name")} label={labels.name} autoComplete="name" maxLength={100} />
      <RatingField form={form} />
      <TextAreaField {...form.field("comment")} label={labels.comment} rows={4} maxLength={1000} />
      <FormEnd pending={form.pending} messages={testimonialMessages} />
    </form.fetcher.Form>
  );
}
