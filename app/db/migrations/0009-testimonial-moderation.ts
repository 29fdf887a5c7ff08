import { sql, type Kysely } from "kysely";

// Testimonial moderation (issue 25): a testimonial is approved (on the home page), pending (waits
// for staff) or hidden. The rows written before this were live, so they stay approved. The home
// page reads the newest approved ones: the index serves that read in order and stops at its limit.
// Whether new ones wait is a site setting (~/lib/site/settings.ts), seeded at start like the others.

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("testimonials")
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("approved")
        .check(sql`status in ('approved', 'pending', 'hidden')`),
    )
    .execute();
  await sql`create index testimonials_status_created on testimonials (status, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("testimonials_status_created").ifExists().execute();
  await db.schema.alterTable("testimonials").dropColumn("status").execute();
}
