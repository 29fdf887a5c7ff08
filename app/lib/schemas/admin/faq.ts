import { z } from "zod";
import { requiredText } from "../fields";
import { checkbox, IdSchema } from "./common";

// An FAQ question (issue 48 item 7): the question on one line, its answer in plain text (a blank
// line between paragraphs), and Active, on by default as in every manager (spec §4).
export const FaqSchema = z.object({
  question: requiredText("Question", 300),
  answer: requiredText("Answer", 4000, { multiline: true }),
  is_active: checkbox,
});
export type FaqInput = z.infer<typeof FaqSchema>;

export const faqDefaults = { question: "", answer: "", is_active: true };

/** The up and down arrows of the Order column. */
export const FaqMoveSchema = z.object({
  id: IdSchema,
  direction: z.enum(["up", "down"], { error: "Choose up or down" }),
});
