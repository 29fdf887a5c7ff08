import type { DB } from "../client.server";

// The activity log (issue 5): who changed what, which row and when. Every admin write leaves one
// row, written by auditedWrite (../audited-write.server.ts) inside the write's own transaction.

export type AuditAction = "create" | "update" | "delete" | "reorder";

export type AuditEntity =
  | "job_alerts"
  | "test_categories"
  | "test_subcategories"
  | "test_items"
  | "welcome_popup"
  | "hero_banners"
  | "ebooks"
  | "free_materials"
  | "site_settings"
  | "email_outbox"
  | "gate_papers"
  | "gate_paper_years"
  | "gate_rank_points"
  | "gate_previous_papers"
  | "gate_subjects"
  | "purchase_entries"
  | "test_series"
  | "courses"
  | "contact_messages"
  | "session_bookings"
  | "testimonials"
  | "media_files"
  | "questions"
  | "question_reports"
  | "practice_tests";

/** A small summary of a change (a title, a count), stored as JSON. */
export type AuditDetails = Record<string, string | number | boolean | null>;

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId: number;
  details?: AuditDetails;
}

export async function recordAudit(db: DB, actor: { userId: string; email: string }, entry: AuditEntry, now: string) {
  await db
    .insertInto("audit_log")
    .values({
      actor_user_id: actor.userId,
      actor_email: actor.email,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: now,
    })
    .execute();
}

export interface ActivityEntry {
  id: number;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The latest `limit` entries (1–200), newest first, for the dashboard's Activity view. */
export async function listRecentActivity(db: DB, limit = 50): Promise<ActivityEntry[]> {
  const bounded = Math.min(200, Math.max(1, Math.trunc(limit) || 1));
  const rows = await db
    .selectFrom("audit_log")
    .select(["id", "actor_user_id", "actor_email", "action", "entity", "entity_id", "details", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(bounded)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    details: parseDetails(row.details),
    createdAt: row.created_at,
  }));
}
