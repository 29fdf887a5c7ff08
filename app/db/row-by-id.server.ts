import type { Generated, Selectable } from "kysely";
import { anyTable } from "./any-table.server";
import type { DB } from "./client.server";
import type { Database } from "./schema";

/** The tables keyed by a generated numeric id. */
export type IdTable = {
  [T in keyof Database]: Database[T] extends { id: Generated<number> } ? T : never;
}[keyof Database];

/** The `columns` of the row with this id (an edit form's values), or null when there is none. */
export async function rowById<Table extends IdTable, Column extends keyof Selectable<Database[Table]> & string>(
  db: DB,
  table: Table,
  columns: readonly Column[],
  id: number,
): Promise<Pick<Selectable<Database[Table]>, Column> | null> {
  const row = await anyTable(db)
    .selectFrom(table as string)
    .select(columns)
    .where("id", "=", id)
    .executeTakeFirst();
  return (row as Pick<Selectable<Database[Table]>, Column> | undefined) ?? null;
}
