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

// --- the GATE data manager (admin) ----------------------------------------------------------

/** The points (alias r) with their paper's code (p): what the manager's table and pages read. */
export function rankPointsWithPaper(db: DB) {
  return db
    .selectFrom("gate_rank_points as r")
    .innerJoin("gate_papers as p", "p.id", "r.paper_id")
    .select([
      "r.id",
      "r.paper_id",
      "p.code as paper_code",
      "r.year",
      "r.marks",
      "r.air",
      "r.kind",
      "r.source_label",
      "r.source_url",
    ]);
}

/**
 * Every point of every paper (or of one) with its paper's code, papers in their order, newest year
 * first, highest marks first: the manager's table and the CSV export.
 */
export function listAllRankPoints(db: DB, paperId?: number) {
  let query = rankPointsWithPaper(db);
  if (paperId !== undefined) query = query.where("r.paper_id", "=", paperId);
  return query
    .orderBy("p.display_order")
    .orderBy("p.code")
    .orderBy("r.year", "desc")
    .orderBy("r.marks", "desc")
    .orderBy("r.air")
    .orderBy("r.id")
    .execute();
}

export type AdminRankPoint = Awaited<ReturnType<typeof listAllRankPoints>>[number];
