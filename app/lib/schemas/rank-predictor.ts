// The GATE Rank Predictor's query, read and checked on the server (app/lib/rank-predictor.ts).
import { z } from "zod";
import type { GateCategory } from "../gate/score";
import { categoryOptions, MAX_MARKS, messages, MIN_MARKS, type RankPredictorField } from "../rank-predictor";

export { messages, type RankPredictorField };

const categoryValues = categoryOptions.map((o) => o.value) as [GateCategory, ...GateCategory[]];

/** The query's schema for the papers staff keep (their lower-case codes). */
export function rankPredictorSchema(branches: readonly string[]) {
  return z.object({
    marks: z
      .string(messages.marksRequired)
      .trim()
      .min(1, messages.marksRequired)
      // As a scorecard prints them: an optional minus, whole marks, at most two decimals.
      .regex(/^-?\d{1,3}(\.\d{1,2})?$/, messages.marksFormat)
      .transform(Number)
      .pipe(z.number().min(MIN_MARKS, messages.marksRange).max(MAX_MARKS, messages.marksRange)),
    branch: z.string().refine((value) => branches.includes(value), messages.branchRequired),
    category: z.enum(categoryValues, messages.categoryRequired),
  });
}

export type RankPredictorInput = { marks: number; branch: string; category: GateCategory };
type Values = Record<RankPredictorField, string>;

export type RankPredictorState =
  | { status: "idle"; values: Values }
  | { status: "invalid"; values: Values; errors: Partial<Record<RankPredictorField, string>> }
  | { status: "predicted"; values: Values; input: RankPredictorInput };

/**
 * Reads the GET form's query string. Without marks in it, nothing was submitted: "idle", with the
 * branch and category of the link (or the first paper and General) chosen. Otherwise the input or
 * the first error of each field.
 */
export function readRankPredictorQuery(params: URLSearchParams, branches: readonly string[]): RankPredictorState {
  const values = {
    marks: params.get("marks") ?? "",
    branch: params.get("branch") ?? "",
    category: params.get("category") ?? "",
  };
  if (!params.has("marks")) {
    const branch = branches.includes(values.branch) ? values.branch : (branches[0] ?? "");
    const category = categoryValues.includes(values.category as GateCategory) ? values.category : "general";
    return { status: "idle", values: { ...values, branch, category } };
  }

  const result = rankPredictorSchema(branches).safeParse(values);
  if (!result.success) {
    const errors: Partial<Record<RankPredictorField, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as RankPredictorField;
      errors[field] ??= issue.message;
    }
    return { status: "invalid", values, errors };
  }
  return { status: "predicted", values, input: result.data };
}
