import { sql, type Transaction } from "kysely";
import { auditedWrite, type AdminActor } from "./audited-write.server";
import { isPostgres, type DB } from "./client.server";
import type { Database } from "./schema";

// The lists staff put in order by hand (hero banners, spec §4 "Banner order"; FAQs): a new row
// goes last, and Move up/down swaps a row's display_order with its neighbour's, audited. These
// writes read display_order and write from it, so on PostgreSQL they lock the table against other
// writers first (reads by the public pages carry on); SQLite runs one write transaction at a time.

/** The tables whose rows staff order with Move up and Move down. */
export type OrderedTable = "hero_banners" | "faqs";

async function lockOrder(trx: Transaction<Database>, table: OrderedTable) {
  if (isPostgres(trx)) await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(trx);
}

/**
 * Where a new row goes: the highest display_order plus 1, or 1 when there is none (spec §4). Locks
 * the order first; call it inside the write that inserts the row.
 */
export async function nextDisplayOrder(trx: Transaction<Database>, table: OrderedTable): Promise<number> {
  await lockOrder(trx, table);
  const { max } = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max("display_order").as("max"))
    .executeTakeFirstOrThrow();
  return (max ?? 0) + 1;
}

/**
 * Moves a row one place up or down by swapping display_order with its neighbour, every update in
 * one audited transaction ("reorder"). True when the order changed; false at an end or for an
 * unknown row, and then nothing is written.
 */
export function moveInOrder(
  db: DB,
  actor: AdminActor,
  table: OrderedTable,
  id: number,
  direction: "up" | "down",
  now = new Date(),
) {
  return auditedWrite(db, actor, table, now, async ({ trx, update }) => {
    await lockOrder(trx, table);
    const rows = await trx
      .selectFrom(table)
      .select(["id", "display_order"])
      .orderBy("display_order")
      .orderBy("id")
      .execute();
    const index = rows.findIndex((row) => row.id === id);
    const neighbourIndex = direction === "up" ? index - 1 : index + 1;
    const row = rows[index];
    const neighbour = rows[neighbourIndex];
    if (!row || !neighbour) return { result: false };
    // Swapping two equal values would change nothing: give such rows distinct positions first.
    const orders =
      new Set(rows.map((r) => r.display_order)).size === rows.length
        ? rows.map((r) => r.display_order)
        : rows.map((_, position) => position + 1);
    const reordered = rows.slice();
    [reordered[index], reordered[neighbourIndex]] = [neighbour, row];
    for (const [position, r] of reordered.entries()) {
      const order = orders[position] as number;
      if (r.display_order !== order) await update(table, r.id, { display_order: order });
    }
    const details = { direction, swapped_with: neighbour.id };
    return { result: true, audit: { action: "reorder", entityId: id, details } };
  });
}
