import type { Kysely } from "kysely";

// One counter that every content write bumps, so that each app instance knows when its cached
// public pages are stale (issue 6 "Caching"; several instances share one PostgreSQL).
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("content_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("content_version").values({ id: 1, version: 1 }).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("content_version").ifExists().execute();
}
