import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { DB } from "~/db/client.server";
import {
  listPaperYearRows,
  listRankPointRows,
  type PaperYearRow,
  type RankPointRow,
} from "~/db/queries/gate-import.server";
import { showValue } from "./history-diff";
import type { GateCsvKind } from "./gate-csv";

// What a GATE CSV import will do, before it does it (issue 48): the rows it adds, the rows it
// changes (each changed field, before and after) and the points it removes, read from the saved
// data as the importers (~/db/queries/gate-import.server.ts) match it, and a digest of the file
// and of the saved rows it touches. The confirmation carries the digest: applied only if the
// plan is still the one shown.

/** Items listed per kind; the counts say how many in all. */
export const PLAN_SHOWN = 50;

export interface PlanItem {
  /** The file's row (as a spreadsheet numbers it), for a row of the file. */
  row: number | null;
  /** "CH 2024", or "CH 2024: 60 marks, AIR 70". */
  label: string;
  /** A changed row's fields (CSV column names), before and after. */
  fields: { column: string; before: string; after: string }[];
}

export interface ImportPlan {
  added: PlanItem[];
  changed: PlanItem[];
  removed: PlanItem[];
  counts: { added: number; changed: number; removed: number; unchanged: number };
  digest: string;
}

type Rowed<T> = T & { row: number };
type Codes = ReadonlyMap<number, string>;

const yearKey = (row: { paper_id: number; year: number }) => `${row.paper_id}:${row.year}`;
const yearLabel = (codes: Codes, row: { paper_id: number; year: number }) =>
  `${codes.get(row.paper_id) ?? "?"} ${row.year}`;

const digestOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/** The saved row's columns an import compares: its own, without id and timestamps. */
function comparable(row: Record<string, unknown>) {
  const { id: _id, created_at: _created, updated_at: _updated, ...rest } = row;
  return rest;
}

/** Paper-years: a new pair is added, a known one changed where a figure differs (as importPaperYears). */
export function planPaperYears(
  saved: readonly Record<string, unknown>[],
  rows: readonly Rowed<PaperYearRow>[],
  codes: Codes,
): Omit<ImportPlan, "digest"> & { touched: unknown[] } {
  const known = new Map(saved.map((row) => [yearKey(row as { paper_id: number; year: number }), row]));
  const plan = { added: [] as PlanItem[], changed: [] as PlanItem[], removed: [] as PlanItem[], unchanged: 0 };
  const touched: unknown[] = [];
  for (const { row: at, ...row } of rows) {
    const before = known.get(yearKey(row));
    const label = yearLabel(codes, row);
    if (!before) {
      plan.added.push({ row: at, label, fields: [] });
      continue;
    }
    touched.push(comparable(before));
    const fields = Object.entries(row)
      .filter(([column, value]) => (before[column] ?? null) !== (value ?? null))
      .map(([column, value]) => ({ column, before: showValue(before[column]), after: showValue(value) }));
    if (fields.length) plan.changed.push({ row: at, label, fields });
    else plan.unchanged++;
  }
  return { ...counted(plan), touched };
}

type Point = Pick<RankPointRow, "paper_id" | "year" | "marks" | "air" | "kind" | "source_label" | "source_url">;
const pointKey = (p: Point) => JSON.stringify([p.marks, p.air, p.kind, p.source_label, p.source_url ?? null]);
const pointLabel = (codes: Codes, p: Point) =>
  `${yearLabel(codes, p)}: ${p.marks} marks, AIR ${p.air} (${p.kind}; ${p.source_label})`;

/**
 * Rank points: a paper-year's points in the file replace its saved ones (as importRankPoints).
 * Points in both are kept; the others are added or removed.
 */
export function planRankPoints(
  saved: readonly Point[],
  rows: readonly Rowed<RankPointRow>[],
  codes: Codes,
): Omit<ImportPlan, "digest"> & { touched: unknown[] } {
  const savedByYear = Map.groupBy(saved, yearKey);
  const plan = { added: [] as PlanItem[], changed: [] as PlanItem[], removed: [] as PlanItem[], unchanged: 0 };
  const touched: unknown[] = [];
  for (const [key, points] of Map.groupBy(rows, yearKey)) {
    const before = savedByYear.get(key) ?? [];
    touched.push(before.map(pointKey).sort());
    // Saved points by key, each as often as it is saved: a file's point takes one.
    const left = new Map<string, Point[]>();
    for (const point of before) left.set(pointKey(point), [...(left.get(pointKey(point)) ?? []), point]);
    for (const point of points) {
      const same = left.get(pointKey(point));
      if (same?.length) {
        same.pop();
        plan.unchanged++;
      } else plan.added.push({ row: point.row, label: pointLabel(codes, point), fields: [] });
    }
    for (const rest of left.values())
      for (const point of rest) plan.removed.push({ row: null, label: pointLabel(codes, point), fields: [] });
  }
  return { ...counted(plan), touched };
}

function counted(plan: { added: PlanItem[]; changed: PlanItem[]; removed: PlanItem[]; unchanged: number }) {
  return {
    added: plan.added.slice(0, PLAN_SHOWN),
    changed: plan.changed.slice(0, PLAN_SHOWN),
    removed: plan.removed.slice(0, PLAN_SHOWN),
    counts: {
      added: plan.added.length,
      changed: plan.changed.length,
      removed: plan.removed.length,
      unchanged: plan.unchanged,
    },
  };
}

/** What importing these checked rows of `kind` would do to the saved data now. */
export async function planGateImport(
  db: DB,
  kind: GateCsvKind,
  rows: readonly Rowed<PaperYearRow | RankPointRow>[],
  papers: readonly { id: number; code: string }[],
): Promise<ImportPlan> {
  const codes = new Map(papers.map((paper) => [paper.id, paper.code]));
  // The saved rows' read, the comparison and the digest each take a few tens of milliseconds on
  // 5,000 rows; a turn of the event loop between them lets other requests go on (issue 42).
  const saved =
    kind === "paper-years"
      ? await listPaperYearRows(db)
      : await listRankPointRows(db, [...new Set(rows.map((row) => row.paper_id))]);
  await nextTurn();
  const { touched, ...plan } =
    kind === "paper-years"
      ? planPaperYears(saved, rows as Rowed<PaperYearRow>[], codes)
      : planRankPoints(saved as Point[], rows as Rowed<RankPointRow>[], codes);
  await nextTurn();
  const file = rows.map(({ row: _row, ...row }) => row);
  return { ...plan, digest: digestOf({ kind, file, touched }) };
}
