import { PostgresAdapter, sql, type Kysely } from "kysely";

// Issue 48 "No lost work": an admin form posted after the session ended is kept here (its text
// fields, never passwords or files) until the admin has signed in again and the page has shown it
// once, or for two hours. The key is a digest of the random token in the browser's cookie, so only
// that browser can ask for it; the worker's purge drops what nobody came back for.
export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable("pending_admin_forms")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    // The page the form was on: its path (an admin section's) and its query (?edit=12, ?new=1).
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("search", "text", (c) => c.notNull())
    // JSON: { values: { name: text }, filesLeftOut: boolean }.
    .addColumn("form", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("pending_admin_forms_expires").on("pending_admin_forms").column("expires_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("pending_admin_forms").ifExists().execute();
}
