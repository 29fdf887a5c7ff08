import { z } from "zod";
import { optionalFileLink, requiredId } from "./common";
import { blankForm, optionalHttpUrl, yearField } from "./gate-fields";

// A previous-year paper (issue 24): the links to the question paper and the answer key on the
// organising institute's site, or (issue 45) the PDFs uploaded to the media library. An empty link
// is shown as "not yet added", never as a dead button.
export const GatePreviousPaperSchema = z.object({
  paper_id: requiredId("Choose a paper"),
  year: yearField,
  question_paper_url: optionalFileLink("Question paper URL"),
  answer_key_url: optionalFileLink("Answer key URL"),
  source_url: optionalHttpUrl("Source URL"),
});
export type GatePreviousPaperInput = z.infer<typeof GatePreviousPaperSchema>;

export const gatePreviousPaperDefaults = blankForm(GatePreviousPaperSchema);
