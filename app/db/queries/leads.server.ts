import { sql, type Expression, type Insertable, type SqlBool } from "kysely";
import { rowRange, toListPage, type ListPage } from "~/core/pagination";
import { dayRange } from "../admin-list.server";
import { auditedWrite, type AdminActor } from "../audited-write.server";
import type { DB } from "../client.server";
import type { Database, LeadStatus, OutboxStatus } from "../schema";

// The leads (contact_messages and session_bookings, both tables' one home): a visitor's
// submission stored (insertLead, in the transaction of its e-mail), the inbox (issue 25) listing
// both in one list, newest first, each with the delivery state of the e-mail that reported it, and
// the retention purge. A submission and its e-mail are written in one transaction with the same
// moment (~/lib/forms/submissions.server.ts), so the e-mail is the outbox row of that moment: for a
// contact message the one replying to its address, for a booking the one with a booking subject.
// Delivered e-mails are purged after 30 days, after which the state is unknown. Status and note
// changes go through auditedWrite; only the retention purge deletes.

export type LeadKind = "contact" | "booking";

const tables = { contact: "contact_messages", booking: "session_bookings" } as const;

/** A lead's row as submitted, by its kind. */
export type NewLead<Kind extends LeadKind> = Insertable<Database[(typeof tables)[Kind]]>;

/** Stores a lead as submitted; its id. Called in the transaction that queues its e-mail. */
export async function insertLead<Kind extends LeadKind>(db: DB, kind: Kind, row: NewLead<Kind>): Promise<number> {
  const { id } = await db.insertInto(tables[kind]).values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** Deletes the leads of a kind received before `before` (the retention purge); how many. */
export async function deleteLeadsBefore(db: DB, kind: LeadKind, before: string): Promise<number> {
  const result = await db.deleteFrom(tables[kind]).where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface Lead {
  kind: LeadKind;
  id: number;
  name: string;
  email: string | null;
  phone: string;
  message: string;
  gateScore: string | null;
  sessionType: "higher-studies" | "career-guidance" | null;
  collegeName: string | null;
  createdAt: string;
  status: LeadStatus;
  note: string | null;
  statusChangedAt: string | null;
  statusChangedBy: string | null;
  /** The e-mail that reported the lead: null once it was purged (or never written). */
  emailStatus: OutboxStatus | null;
}

export interface LeadFilter {
  kind?: LeadKind | null;
  status?: LeadStatus | null;
  /** Part of the name, e-mail or phone, any case. */
  q?: string | null;
  /** Received from and to these days in India, both included (issue 48). */
  from?: string | null;
  to?: string | null;
  /** Newest received first by default; or by name. */
  sort?: "received" | "name" | null;
  dir?: "asc" | "desc" | null;
}

/** Rows per page of the inbox. */
export const LEADS_PAGE_SIZE = 25;
/** The most rows one CSV export holds: far beyond a real inbox's filtered list. */
export const LEADS_EXPORT_LIMIT = 10_000;

/** The columns both tables have, by the same names; a union matches columns by position. */
const SHARED = [
  "id",
  "name",
  "phone",
  "created_at",
  "status",
  "note",
  "status_changed_at",
  "status_changed_by",
] as const;

/** Both tables as one list of the same columns, in the same order. */
function allLeads(db: DB) {
  const contacts = db
    .selectFrom("contact_messages as c")
    .select(SHARED)
    .select((eb) => [
      sql<LeadKind>`'contact'`.as("kind"),
      sql<string | null>`c.email`.as("email"),
      sql<string>`c.message`.as("message"),
      sql<string | null>`null`.as("gate_score"),
      sql<string | null>`null`.as("session_type"),
      sql<string | null>`null`.as("college_name"),
      eb
        .selectFrom("email_outbox as o")
        .select("o.status")
        .whereRef("o.created_at", "=", "c.created_at")
        .whereRef("o.reply_to", "=", "c.email")
        .orderBy("o.id")
        .limit(1)
        .as("email_status"),
    ]);
  const bookings = db
    .selectFrom("session_bookings as b")
    .select(SHARED)
    .select((eb) => [
      sql<LeadKind>`'booking'`.as("kind"),
      sql<string | null>`null`.as("email"),
      sql<string>`b.query`.as("message"),
      sql<string | null>`b.gate_score`.as("gate_score"),
      sql<string | null>`b.session_type`.as("session_type"),
      sql<string | null>`b.college_name`.as("college_name"),
      // Its e-mail has no reply-to (a booking has no e-mail address) and a booking subject.
      eb
        .selectFrom("email_outbox as o")
        .select("o.status")
        .whereRef("o.created_at", "=", "b.created_at")
        .where("o.reply_to", "is", null)
        .where("o.subject", "like", "%Session Booking - %")
        .orderBy("o.id")
        .limit(1)
        .as("email_status"),
    ]);
  return db.selectFrom(contacts.unionAll(bookings).as("leads"));
}

/** A LIKE pattern matching the text anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: DB, filter: LeadFilter) {
  let query = allLeads(db).selectAll();
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  if (filter.status) query = query.where("status", "=", filter.status);
  const q = filter.q?.trim();
  if (q) {
    const pattern = containing(q);
    const like = (column: string): Expression<SqlBool> =>
      sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([like("name"), like("email"), like("phone")]));
  }
  for (const where of dayRange("created_at", "instant", filter.from ?? undefined, filter.to ?? undefined))
    query = query.where(where);
  if (filter.sort === "name") {
    const dir = filter.dir ?? "asc";
    return query.orderBy("name", dir).orderBy("created_at", "desc").orderBy("kind").orderBy("id", "desc");
  }
  const dir = filter.dir ?? "desc";
  return query.orderBy("created_at", dir).orderBy("kind").orderBy("id", dir);
}

type LeadRow = Awaited<ReturnType<ReturnType<typeof filtered>["execute"]>>[number];

function toLead(row: LeadRow): Lead {
  return {
    kind: row.kind,
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    gateScore: row.gate_score,
    sessionType: row.session_type as Lead["sessionType"],
    collegeName: row.college_name,
    createdAt: row.created_at,
    status: row.status,
    note: row.note,
    statusChangedAt: row.status_changed_at,
    statusChangedBy: row.status_changed_by,
    emailStatus: row.email_status ?? null,
  };
}

/** The leads with these kinds and ids (a bulk confirmation's), newest first. */
export async function findLeads(db: DB, keys: readonly { kind: LeadKind; id: number }[]): Promise<Lead[]> {
  if (keys.length === 0) return [];
  const rows = await allLeads(db)
    .selectAll()
    .where((eb) => eb.or(keys.map((key) => eb.and([eb("kind", "=", key.kind), eb("id", "=", key.id)]))))
    .orderBy("created_at", "desc")
    .orderBy("kind")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toLead);
}

/** One page of the filtered inbox, newest first. */
export async function listLeads(db: DB, filter: LeadFilter, page = 1): Promise<ListPage<Lead>> {
  const { limit, offset } = rowRange(page, LEADS_PAGE_SIZE);
  const rows = await filtered(db, filter).limit(limit).offset(offset).execute();
  return toListPage(rows.map(toLead), page, LEADS_PAGE_SIZE);
}

/** The whole filtered inbox (up to LEADS_EXPORT_LIMIT rows), for the CSV export. */
export async function listLeadsForExport(db: DB, filter: LeadFilter): Promise<Lead[]> {
  const rows = await filtered(db, filter).limit(LEADS_EXPORT_LIMIT).execute();
  return rows.map(toLead);
}

/** How many leads of both kinds are still 'new': one query, for the admin menu. */
export async function countNewLeads(db: DB): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("contact_messages")
        .select((e) => e.fn.countAll<number>().as("n"))
        .where("status", "=", "new")
        .as("contacts"),
      eb
        .selectFrom("session_bookings")
        .select((e) => e.fn.countAll<number>().as("n"))
        .where("status", "=", "new")
        .as("bookings"),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.contacts ?? 0) + Number(row.bookings ?? 0);
}

