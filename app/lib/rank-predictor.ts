// GATE Rank Predictor (spec §2): a static form with marks, branch (cs, ec, me) and category
// (general, obc, sc, st). It always shows the range 1000 - 1500, whatever the input. What the page
// shows lives here; the validation (with Zod, on the server only) in ./schemas/rank-predictor.ts.

export const messages = {
  marksRequired: "Enter your expected GATE marks.",
  marksFormat: "Enter your marks as a number from 0 to 100, for example 56.33.",
  marksRange: "Marks must be between 0 and 100.",
  branchRequired: "Choose your branch.",
  categoryRequired: "Choose your category.",
} as const;

export const branchOptions = [
  { value: "cs", label: "Computer Science" },
  { value: "ec", label: "Electronics" },
  { value: "me", label: "Mechanical" },
] as const;

export const categoryOptions = [
  { value: "general", label: "General" },
  { value: "obc", label: "OBC" },
  { value: "sc", label: "SC" },
  { value: "st", label: "ST" },
] as const;

/** The one answer the predictor gives (spec §2). */
export const predictedRankRange = "1000 - 1500";

export type RankPredictorField = "marks" | "branch" | "category";
