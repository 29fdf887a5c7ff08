import { auditedWrite, type AdminActor } from "../audited-write.server";
import type { DB } from "../client.server";
import type { GateRowFields } from "./gate-writes.server";

// The CSV imports of the GATE data manager (issue 24), given rows the caller has already checked
// line by line: all of a file is applied in one audited transaction, or none of it. Rows are
// matched by their natural key, so exporting, editing in a spreadsheet and importing round-trips,
// and importing an unchanged file changes nothing (no write, no audit row).

export type PaperYearRow = GateRowFields<"gate_paper_years">;
export type RankPointRow = GateRowFields<"gate_rank_points">;

/** What an import did, for its toast and its audit row. */
export interface ImportOutcome {
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * Paper-years by paper and year: a new pair is added, a known one is updated where a figure
 * differs. Paper-years the file leaves out are kept.
 */
export function importPaperYears(db: DB, actor: AdminActor, rows: PaperYearRow[], now = new Date()) {
  return auditedWrite(db, actor, "gate_paper_years", now, async ({ trx, stamp }) => {
    const existing = await trx.selectFrom("gate_paper_years").selectAll().execute();
    const outcome: ImportOutcome = { added: 0, updated: 0, unchanged: 0 };
    for (const row of rows) {
      const known = existing.find((e) => e.paper_id === row.paper_id && e.year === row.year);
      if (!known) {
        await trx
          .insertInto("gate_paper_years")
          .values({ ...row, created_at: stamp, updated_at: stamp })
          .execute();
        outcome.added++;
      } else if (
        Object.entries(row).some(([field, value]) => (known[field as keyof PaperYearRow] ?? null) !== (value ?? null))
      ) {
        await trx
          .updateTable("gate_paper_years")
          .set({ ...row, updated_at: stamp })
          .where("id", "=", known.id)
          .execute();
        outcome.updated++;
      } else outcome.unchanged++;
    }
    return audited(outcome, rows.length);
  });
}

const pointKey = (p: Pick<RankPointRow, "marks" | "air" | "kind" | "source_label" | "source_url">) =>
  JSON.stringify([p.marks, p.air, p.kind, p.source_label, p.source_url ?? null]);
const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && a.toSorted().every((key, i) => key === b.toSorted()[i]);

/**
 * Rank points: the file's points of a paper-year replace all points of that paper-year, unless
 * they are the same points. Paper-years the file leaves out keep theirs.
 */
export function importRankPoints(db: DB, actor: AdminActor, rows: RankPointRow[], now = new Date()) {
  return auditedWrite(db, actor, "gate_rank_points", now, async ({ trx, stamp }) => {
    const groups = Map.groupBy(rows, (row) => `${row.paper_id}:${row.year}`);
    const outcome: ImportOutcome = { added: 0, updated: 0, unchanged: 0 };
    for (const points of groups.values()) {
      const { paper_id, year } = points[0]!;
      const existing = await trx
        .selectFrom("gate_rank_points")
        .select(["marks", "air", "kind", "source_label", "source_url"])
        .where("paper_id", "=", paper_id)
        .where("year", "=", year)
        .execute();
      if (sameSet(existing.map(pointKey), points.map(pointKey))) {
        outcome.unchanged += points.length;
        continue;
      }
      await trx.deleteFrom("gate_rank_points").where("paper_id", "=", paper_id).where("year", "=", year).execute();
      await trx
        .insertInto("gate_rank_points")
        .values(points.map((point) => ({ ...point, created_at: stamp, updated_at: stamp })))
        .execute();
      if (existing.length) outcome.updated += points.length;
      else outcome.added += points.length;
    }
    return audited(outcome, rows.length);
  });
}

/** The import's audit row (one for the whole file), or none when it changed nothing. */
function audited(outcome: ImportOutcome, rows: number) {
  if (outcome.added + outcome.updated === 0) return { result: outcome };
  return {
    result: outcome,
    audit: { action: "update" as const, entityId: 0, details: { imported: rows, ...outcome } },
  };
}
