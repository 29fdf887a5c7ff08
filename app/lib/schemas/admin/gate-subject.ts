import { z } from "zod";
import { optionalText, requiredText } from "../fields";
import { MAX_ID, requiredId } from "./common";
import { blankForm, CHOOSE_PAPER, optionalCount, optionalHttpUrl, requiredCount } from "./gate-fields";

// A question-bank subject (issue 24): its name and topics (one a line), how many questions staff
// keep for it, and where they are practised: the free tests of one subcategory, or an external
// link; not both.

const subcategoryMessage = "Choose a free-test subcategory";

export const GateSubjectSchema = z
  .object({
    paper_id: requiredId(CHOOSE_PAPER),
    name: requiredText("Subject name", 120),
    topics: optionalText("Topics", 4000, { multiline: true }),
    question_count: optionalCount("Question count", 1_000_000),
    free_test_subcategory_id: z.preprocess(
      (value) => (typeof value === "string" ? (value.trim() === "" ? null : Number(value)) : value),
      z
        .number({ error: subcategoryMessage })
        .int(subcategoryMessage)
        .positive(subcategoryMessage)
        .max(MAX_ID, subcategoryMessage)
        .nullable(),
    ),
    practice_url: optionalHttpUrl("Practice link"),
    display_order: requiredCount("Order", 1000),
  })
  .refine((input) => input.free_test_subcategory_id === null || input.practice_url === null, {
    path: ["practice_url"],
    message: "Choose free tests or an external link, not both",
  });
export type GateSubjectInput = z.infer<typeof GateSubjectSchema>;

export const gateSubjectDefaults = blankForm(GateSubjectSchema, { display_order: "1" });
