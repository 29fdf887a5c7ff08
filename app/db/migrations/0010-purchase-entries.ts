import { PostgresAdapter, sql, type Kysely } from "kysely";

// Purchase entries (issue 25 "True social proof"): the real purchases staff enter for the
// purchase-notification toast, in place of the five invented buyers every visitor saw. The date
// of purchase is a calendar date in India, written YYYY-MM-DD as text on both engines (a
// PostgreSQL `date` would come back as a JS Date). The toast reads the active entries of the last
// 30 days, newest first: the index serves that read in order.

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  let table = db.schema
    .createTable("purchase_entries")
    .addColumn("id", "integer", (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    );
  // The buyer's first name, the city, what was bought and when: all required text.
  for (const column of ["buyer_name", "city", "product", "purchased_on"]) {
    table = table.addColumn(column, "text", (c) => c.notNull());
  }
  await table
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await sql`create index purchase_entries_active_recent on purchase_entries (is_active, purchased_on, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("purchase_entries").ifExists().execute();
}
