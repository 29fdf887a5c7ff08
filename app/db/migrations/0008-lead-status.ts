import { PostgresAdapter, sql, type Kysely } from "kysely";

// The leads inbox (issue 25): contact messages and session bookings get a status staff work
// through, a free-text note, and who changed the status last and when. Existing rows become
// 'new'. 'booked' belongs to bookings only. Nothing here deletes a lead: spam is a status, and
// the retention purge (~/lib/retention.server.ts) removes old leads whatever their status.

const STATUS_CHECK = {
  contact_messages: sql`status in ('new', 'contacted', 'closed', 'spam')`,
  session_bookings: sql`status in ('new', 'contacted', 'booked', 'closed', 'spam')`,
} as const;

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  for (const table of ["contact_messages", "session_bookings"] as const) {
    await db.schema
      .alterTable(table)
      .addColumn("status", "text", (c) => c.notNull().defaultTo("new").check(STATUS_CHECK[table]))
      .execute();
    await db.schema.alterTable(table).addColumn("note", "text").execute();
    await db.schema.alterTable(table).addColumn("status_changed_at", timestamp).execute();
    await db.schema.alterTable(table).addColumn("status_changed_by", "text").execute();
    // The inbox filters by status newest first, and the admin menu counts the new ones.
    await db.schema.createIndex(`${table}_status_created`).on(table).columns(["status", "created_at"]).execute();
  }
}

export async function down(db: Kysely<any>) {
  for (const table of ["contact_messages", "session_bookings"] as const) {
    await db.schema.dropIndex(`${table}_status_created`).ifExists().execute();
    for (const column of ["status_changed_by", "status_changed_at", "note", "status"]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
