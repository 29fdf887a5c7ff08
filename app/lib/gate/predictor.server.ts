import type { DB } from "~/db/client.server";
import { listGatePapers, listPaperYears } from "~/db/queries/gate-papers.server";
import { listRankPoints, rankYears } from "~/db/queries/gate-rank-points.server";
import { branchOption, categoryOptions } from "../rank-predictor";
import { readRankPredictorQuery } from "../schemas/rank-predictor";
import { rankChart } from "./rank-chart";
import { estimateRank } from "./rank-estimate";
import { yearVerdict } from "./year-verdict";

// The GATE Rank Predictor's answer (issue 24), worked out on the server from the figures staff keep.

/** What the rank predictor answers for a query string: the form's state and, for a paper, its data. */
export async function predictRank(db: DB, params: URLSearchParams) {
  const papers = await listGatePapers(db);
  const state = readRankPredictorQuery(
    params,
    papers.map((p) => branchOption(p).value),
  );
  const branch = state.status === "predicted" ? state.input.branch : state.values.branch;
  const paper = papers.find((p) => branchOption(p).value === branch) ?? null;
  const branches = papers.map(branchOption);
  if (!paper) return { state, branches, paper, points: [], chart: null, result: null };

  const [points, years, paperYears] = await Promise.all([
    listRankPoints(db, paper.id),
    rankYears(db, paper.id),
    listPaperYears(db, paper.id),
  ]);
  const input = state.status === "predicted" ? state.input : null;
  const chart = rankChart(points, input?.marks ?? null);
  const result = input
    ? {
        marks: input.marks,
        category: categoryOptions.find((c) => c.value === input.category)!.label,
        estimate: estimateRank(input.marks, years),
        verdicts: paperYears.map((y) => yearVerdict(input.marks, input.category, y)),
      }
    : null;
  return { state, branches, paper, points, chart, result };
}
