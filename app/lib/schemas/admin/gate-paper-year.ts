import { z } from "zod";
import { optionalText } from "../fields";
import { checkbox, requiredId } from "./common";
import {
  blankForm,
  CHOOSE_PAPER,
  optionalCount,
  optionalHttpUrl,
  optionalMarks,
  retrievedOnField,
  yearField,
} from "./gate-fields";

// A paper-year's published figures (issue 24), each group with its provenance: the URL it was
// read at, the date it was read and whether staff checked it against the organising institute's
// own PDF. A figure needs its source URL; "verified" needs a figure. The CSV import checks each
// row with this same schema.

/** The figure groups, the columns of each, and the words of their refusals. */
export const paperYearFigures = [
  {
    figure: "qualifying",
    values: ["qualifying_general", "qualifying_obc_ews", "qualifying_sc_st_pwd"],
    what: "the qualifying marks",
  },
  { figure: "top_mean", values: ["top_mean_marks"], what: "Mt" },
  { figure: "candidates", values: ["candidates_appeared"], what: "the candidates appeared" },
] as const;

export const GatePaperYearSchema = z
  .object({
    paper_id: requiredId(CHOOSE_PAPER),
    year: yearField,
    institute: optionalText("Organising institute", 120),
    qualifying_general: optionalMarks("General qualifying marks", 0),
    qualifying_obc_ews: optionalMarks("OBC-NCL/EWS qualifying marks", 0),
    qualifying_sc_st_pwd: optionalMarks("SC/ST/PwD qualifying marks", 0),
    qualifying_source_url: optionalHttpUrl("Source URL"),
    qualifying_retrieved_on: retrievedOnField("Date read"),
    is_qualifying_verified: checkbox,
    top_mean_marks: optionalMarks("Mt", 0),
    top_mean_source_url: optionalHttpUrl("Source URL"),
    top_mean_retrieved_on: retrievedOnField("Date read"),
    is_top_mean_verified: checkbox,
    candidates_appeared: optionalCount("Candidates appeared", 10_000_000),
    candidates_source_url: optionalHttpUrl("Source URL"),
    candidates_retrieved_on: retrievedOnField("Date read"),
    is_candidates_verified: checkbox,
  })
  .superRefine((input, ctx) => {
    for (const { figure, values, what } of paperYearFigures) {
      const hasValue = values.some((name) => input[name] !== null);
      if (hasValue && input[`${figure}_source_url`] === null) {
        ctx.addIssue({ code: "custom", path: [`${figure}_source_url`], message: `Add the source URL of ${what}` });
      }
      if (!hasValue && input[`is_${figure}_verified`]) {
        ctx.addIssue({
          code: "custom",
          path: [`is_${figure}_verified`],
          message: `Enter ${what} before marking them verified`,
        });
      }
    }
  });
export type GatePaperYearInput = z.infer<typeof GatePaperYearSchema>;

export const gatePaperYearDefaults = blankForm(GatePaperYearSchema);
