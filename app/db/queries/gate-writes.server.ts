import type { Insertable } from "kysely";
import { anyTable } from "../any-table.server";
import { auditedWrite, type AdminActor } from "../audited-write.server";
import type { DB } from "../client.server";
import type { Database } from "../schema";
import type { AuditDetails } from "./audit-log.server";

// The GATE data manager's writes of one row (issue 24), one set per gate_* table: each is one
// audited transaction (the change, its audit row, and the bump that marks cached public pages
// stale), as every admin write is. Deleting a paper, which takes its rows with it, is
// gate-papers.server.ts's own (deleteGatePaper); the CSV imports are gate-import.server.ts.

export type GateTable =
  "gate_papers" | "gate_paper_years" | "gate_rank_points" | "gate_previous_papers" | "gate_subjects";

/** The columns of a GATE row that its form sets. */
export type GateRowFields<Table extends GateTable> = Omit<
  Insertable<Database[Table]>,
  "id" | "created_at" | "updated_at"
>;

/**
 * create / update / delete by id of one GATE table, shaped as the managers' handleCrud wants them;
 * `audited` names the columns the audit row keeps of a write, `detail` the one a deleted row is
 * remembered by.
 */
export function gateRowWrites<Table extends GateTable, Input extends GateRowFields<Table> = GateRowFields<Table>>(
  table: Table,
  audited: readonly (keyof Input & string)[],
  detail: string,
) {
  const describe = (input: Input): AuditDetails =>
    Object.fromEntries(audited.map((column) => [column, input[column] as AuditDetails[string]]));
  return {
    create(db: DB, actor: AdminActor, input: Input, now = new Date()) {
      return auditedWrite(db, actor, table, now, async ({ claim, insert }) => {
        await claim("create");
        const id = await insert(table, input as never);
        return { result: id, audit: { action: "create", entityId: id, details: describe(input) } };
      });
    },
    update(db: DB, actor: AdminActor, id: number, input: Input, now = new Date()) {
      return auditedWrite(db, actor, table, now, async ({ update }) => {
        // No such row (deleted meanwhile): nothing to audit.
        if (!(await update(table, id, input as never))) return { result: false };
        return { result: true, audit: { action: "update", entityId: id, details: describe(input) } };
      });
    },
    remove(db: DB, actor: AdminActor, id: number, now = new Date()) {
      return auditedWrite(db, actor, table, now, async ({ trx, track }) => {
        await track(table, id);
        const row = await anyTable(trx)
          .deleteFrom(table as string)
          .where("id", "=", id)
          .returning(["id", detail])
          .executeTakeFirst();
        if (!row) return { result: false };
        return {
          result: true,
          audit: { action: "delete", entityId: id, details: { [detail]: row[detail] as string | number } },
        };
      });
    },
  };
}

/** Another row of `table` than `id` with this paper and year (they are unique together). */
export async function paperYearTaken(
  db: DB,
  table: "gate_paper_years" | "gate_previous_papers",
  key: { paper_id: number; year: number },
  id: number | null,
) {
  let query = anyTable(db)
    .selectFrom(table)
    .select("id")
    .where("paper_id", "=", key.paper_id)
    .where("year", "=", key.year);
  if (id !== null) query = query.where("id", "<>", id);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A paper's create and update (its delete is deleteGatePaper). */
export const gatePaperWrites = gateRowWrites("gate_papers", ["code"], "code");
export const paperYearWrites = gateRowWrites("gate_paper_years", ["paper_id", "year"], "year");
export const rankPointWrites = gateRowWrites("gate_rank_points", ["year", "marks", "air"], "air");
export const previousPaperWrites = gateRowWrites("gate_previous_papers", ["paper_id", "year"], "year");
export const subjectWrites = gateRowWrites("gate_subjects", ["name"], "name");
