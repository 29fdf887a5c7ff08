import type { ListQuery } from "~/core/list-query";
import { readListPage, type ListColumns } from "../admin-list.server";
import type { DB } from "../client.server";

// The GATE data manager's lists (issue 48): cutoffs and scores, rank points, previous papers and
// the question bank's subjects, each a page as the manager's view says: ?paper=CH, ?q= words
// (the paper's code and name, and the row's own words), sorted (by paper: its display order, then
// the row's natural order, as the public pages list them), a page at a time. Reads only; the
// writes are ./gate-writes.server.ts.

const byPaper = { column: "p.display_order" } as const;

/** The paper's code a list shows the rows of (?paper=CH), or null for every paper's. */
const paperOf = (list: ListQuery) => list.filters.paper?.toUpperCase() ?? null;

export function pagePaperYearsForAdmin(db: DB, list: ListQuery) {
  let query = db
    .selectFrom("gate_paper_years as y")
    .innerJoin("gate_papers as p", "p.id", "y.paper_id")
    .selectAll("y")
    .select(["p.code as paper_code", "p.name as paper_name"]);
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
  let query = db
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
  let query = db
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
  let query = db
    .selectFrom("gate_subjects as s")
    .innerJoin("gate_papers as p", "p.id", "s.paper_id")
    .leftJoin("test_subcategories as c", "c.id", "s.free_test_subcategory_id")
    .leftJoin("test_categories as tc", "tc.id", "c.category_id")
    .select([
      "s.id",
      "s.paper_id",
      "s.name",
      "s.question_count",
      "s.topics",
      "s.free_test_subcategory_id",
      "s.practice_url",
      "s.display_order",
      "p.code as paper_code",
      "p.name as paper_name",
      "c.name as subcategory_name",
      "c.slug as subcategory_slug",
      "tc.slug as category_slug",
    ]);
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
