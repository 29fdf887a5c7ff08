import { z } from "zod";
import { requiredText } from "../fields";
import { requiredId } from "./common";
import { blankForm, CHOOSE_PAPER, optionalHttpUrl, requiredMarks, yearField } from "./gate-fields";

// A marks-vs-rank point (issue 24): marks (−33.33 to 100, negative marking), the AIR they got,
// what kind of figure it is and where it was read. The CSV import checks each row with it too.

export const rankPointKinds = ["official", "candidate-reported", "third-party estimate"] as const;

const airMessage = "AIR must be a whole number of 1 or more";

export const GateRankPointSchema = z.object({
  paper_id: requiredId(CHOOSE_PAPER),
  year: yearField,
  marks: requiredMarks("Marks", -33.33),
  air: z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim())) : value),
    z.number({ error: airMessage }).int(airMessage).min(1, airMessage).max(10_000_000, "AIR must be at most 10000000"),
  ),
  kind: z.enum(rankPointKinds, { error: "Kind must be official, candidate-reported or third-party estimate" }),
  source_label: requiredText("Source", 200),
  source_url: optionalHttpUrl("Source URL"),
});
export type GateRankPointInput = z.infer<typeof GateRankPointSchema>;

export const gateRankPointDefaults = blankForm(GateRankPointSchema);
