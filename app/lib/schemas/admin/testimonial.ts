import { z } from "zod";
import { TestimonialSchema } from "../testimonial";

// Testimonial moderation (issue 25): staff may correct the name a testimonial is shown with; the
// same rule as the visitor's form (spec §5: name required).
export const TestimonialNameSchema = z.object({ name: TestimonialSchema.shape.name });
export type TestimonialNameInput = z.infer<typeof TestimonialNameSchema>;

/** The row buttons' intents and the status each sets. */
export const testimonialStatusIntents = { approve: "approved", hide: "hidden" } as const;
