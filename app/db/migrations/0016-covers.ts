import type { Kysely } from "kysely";

// Issue 45: e-books and free materials get a cover picture (a media-library file or an http(s)
// URL), so their cards are not all the same placeholder; null keeps the placeholder.

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("ebooks").addColumn("cover_url", "text").execute();
  await db.schema.alterTable("free_materials").addColumn("cover_url", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("free_materials").dropColumn("cover_url").execute();
  await db.schema.alterTable("ebooks").dropColumn("cover_url").execute();
}
