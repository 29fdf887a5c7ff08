import { z } from "zod";
import { requiredText } from "./fields";

// Testimonial (spec §5): name and comment required; rating chosen from 1 to 5, default 5.
export const TestimonialSchema = z.object({
  name: requiredText("Name", 100),
  rating: z.coerce
    .number({ error: "Choose a rating from 1 to 5" })
    .int("Choose a rating from 1 to 5")
    .min(1, "Choose a rating from 1 to 5")
    .max(5, "Choose a rating from 1 to 5")
    .default(5),
  comment: requiredText("Comment", 1000, { multiline: true }),
});
export type TestimonialInput = z.infer<typeof TestimonialSchema>;
