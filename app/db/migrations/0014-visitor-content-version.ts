import type { Kysely } from "kysely";

// Issue 42: a testimonial published without approval bumped the one content counter, so each
// anonymous post made every cached page stale and rebuilt the search index. What visitors publish
// gets a counter of its own, beside the one every admin write bumps: only the pages that show
// visitor content key on it (app/db/content-version.server.ts, server/page-cache-key.ts).
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("content_version")
    .addColumn("visitor_version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("content_version").dropColumn("visitor_version").execute();
}
