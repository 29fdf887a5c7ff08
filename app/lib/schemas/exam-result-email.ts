import { z } from "zod";

// "E-mail me this link" on a test's result page (issue 47): an address and the consent to use it,
// both required.

export const resultEmailMessages = {
  email: "E-mail address",
  emailRequired: "Enter your e-mail address",
  emailInvalid: "Enter a valid email address",
  consent: "Send me the link to this result by e-mail, and keep my address to contact me about GATE preparation.",
  consentRequired: "Tick the box to agree.",
} as const;

export const ResultEmailSchema = z.object({
  email: z
    .string({ error: resultEmailMessages.emailRequired })
    .trim()
    .min(1, resultEmailMessages.emailRequired)
    .max(254, "Email must be at most 254 characters")
    .refine((v) => z.email().safeParse(v).success, resultEmailMessages.emailInvalid),
  consent: z.literal("on", { error: resultEmailMessages.consentRequired }),
});

export type ResultEmailInput = z.infer<typeof ResultEmailSchema>;
