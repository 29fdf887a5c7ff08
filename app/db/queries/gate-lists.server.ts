import type { ListQuery } from "~/core/list-query";
import { readListPage, type ListColumns } from "../admin-list.server";
import type { DB } from "../client.server";
import { paperYearsWithPaper } from "./gate-papers.server";
import { previousPapersWithPaper } from "./gate-previous-papers.server";
import { rankPointsWithPaper } from "./gate-rank-points.server";
import { subjectsWithPaper } from "./gate-subjects.server";

// The GATE data manager's lists (issue 48): cutoffs and scores, rank points, previous papers and
// the question bank's subjects, each a page as the manager's view says: ?paper=CH, ?q= words
// (the paper's code and name, and the row's own words), sorted (by paper: its display order, then
// the row's natural order, as the public pages list them), a page at a time. Each reads the rows
// as its table's module does (the same columns and joins); only the list's search and sorts are
// here. Reads only; the writes are ./gate-writes.server.ts.

const byPaper = { column: "p.display_order" } as const;

/** The paper's code a list shows the rows of (?paper=CH), or null for every paper's. */
const paperOf = (list: ListQuery) => list.filters.paper?.toUpperCase() ?? null;

export function pagePaperYearsForAdmin(db: DB, list: ListQuery) {
  let query = paperYearsWithPaper(db);
  const columns: ListColumns = {
    id: "y.id",
    search: ["p.code", "p.name", "y.institute"],
    sorts: {
      paper: {
        ...byPaper,
        ties: [
          { column: "p.code", dir: "asc" },
          { column: "y.year", dir: "desc" },
        ],
      },
      year: { column: "y.year", ties: [{ column: "p.display_order", dir: "asc" }] },
    },
  };
  const paper = paperOf(list);
  if (paper) query = query.where("p.code", "=", paper);
  return readListPage(query, list, columns);
}

export function pageRankPointsForAdmin(db: DB, list: ListQuery) {
  let query = rankPointsWithPaper(db);
  const columns: ListColumns = {
    id: "r.id",
    search: ["p.code", "p.name", "r.source_label"],
    sorts: {
      paper: {
        ...byPaper,
        ties: [
          { column: "p.code", dir: "asc" },
          { column: "r.year", dir: "desc" },
          { column: "r.marks", dir: "desc" },
          { column: "r.air", dir: "asc" },
        ],
      },
      year: { column: "r.year", ties: [{ column: "r.marks", dir: "desc" }] },
      marks: { column: "r.marks" },
      air: { column: "r.air" },
    },
  };
  const paper = paperOf(list);
  if (paper) query = query.where("p.code", "=", paper);
  return readListPage(query, list, columns);
}

export function pagePreviousPapersForAdmin(db: DB, list: ListQuery) {
  let query = previousPapersWithPaper(db);
  const columns: ListColumns = {
    id: "q.id",
    search: ["p.code", "p.name", "q.question_paper_url", "q.answer_key_url"],
    sorts: {
      paper: {
        ...byPaper,
        ties: [
          { column: "p.code", dir: "asc" },
          { column: "q.year", dir: "desc" },
        ],
      },
      year: { column: "q.year", ties: [{ column: "p.display_order", dir: "asc" }] },
    },
  };
  const paper = paperOf(list);
  if (paper) query = query.where("p.code", "=", paper);
  return readListPage(query, list, columns);
}

export function pageSubjectsForAdmin(db: DB, list: ListQuery) {
  let query = subjectsWithPaper(db);
  const columns: ListColumns = {
    id: "s.id",
    search: ["p.code", "p.name", "s.name", "s.topics"],
    sorts: {
      paper: {
        ...byPaper,
        ties: [
          { column: "p.code", dir: "asc" },
          { column: "s.display_order", dir: "asc" },
        ],
      },
      name: { column: "s.name" },
      questions: { column: "s.question_count" },
    },
  };
  const paper = paperOf(list);
  if (paper) query = query.where("p.code", "=", paper);
  return readListPage(query, list, columns);
}
