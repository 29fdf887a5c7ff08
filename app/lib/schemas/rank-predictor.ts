// The GATE Rank Predictor's query, read and checked on the server (app/lib/rank-predictor.ts).
import { z } from "zod";
import {
  branchOptions,
  categoryOptions,
  messages,
  predictedRankRange,
  type RankPredictorField,
} from "../rank-predictor";

export { messages, type RankPredictorField };

type Branch = (typeof branchOptions)[number]["value"];
type Category = (typeof categoryOptions)[number]["value"];
const branchValues = branchOptions.map((o) => o.value) as [Branch, ...Branch[]];
const categoryValues = categoryOptions.map((o) => o.value) as [Category, ...Category[]];

export const RankPredictorSchema = z.object({
  marks: z
    .string(messages.marksRequired)
    .trim()
    .min(1, messages.marksRequired)
    .regex(/^\d{1,3}(\.\d+)?$/, messages.marksFormat)
    .transform(Number)
    .pipe(z.number().min(0, messages.marksRange).max(100, messages.marksRange)),
  branch: z.enum(branchValues, messages.branchRequired),
  category: z.enum(categoryValues, messages.categoryRequired),
});

export type RankPredictorState =
  | { status: "idle"; values: Record<RankPredictorField, string> }
  | {
      status: "invalid";
      values: Record<RankPredictorField, string>;
      errors: Partial<Record<RankPredictorField, string>>;
    }
  | {
      status: "predicted";
      values: Record<RankPredictorField, string>;
      input: z.output<typeof RankPredictorSchema>;
      range: typeof predictedRankRange;
    };

/**
 * Reads the GET form's query string. Nothing submitted yet (no field present) is "idle", so the
 * bare page shows no errors; otherwise the result or the first error of each field.
 */
export function readRankPredictorQuery(params: URLSearchParams): RankPredictorState {
  const values = {
    marks: params.get("marks") ?? "",
    branch: params.get("branch") ?? "",
    category: params.get("category") ?? "",
  };
  if (!params.has("marks") && !params.has("branch") && !params.has("category")) return { status: "idle", values };

  const result = RankPredictorSchema.safeParse(values);
  if (!result.success) {
    const errors: Partial<Record<RankPredictorField, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as RankPredictorField;
      errors[field] ??= issue.message;
    }
    return { status: "invalid", values, errors };
  }
  return { status: "predicted", values, input: result.data, range: predictedRankRange };
}
