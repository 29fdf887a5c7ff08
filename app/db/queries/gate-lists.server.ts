import type { ListQuery } from "~/core/list-query";
import { sql } from "kysely";
import { readListPage, type AnySelect, type ListColumns } from "../admin-list.server";
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

type Sort = ListColumns["sorts"][string];

/** By paper (its display order, then its code), then in the row's own order (`ties`). */
const byPaper = (...ties: NonNullable<Sort["ties"]>): Sort => ({
  column: "p.display_order",
  ties: [{ column: "p.code", dir: "asc" }, ...ties],
});

/** One page of a list, of the paper the view names (?paper=CH) or of every paper's rows. */
function readPaperListPage<O>(query: AnySelect<O>, list: ListQuery, columns: ListColumns) {
  const paper = list.filters.paper?.toUpperCase();
  return readListPage(paper ? query.where(sql.ref("p.code"), "=", paper) : query, list, columns);
}

export function pagePaperYearsForAdmin(db: DB, list: ListQuery) {
  const query = paperYearsWithPaper(db);
  const columns: ListColumns = {
    id: "y.id",
    search: ["p.code", "p.name", "y.institute"],
    sorts: {
      paper: byPaper({ column: "y.year", dir: "desc" }),
      year: { column: "y.year", ties: [{ column: "p.display_order", dir: "asc" }] },
    },
  };
  return readPaperListPage(query, list, columns);
}

export function pageRankPointsForAdmin(db: DB, list: ListQuery) {
  const query = rankPointsWithPaper(db);
  const columns: ListColumns = {
    id: "r.id",
    search: ["p.code", "p.name", "r.source_label"],
    sorts: {
      paper: byPaper(
        { column: "r.year", dir: "desc" },
        { column: "r.marks", dir: "desc" },
        { column: "r.air", dir: "asc" },
      ),
      year: { column: "r.year", ties: [{ column: "r.marks", dir: "desc" }] },
      marks: { column: "r.marks" },
      air: { column: "r.air" },
    },
  };
  return readPaperListPage(query, list, columns);
}

export function pagePreviousPapersForAdmin(db: DB, list: ListQuery) {
  const query = previousPapersWithPaper(db);
  const columns: ListColumns = {
    id: "q.id",
    search: ["p.code", "p.name", "q.question_paper_url", "q.answer_key_url"],
    sorts: {
      paper: byPaper({ column: "q.year", dir: "desc" }),
      year: { column: "q.year", ties: [{ column: "p.display_order", dir: "asc" }] },
    },
  };
  return readPaperListPage(query, list, columns);
}

export function pageSubjectsForAdmin(db: DB, list: ListQuery) {
  const query = subjectsWithPaper(db);
  const columns: ListColumns = {
    id: "s.id",
    search: ["p.code", "p.name", "s.name", "s.topics"],
    sorts: {
      paper: byPaper({ column: "s.display_order", dir: "asc" }),
      name: { column: "s.name" },
      questions: { column: "s.question_count" },
    },
  };
  return readPaperListPage(query, list, columns);
}
