import { PostgresAdapter, sql, type Kysely } from "kysely";

// Issue 48 "History you can trust and undo" (decision 018):
// - audit_log.row_before / row_after: the row as it was before a write and as the write left it
//   (JSON), so the activity log shows what changed field by field and a change can be undone.
// - trash: a deleted row as it was (JSON) with who deleted it and when, restorable with its own
//   id for 30 days, then purged by the worker. The row tables keep no deleted rows of their own,
//   so no public query has to leave trashed rows out.
// - Indexes for the activity log's filters and for "the latest change of this item".

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema.alterTable("audit_log").addColumn("row_before", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("row_after", "text").execute();
  await db.schema.createIndex("audit_log_item").on("audit_log").columns(["entity", "entity_id", "id"]).execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor_email", "id"]).execute();

  await db.schema
    .createTable("trash")
    .addColumn("id", "integer", id)
    // The table the row was deleted from (an audit entity) and its id there.
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "integer", (c) => c.notNull())
    // What the trash list calls it (its title or name when it was deleted).
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("row_data", "text", (c) => c.notNull())
    .addColumn("deleted_by", "text")
    .addColumn("deleted_by_user_id", "text")
    .addColumn("deleted_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("trash_deleted").on("trash").columns(["deleted_at", "id"]).execute();
  await db.schema.createIndex("trash_item").on("trash").columns(["entity", "entity_id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("trash").execute();
  await db.schema.dropIndex("audit_log_actor").execute();
  await db.schema.dropIndex("audit_log_item").execute();
  await db.schema.alterTable("audit_log").dropColumn("row_after").execute();
  await db.schema.alterTable("audit_log").dropColumn("row_before").execute();
}
