import { PostgresAdapter, sql, type Kysely } from "kysely";

// Job alerts by e-mail (issue 49 item 1):
// - alert_subscribers: one row per address, pending until its owner confirms (double opt-in),
//   with what it receives (the four tabs, deadline reminders, new free tests and mocks), how often
//   (instant, daily, weekly), and the consent given: when, from which page, a keyed hash of the
//   address it came from, and the words shown. The confirmation link's token is kept as its
//   SHA-256 only; manage_key finds the row from the signed links of every e-mail
//   (~/lib/alert-mail/tokens.server.ts). Unsubscribing deletes the row.
// - alert_mailings: every subscription e-mail queued, one row per subscriber and mail (kind and
//   ref: a digest's day, an alert's id), unique: the database itself refuses the same mail twice,
//   across restarts and instances. Its rows go with their subscriber.
// - alert_broadcasts: "send now to subscribers" for an alert, asked once; done_at once queued.
// - alert_mail_jobs: a lease per heavy job (a day's digest), so two instances do not compose it
//   both; the unique mailings keep it right if they do.
// - email_outbox gets: headers (JSON: List-Unsubscribe…), priority (0 first: a form's e-mail never
//   waits behind a digest), stream ('alerts' for subscription mail: rate-limited, counted, and
//   marked handed_over_at just before its final dot, so a worker killed after that never sends it
//   again; ~/lib/mail/outbox.server.ts).

const flag = (fallback: boolean) => (c: any) => c.notNull().defaultTo(fallback);

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable("alert_subscribers")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'confirmed')`))
    .addColumn("is_tab_jobs", "boolean", flag(false))
    .addColumn("is_tab_vacancy", "boolean", flag(false))
    .addColumn("is_tab_results", "boolean", flag(false))
    .addColumn("is_tab_admit_cards", "boolean", flag(false))
    .addColumn("is_reminders_on", "boolean", flag(false))
    .addColumn("is_tests_on", "boolean", flag(false))
    .addColumn("frequency", "text", (c) => c.notNull().check(sql`frequency in ('instant', 'daily', 'weekly')`))
    .addColumn("manage_key", "text", (c) => c.notNull().unique())
    .addColumn("confirm_token_hash", "text", (c) => c.unique())
    .addColumn("confirm_expires_at", timestamp)
    .addColumn("consent_text", "text", (c) => c.notNull())
    .addColumn("consent_source", "text", (c) => c.notNull())
    .addColumn("consent_ip_hash", "text", (c) => c.notNull())
    .addColumn("consent_at", timestamp, (c) => c.notNull())
    .addColumn("confirmed_at", timestamp)
    .addColumn("delivery_failed_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("alert_subscribers_status")
    .on("alert_subscribers")
    .columns(["status", "frequency", "id"])
    .execute();
  await db.schema.createIndex("alert_subscribers_created").on("alert_subscribers").column("created_at").execute();

  await db.schema
    .createTable("alert_mailings")
    .addColumn("id", "integer", id)
    .addColumn("subscriber_id", "integer", (c) => c.notNull().references("alert_subscribers.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('alert', 'reminder', 'digest-daily', 'digest-weekly')`),
    )
    .addColumn("ref", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addUniqueConstraint("alert_mailings_once", ["subscriber_id", "kind", "ref"])
    .execute();
  await db.schema.createIndex("alert_mailings_kind").on("alert_mailings").columns(["kind", "ref"]).execute();

  await db.schema
    .createTable("alert_broadcasts")
    .addColumn("alert_id", "integer", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("requested_by", "text")
    .addColumn("requested_at", timestamp, (c) => c.notNull())
    .addColumn("done_at", timestamp)
    .addColumn("queued", "integer")
    .execute();

  await db.schema
    .createTable("alert_mail_jobs")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("locked_until", timestamp)
    .addColumn("done_at", timestamp)
    .addColumn("queued", "integer")
    .execute();

  await db.schema.alterTable("email_outbox").addColumn("headers", "text").execute();
  await db.schema
    .alterTable("email_outbox")
    .addColumn("priority", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("email_outbox").addColumn("stream", "text").execute();
  await db.schema.alterTable("email_outbox").addColumn("handed_over_at", timestamp).execute();
  // The worker's claim walks this index in order: pending rows, form e-mails first, oldest first.
  await db.schema.createIndex("email_outbox_claim").on("email_outbox").columns(["status", "priority", "id"]).execute();
  // The staff's counts of subscription mail, and the addresses it failed for.
  await db.schema.createIndex("email_outbox_stream").on("email_outbox").columns(["stream", "status"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("email_outbox_stream").execute();
  await db.schema.dropIndex("email_outbox_claim").execute();
  for (const column of ["handed_over_at", "stream", "priority", "headers"]) {
    await db.schema.alterTable("email_outbox").dropColumn(column).execute();
  }
  for (const table of ["alert_mail_jobs", "alert_broadcasts", "alert_mailings", "alert_subscribers"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
