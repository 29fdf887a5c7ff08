import { AddTestimonialButton } from "~/components/forms/testimonial-dialog";
import type { Testimonial as TestimonialRow } from "~/db/queries/testimonials.server";
import { avatarFromName } from "~/core/avatar";
import { CarouselSection } from "./carousel-section";

const messages = {
  heading: "What Our Students Say",
  intro: "Experiences shared by GATE and PSU aspirants who practised with us.",
  empty: "No testimonials yet. Be the first to share your experience!",
  rated: (rating: number) => `Rated ${rating} out of 5`,
};

const MAX_RATING = 5;

/** What a card shows: the page sends no more than this (issue 6, document size). */
export type Testimonial = Pick<TestimonialRow, "id" | "name" | "rating" | "comment">;

/**
 * Stars for a 1–5 rating (spec §9), read out once as "Rated 4 out of 5". Filled or outlined, so the
 * rating shows in shape as well as colour, each at least 3:1 on white (WCAG 1.4.1, 1.4.11).
 */
function Rating({ value }: { value: number }) {
  const rating = Math.min(MAX_RATING, Math.max(1, Math.round(value)));
  return (
    <p className="flex gap-0.5">
      <span className="sr-only">{messages.rated(rating)}</span>
      {Array.from({ length: MAX_RATING }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          width="18"
          height="18"
          aria-hidden="true"
          focusable="false"
          className={i < rating ? "fill-amber-600" : "fill-transparent stroke-slate-500 stroke-[1.5]"}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </p>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <Rating value={testimonial.rating} />
      <blockquote className="flex-1 text-sm leading-relaxed text-slate-700 [overflow-wrap:anywhere]">
        <p className="line-clamp-[8]">{testimonial.comment}</p>
      </blockquote>
      <figcaption className="flex items-center gap-3">
        {/* Initials generated from the name (spec §3); the name itself follows. */}
        <span
          aria-hidden="true"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
        >
          {avatarFromName(testimonial.name)}
        </span>
        <span className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">{testimonial.name}</span>
      </figcaption>
    </figure>
  );
}

/** The testimonials carousel, newest first, with the Add button (spec §2 Home). */
export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <CarouselSection
      id="testimonials-heading"
      title={messages.heading}
      intro={messages.intro}
      action={<AddTestimonialButton />}
      className="below-fold mx-auto max-w-6xl px-4 py-10 [--below-fold-size:35rem] lg:[--below-fold-size:32rem]"
      empty={
        testimonials.length > 0 ? undefined : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            {messages.empty}
          </p>
        )
      }
    >
      {testimonials.map((t) => (
        <TestimonialCard key={t.id} testimonial={t} />
      ))}
    </CarouselSection>
  );
}
