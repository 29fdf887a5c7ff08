import { setImmediate as nextTurn } from "node:timers/promises";
import type { Insertable } from "kysely";
import { auditedWrite, type AdminActor } from "../audited-write.server";
import type { DB } from "../client.server";
import type { Database } from "../schema";
import type { GateRowFields } from "./gate-writes.server";

// The CSV imports of the GATE data manager (issue 24), given rows the caller has already checked
// line by line: all of a file is applied in one audited transaction, or none of it. Rows are
// matched by their natural key, so exporting, editing in a spreadsheet and importing round-trips,
// and importing an unchanged file changes nothing (no write, no audit row).
//
// A file may hold 5,000 rows (issue 42): every step is linear (keys in Maps, not searches), and the
// rows go in as multi-row statements, each under SQLite's limit of bound values. On SQLite the
// transaction runs without a turn of the event loop (better-sqlite3 is synchronous), and must: a
// turn taken while it holds the write lock would let the auth library's own connection wait for
// that lock inside a synchronous busy handler, freezing the process. So it does only the writes,
// a few statements of a few milliseconds each.

export type PaperYearRow = GateRowFields<"gate_paper_years">;
export type RankPointRow = GateRowFields<"gate_rank_points">;

/** What an import did, for its toast and its audit row. */
export interface ImportOutcome {
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * SQLite's limit on the values bound to one statement (SQLITE_MAX_VARIABLE_NUMBER, 32766 since
 * 3.32); PostgreSQL's is 65535. A multi-row insert binds one value per column of each row.
 */
export const MAX_BOUND_VALUES = 32_766;

/**
 * Rows per statement at most. SQLite runs a statement synchronously: 3,640 rank points in one held
 * the event loop for 110–120 ms on a slower host; 500 keep each statement to a few milliseconds.
 */
const ROWS_PER_STATEMENT = 500;

/**
 * The rows in slices whose statements stay under MAX_BOUND_VALUES and short, with a turn of the
 * event loop before each slice after the first, so that other requests go on (issue 42).
 */
export async function* inBatches<T extends object>(rows: readonly T[]): AsyncGenerator<T[]> {
  const columns = rows.length ? Object.keys(rows[0]!).length : 1;
  const size = Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_BOUND_VALUES / columns)));
  for (let at = 0; at < rows.length; at += size) {
    if (at > 0) await nextTurn();
    yield rows.slice(at, at + size);
  }
}

const yearKey = (row: { paper_id: number; year: number }) => `${row.paper_id}:${row.year}`;

/** Every saved paper-year, for an import's preview (issue 48): the table holds a few hundred. */
export function listPaperYearRows(db: DB) {
  return db.selectFrom("gate_paper_years").selectAll().orderBy("id").execute();
}

/** The saved rank points of these papers, for an import's preview (issue 48). */
export function listRankPointRows(db: DB, paperIds: readonly number[]) {
  if (paperIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("gate_rank_points")
    .select(["paper_id", "year", "marks", "air", "kind", "source_label", "source_url"])
    .where("paper_id", "in", paperIds)
    .orderBy("id")
    .execute();
}

/**
 * Paper-years by paper and year: a new pair is added, a known one is updated where a figure
 * differs. Paper-years the file leaves out are kept.
 */
export function importPaperYears(db: DB, actor: AdminActor, rows: PaperYearRow[], now = new Date()) {
  return auditedWrite(db, actor, "gate_paper_years", now, async ({ trx, stamp }) => {
    const existing = await trx.selectFrom("gate_paper_years").selectAll().execute();
    const known = new Map(existing.map((row) => [yearKey(row), row]));
    const outcome: ImportOutcome = { added: 0, updated: 0, unchanged: 0 };
    const writes: Insertable<Database["gate_paper_years"]>[] = [];
    for (const row of rows) {
      const before = known.get(yearKey(row));
      if (!before) outcome.added++;
      else if (
        Object.entries(row).some(([field, value]) => (before[field as keyof PaperYearRow] ?? null) !== (value ?? null))
      ) {
        outcome.updated++;
      } else {
        outcome.unchanged++;
        continue;
      }
      writes.push({ ...row, created_at: stamp, updated_at: stamp });
    }
    // New pairs are inserted and known ones updated in the same statements: the pair is unique.
    for await (const batch of inBatches(writes)) {
      const columns = Object.keys(batch[0]!).filter(
        (column) => !["paper_id", "year", "created_at"].includes(column),
      ) as (keyof PaperYearRow & string)[];
      await trx
        .insertInto("gate_paper_years")
        .values(batch)
        .onConflict((conflict) =>
          conflict
            .columns(["paper_id", "year"])
            .doUpdateSet((eb) => Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)]))),
        )
        .execute();
    }
    return audited(outcome, rows.length);
  });
}

const pointKey = (p: Pick<RankPointRow, "marks" | "air" | "kind" | "source_label" | "source_url">) =>
  JSON.stringify([p.marks, p.air, p.kind, p.source_label, p.source_url ?? null]);

/** Whether two lists hold the same keys, each as often: counted, not sorted and searched. */
function sameKeys(a: readonly string[], b: readonly string[]) {
  if (a.length !== b.length) return false;
  const counts = new Map<string, number>();
  for (const key of a) counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const key of b) {
    const left = counts.get(key);
    if (!left) return false;
    counts.set(key, left - 1);
  }
  return true;
}

/**
 * Rank points: the file's points of a paper-year replace all points of that paper-year, unless
 * they are the same points. Paper-years the file leaves out keep theirs.
 */
export function importRankPoints(db: DB, actor: AdminActor, rows: RankPointRow[], now = new Date()) {
  const groups = [...Map.groupBy(rows, yearKey).values()].map((points) => ({ points, keys: points.map(pointKey) }));
  return auditedWrite(db, actor, "gate_rank_points", now, async ({ trx, stamp }) => {
    const outcome: ImportOutcome = { added: 0, updated: 0, unchanged: 0 };
    for (const { points, keys } of groups) {
      const { paper_id, year } = points[0]!;
      const existing = await trx
        .selectFrom("gate_rank_points")
        .select(["marks", "air", "kind", "source_label", "source_url"])
        .where("paper_id", "=", paper_id)
        .where("year", "=", year)
        .execute();
      if (sameKeys(existing.map(pointKey), keys)) {
        outcome.unchanged += points.length;
        continue;
      }
      await trx.deleteFrom("gate_rank_points").where("paper_id", "=", paper_id).where("year", "=", year).execute();
      const stamped = points.map((point) => ({ ...point, created_at: stamp, updated_at: stamp }));
      for await (const batch of inBatches(stamped)) await trx.insertInto("gate_rank_points").values(batch).execute();
      if (existing.length) outcome.updated += points.length;
      else outcome.added += points.length;
    }
    return audited(outcome, rows.length);
  });
}

/**
 * The import's audit row (one for the whole file, logged as an import of the table: issue 48), or
 * none when it changed nothing.
 */
function audited(outcome: ImportOutcome, rows: number) {
  if (outcome.added + outcome.updated === 0) return { result: outcome };
  return {
    result: outcome,
    audit: { action: "import" as const, entityId: null, details: { imported: rows, ...outcome } },
  };
}
