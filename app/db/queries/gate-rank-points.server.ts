import type { DB } from "../client.server";
import type { GateRankPointsTable } from "../schema";

// Marks-vs-rank points of GATE papers (issue 24): what the rank predictor interpolates between,
// and what the GATE data manager lists, imports and exports.

/** Every point of one paper, newest year first and highest marks first within a year. */
export function listRankPoints(db: DB, paperId: number) {
  return db
    .selectFrom("gate_rank_points")
    .select(["id", "paper_id", "year", "marks", "air", "kind", "source_label", "source_url"])
    .where("paper_id", "=", paperId)
    .orderBy("year", "desc")
    .orderBy("marks", "desc")
    .orderBy("air")
    .execute();
}

export type RankPointRow = Awaited<ReturnType<typeof listRankPoints>>[number];

/** One year's points (the shape ~/lib/gate/rank-estimate reads). */
export type RankPointYear = {
  year: number;
  candidates: number | null;
  points: { marks: number; air: number; kind: GateRankPointsTable["kind"] }[];
};

/**
 * One paper's points grouped by year, each year with its candidates-appeared count where staff
 * entered one: the rank predictor's input.
 */
export async function rankYears(db: DB, paperId: number): Promise<RankPointYear[]> {
  const [points, counts] = await Promise.all([
    listRankPoints(db, paperId),
    db.selectFrom("gate_paper_years").select(["year", "candidates_appeared"]).where("paper_id", "=", paperId).execute(),
  ]);
  const candidates = new Map(counts.map((c) => [c.year, c.candidates_appeared]));
  const years = new Map<number, RankPointYear>();
  for (const point of points) {
    let year = years.get(point.year);
    if (!year) {
      year = { year: point.year, candidates: candidates.get(point.year) ?? null, points: [] };
      years.set(point.year, year);
    }
    year.points.push({ marks: point.marks, air: point.air, kind: point.kind });
  }
  return [...years.values()];
}
