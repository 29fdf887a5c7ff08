import { PostgresAdapter, sql, type Kysely } from "kysely";

// One row per accepted form submission (issue 7 "Duplicate submits"): a double click or a
// retried POST finds its key here and is answered like the first, without a second record. The
// key is claimed in the same transaction as the write it guards; the primary key makes two
// concurrent claims of one key wait for each other on both engines.
export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("created_at", pg ? sql`timestamptz` : sql`text`, (c) => c.notNull())
    // What the first submission did ("create", "update"), so a replay answers with the same toast.
    .addColumn("outcome", "text")
    .execute();
  await db.schema.createIndex("idempotency_keys_created_at").on("idempotency_keys").column("created_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("idempotency_keys").ifExists().execute();
}
