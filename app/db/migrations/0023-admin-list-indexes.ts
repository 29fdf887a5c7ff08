import type { Kysely } from "kysely";

// Indexes for the admin lists (issue 48 "Lists staff can work"): each list's plain first page is
// read in the order of one of these and stops after a page, whatever the table holds (the public
// lists' indexes lead with is_active, which the admin's list of every row does not filter by).
// Searches, other sorts and filters read the table, bounded by the page: at 100 times the demo
// data that is a few thousand rows (tests/integration/admin-lists-*.test.ts print the times).

const indexes = [
  ["job_alerts_posted", "job_alerts", ["posted_date", "id"]],
  ["ebooks_created", "ebooks", ["created_at", "id"]],
  ["free_materials_created", "free_materials", ["created_at", "id"]],
  ["purchase_entries_purchased", "purchase_entries", ["purchased_on", "id"]],
  ["hero_banners_order", "hero_banners", ["display_order", "id"]],
  ["practice_tests_updated", "practice_tests", ["updated_at", "id"]],
] as const;

export async function up(db: Kysely<any>) {
  for (const [name, table, columns] of indexes)
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
}

export async function down(db: Kysely<any>) {
  for (const [name] of indexes) await db.schema.dropIndex(name).ifExists().execute();
}
