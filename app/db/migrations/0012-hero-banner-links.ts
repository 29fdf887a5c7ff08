import type { Kysely } from "kysely";

// Issue 27: each hero banner gets its own destination and its words as text.
// - link_url: where the banner goes, a path on this site ("/free-tests") or an http(s) URL;
//   null keeps today's behaviour (the learning app).
// - alt_text: the words drawn on the banner, so that a screen reader and a failed image still say
//   them; null for banners saved before this.

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("hero_banners").addColumn("link_url", "text").execute();
  await db.schema.alterTable("hero_banners").addColumn("alt_text", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("hero_banners").dropColumn("alt_text").execute();
  await db.schema.alterTable("hero_banners").dropColumn("link_url").execute();
}
