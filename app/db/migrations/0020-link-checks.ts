import { PostgresAdapter, sql, type Kysely } from "kysely";

// Link health (issue 48 item 8): one row per external http(s) address the site shows (purchase
// links, free tests, job alert links, GATE paper sources, the learning app), where it appears,
// and how its last check went. The worker (~/lib/link-health/run.server.ts) keeps the rows in step
// with the content and checks each at most once a day; a check is claimed with a lease, as the
// outbox claims an e-mail, so two instances never check the same address at once.
// - url_hash: the SHA-256 (hex) of the address, the key; an address may be 2000 characters,
//   longer than a PostgreSQL index entry may hold.
// - places: JSON, where the site shows it ([{"source":"job_alerts.view_link","id":3,"title":"…"}]).
// - status: null until checked; ok, moved (a permanent redirect to a working page), or why it
//   fails (broken, client-error, server-error, timeout, dns-error, connection-error, tls-error,
//   redirect-error). first_failed_at: since when it has failed, null while it works.

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable("link_checks")
    .addColumn("id", "integer", (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("url_hash", "text", (c) => c.notNull().unique())
    .addColumn("places", "text", (c) => c.notNull())
    .addColumn("status", "text")
    .addColumn("http_status", "integer")
    .addColumn("error", "text")
    .addColumn("final_url", "text")
    .addColumn("checked_at", timestamp)
    .addColumn("first_failed_at", timestamp)
    .addColumn("locked_until", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  // The overview counts the failing ones and the list shows them; the worker takes the least
  // recently checked first.
  await db.schema.createIndex("link_checks_status").on("link_checks").column("status").execute();
  await db.schema.createIndex("link_checks_checked_at").on("link_checks").column("checked_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("link_checks").ifExists().execute();
}
