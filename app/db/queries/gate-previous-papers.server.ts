import type { DB } from "../client.server";

// Previous-year GATE question papers and answer keys (issue 24): the links staff add from each
// organising institute's site, for /previous-year and the GATE data manager.

/** The paper-years' links (alias q) with their paper (p): what the public list and the manager read. */
export function previousPapersWithPaper(db: DB) {
  return db
    .selectFrom("gate_previous_papers as q")
    .innerJoin("gate_papers as p", "p.id", "q.paper_id")
    .select([
      "q.id",
      "q.paper_id",
      "q.year",
      "q.question_paper_url",
      "q.answer_key_url",
      "q.source_url",
      "p.code as paper_code",
      "p.name as paper_name",
    ]);
}

/** Every paper-year's links with its paper, papers in their order, the newest year first. */
export function listPreviousPapers(db: DB) {
  return previousPapersWithPaper(db).orderBy("p.display_order").orderBy("p.code").orderBy("q.year", "desc").execute();
}

export type PreviousPaper = Awaited<ReturnType<typeof listPreviousPapers>>[number];