export interface LeadStatusChange {
  kind: LeadKind;
  id: number;
  status: LeadStatus;
  note: string | null;
}

/** Sets a lead's status and note as the admin, audited. False when no such lead exists. */
export function updateLeadStatus(db: DB, actor: AdminActor, change: LeadStatusChange, now = new Date()) {
  const table = tables[change.kind];
  return auditedWrite(db, actor, table, now, async ({ trx, stamp, track }) => {
    await track(table, change.id);
    const row = await trx
      .updateTable(table)
      .set({ status: change.status, note: change.note, status_changed_at: stamp, status_changed_by: actor.email })
      .where("id", "=", change.id)
      .returning("name")
      .executeTakeFirst();
    if (!row) return { result: false };
    const details = { name: row.name, status: change.status, note: change.note };
    return { result: true, audit: { action: "update", entityId: change.id, details } };
  });
}

/**
 * The leads that need staff (issue 48 "What needs attention"), of both kinds, one query: the new
 * ones, and the open ones (contacted, not yet booked or closed).
 */
export async function countLeadsNeedingAttention(db: DB): Promise<{ new: number; open: number }> {
  const count = (table: "contact_messages" | "session_bookings", status: LeadStatus) =>
    db
      .selectFrom(table)
      .select((e) => e.fn.countAll<number>().as("n"))
      .where("status", "=", status);
  const row = await db
    .selectNoFrom([
      count("contact_messages", "new").as("newContacts"),
      count("session_bookings", "new").as("newBookings"),
      count("contact_messages", "contacted").as("openContacts"),
      count("session_bookings", "contacted").as("openBookings"),
    ])
    .executeTakeFirstOrThrow();
  return {
    new: Number(row.newContacts ?? 0) + Number(row.newBookings ?? 0),
    open: Number(row.openContacts ?? 0) + Number(row.openBookings ?? 0),
  };
}

/**
 * Sets one lead's status as the admin (a bulk action, issue 48), its note kept, audited. False when
 * no such lead exists; "refused" for a status its kind cannot take (a contact message is never
 * booked).
 */
export function setLeadStatus(
  db: DB,
  actor: AdminActor,
  key: { kind: LeadKind; id: number },
  status: LeadStatus,
  now = new Date(),
): Promise<boolean | "refused"> {
  if (key.kind === "contact" && status === "booked") return Promise.resolve("refused");
  const table = tables[key.kind];
  return auditedWrite<boolean>(db, actor, table, now, async ({ trx, stamp, track }) => {
    await track(table, key.id);
    const row = await trx
      .updateTable(table)
      .set({ status, status_changed_at: stamp, status_changed_by: actor.email })
      .where("id", "=", key.id)
      .returning(["name", "note"])
      .executeTakeFirst();
    if (!row) return { result: false };
    const details = { name: row.name, status, note: row.note };
    return { result: true, audit: { action: "update", entityId: key.id, details } };
  });
}
