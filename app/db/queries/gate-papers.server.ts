import type { DB } from "../client.server";

// GATE papers and each paper-year's published figures (issue 24): the branch list of the rank
// predictor, the cutoff table of /gate-cutoffs, and the GATE data manager. Papers are few (one
// per GATE paper code), so their lists are read whole.

export type GatePaper = { id: number; code: string; name: string };

/** Every paper, in the order staff set (Chemical first in the demo). */
export function listGatePapers(db: DB): Promise<GatePaper[]> {
  return db.selectFrom("gate_papers").select(["id", "code", "name"]).orderBy("display_order").orderBy("code").execute();
}

/** A paper by its code, whatever the case ("ch" finds CH). */
export function findGatePaper(db: DB, code: string): Promise<GatePaper | undefined> {
  return db
    .selectFrom("gate_papers")
    .select(["id", "code", "name"])
    .where("code", "=", code.toUpperCase())
    .executeTakeFirst();
}

const paperYearColumns = [
  "y.id",
  "y.paper_id",
  "y.year",
  "y.institute",
  "y.qualifying_general",
  "y.qualifying_obc_ews",
  "y.qualifying_sc_st_pwd",
  "y.qualifying_source_url",
  "y.qualifying_retrieved_on",
  "y.is_qualifying_verified",
  "y.top_mean_marks",
  "y.top_mean_source_url",
  "y.top_mean_retrieved_on",
  "y.is_top_mean_verified",
  "y.candidates_appeared",
  "y.candidates_source_url",
  "y.candidates_retrieved_on",
  "y.is_candidates_verified",
] as const;

/** Every paper-year with its paper, papers in their order and the newest year first. */
export function listPaperYears(db: DB, paperId?: number) {
  let query = db
    .selectFrom("gate_paper_years as y")
    .innerJoin("gate_papers as p", "p.id", "y.paper_id")
    .select([...paperYearColumns, "p.code as paper_code", "p.name as paper_name"]);
  if (paperId !== undefined) query = query.where("y.paper_id", "=", paperId);
  return query.orderBy("p.display_order").orderBy("p.code").orderBy("y.year", "desc").execute();
}

export type PaperYear = Awaited<ReturnType<typeof listPaperYears>>[number];
