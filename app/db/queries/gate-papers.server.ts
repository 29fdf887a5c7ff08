import { auditedWrite, type AdminActor } from "../audited-write.server";
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

/** The paper-years (alias y) with their paper (p): what the public pages and the manager read. */
export function paperYearsWithPaper(db: DB) {
  return db
    .selectFrom("gate_paper_years as y")
    .innerJoin("gate_papers as p", "p.id", "y.paper_id")
    .select([...paperYearColumns, "p.code as paper_code", "p.name as paper_name"]);
}

/** Every paper-year with its paper, papers in their order and the newest year first. */
export function listPaperYears(db: DB, paperId?: number) {
  let query = paperYearsWithPaper(db);
  if (paperId !== undefined) query = query.where("y.paper_id", "=", paperId);
  return query.orderBy("p.display_order").orderBy("p.code").orderBy("y.year", "desc").execute();
}

export type PaperYear = Awaited<ReturnType<typeof listPaperYears>>[number];

// --- the GATE data manager (admin) ----------------------------------------------------------

/** Every paper with its order, for the manager's table and the papers select of the other forms. */
export function listGatePapersForAdmin(db: DB) {
  return db
    .selectFrom("gate_papers")
    .select(["id", "code", "name", "display_order"])
    .orderBy("display_order")
    .orderBy("code")
    .execute();
}

export type AdminGatePaper = Awaited<ReturnType<typeof listGatePapersForAdmin>>[number];

/** Another paper than `id` with this code. */
export async function paperCodeTaken(db: DB, code: string, id: number | null) {
  let query = db.selectFrom("gate_papers").select("id").where("code", "=", code);
  if (id !== null) query = query.where("id", "<>", id);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The tables of a paper's rows, which go when the paper goes. */
const paperRowTables = ["gate_paper_years", "gate_rank_points", "gate_previous_papers", "gate_subjects"] as const;
export type PaperDeletionImpact = Record<(typeof paperRowTables)[number], number>;

/** How many rows of each table deleting the paper takes with it; null for an unknown paper. */
export async function getPaperDeletionImpact(db: DB, id: number): Promise<PaperDeletionImpact | null> {
  if (!(await db.selectFrom("gate_papers").select("id").where("id", "=", id).executeTakeFirst())) return null;
  const counts = await Promise.all(
    paperRowTables.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("paper_id", "=", id)
        .executeTakeFirstOrThrow();
      return [table, Number(row.n)] as const;
    }),
  );
  return Object.fromEntries(counts) as PaperDeletionImpact;
}

/**
 * Deletes a paper and every row of it (years, rank points, previous papers, subjects), explicitly
 * rather than by the foreign keys, so the audit row records the counts whatever the engine.
 */
export function deleteGatePaper(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return auditedWrite(db, actor, "gate_papers", now, async ({ trx, track }) => {
    await track("gate_papers", id);
    const removed: Record<string, number> = {};
    for (const table of paperRowTables) {
      const rows = await trx.deleteFrom(table).where("paper_id", "=", id).returning("id").execute();
      removed[table] = rows.length;
    }
    const paper = await trx.deleteFrom("gate_papers").where("id", "=", id).returning("code").executeTakeFirst();
    if (!paper) return { result: false };
    return { result: true, audit: { action: "delete", entityId: id, details: { code: paper.code, ...removed } } };
  });
}
