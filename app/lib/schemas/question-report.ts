import { z } from "zod";
import { requiredText } from "./fields";

// "Report a problem with this question" (issue 46): what is wrong, required; an e-mail address to
// reply to, optional.
export const QuestionReportSchema = z.object({
  message: requiredText("Message", 2000, { multiline: true }),
  email: z
    .string()
    .trim()
    .max(254, "Email must be at most 254 characters")
    .default("")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Enter a valid email address")
    .transform((v) => v || null),
});
export type QuestionReportInput = z.infer<typeof QuestionReportSchema>;
