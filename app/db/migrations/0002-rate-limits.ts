import { PostgresAdapter, sql, type Kysely } from "kysely";

// Fixed-window counters for public forms and sign-in, kept in the database so that several
// app instances share them (DESIGN §7).
export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("rate_limits")
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("window_start", pg ? sql`timestamptz` : sql`text`, (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limits_pk", ["bucket", "key", "window_start"])
    .execute();
  await db.schema.createIndex("rate_limits_window").on("rate_limits").column("window_start").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("rate_limits").ifExists().execute();
}
