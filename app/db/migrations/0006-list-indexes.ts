import type { Kysely } from "kysely";

// Indexes for public lists that can grow without bound (issue 6 "100× the demo size"): each
// list's first rows are read in index order and the read stops there, whatever the table holds.
// Site search lists job alerts of all categories newest first; the existing index leads with
// category_id, so without this one every search read and sorted all alerts.

export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("job_alerts_active_posted")
    .on("job_alerts")
    .columns(["is_active", "posted_date", "id"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("job_alerts_active_posted").ifExists().execute();
}
