// GATE Rank Predictor (issue 24): marks, branch (a GATE paper staff keep, Chemical first) and
// category (the six of ./gate/score.ts; the spec's general, obc, sc and st among them). What the
// form says lives here; the validation (with Zod, on the server) in ./schemas/rank-predictor.ts.
import { gateCategories } from "./gate/score";

/** The marks a GATE paper can give: −1/3 on each of 100 one-mark questions at worst. */
export const MIN_MARKS = -33.33;
export const MAX_MARKS = 100;

export const messages = {
  marksRequired: "Enter your expected GATE marks.",
  marksFormat: "Enter your marks as a number with at most two decimals, for example 56.33 or -2.5.",
  marksRange: `Marks must be between ${MIN_MARKS} and ${MAX_MARKS}.`,
  branchRequired: "Choose your GATE paper.",
  categoryRequired: "Choose your category.",
} as const;

export type RankPredictorField = "marks" | "branch" | "category";

export const categoryOptions = gateCategories.map(({ value, label }) => ({ value, label }));

/** A paper as the branch list shows it: its lower-case code is the value the URL carries. */
export const branchOption = (paper: { code: string; name: string }) => ({
  value: paper.code.toLowerCase(),
  label: `${paper.name} (${paper.code})`,
});
