import { z } from "zod";
import { requiredText } from "../fields";

// The terms, refunds and how to pay page (issue 48 item 7): Markdown staff write, rendered on the
// server when saved (~/lib/content/markdown.server.ts, the question bank's renderer and sanitiser).
export const TermsPageSchema = z.object({
  body: requiredText("Content", 30_000, { multiline: true }),
});
export type TermsPageInput = z.infer<typeof TermsPageSchema>;
