import { z } from "zod";

// The start form of a timed test (issue 47, /tests/:slug): the declaration that the instructions
// were read, required; an e-mail address for the result link, optional, sent only with consent.

export const examStartMessages = {
  declaration: "I have read and understood the instructions, and I am ready to begin the test.",
  declarationRequired: "Tick the box to confirm that you have read the instructions.",
  email: "E-mail for your result link",
  emailHint: "Optional. We send you one e-mail with the link to this test and its result.",
  emailInvalid: "Enter a valid email address",
  consent:
    "Send me the link to my test and result by e-mail, and keep my address to contact me about GATE preparation.",
  consentRequired: "Tick the box to agree, or leave the e-mail address empty.",
} as const;

export const ExamStartSchema = z
  .object({
    declaration: z.literal("on", { error: examStartMessages.declarationRequired }),
    email: z
      .string()
      .trim()
      .max(254, "Email must be at most 254 characters")
      .default("")
      .refine((v) => v === "" || z.email().safeParse(v).success, examStartMessages.emailInvalid)
      .transform((v) => v || null),
    consent: z
      .literal("on")
      .optional()
      .transform((v) => v === "on"),
  })
  .refine((form) => form.email === null || form.consent, {
    path: ["consent"],
    message: examStartMessages.consentRequired,
  });

export type ExamStartInput = z.infer<typeof ExamStartSchema>;
