import type { Selectable } from "kysely";
import type { AuditEntity } from "../audited-tables";
import type { DB } from "../client.server";
import type { AuditLogTable } from "../schema";

// The activity log (issue 5): who changed what, which row and when. Every admin write leaves one
// row, written by auditedWrite (../audited-write.server.ts) inside the write's own transaction.

// Issue 48: an import is one row for the whole file ("import", no entity id); "restore" brings a
// row back from the trash; "undo" reverses the latest change of a row.
export type AuditAction = "create" | "update" | "delete" | "reorder" | "import" | "restore" | "undo";

// The tables a write's audit row can name, and their labels: ../audited-tables.ts.
export type { AuditEntity };

/** A small summary of a change (a title, a count), stored as JSON. */
export type AuditDetails = Record<string, string | number | boolean | null>;

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  /** Null for a write of many rows (an import). */
  entityId: number | null;
  details?: AuditDetails;
  /** The row before and after the write (issue 48); null for none (a create's before). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function recordAudit(db: DB, actor: { userId: string; email: string }, entry: AuditEntry, now: string) {
  await db
    .insertInto("audit_log")
    .values({
      actor_user_id: actor.userId,
      actor_email: actor.email,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      details: entry.details ? JSON.stringify(entry.details) : null,
      row_before: entry.before ? JSON.stringify(entry.before) : null,
      row_after: entry.after ? JSON.stringify(entry.after) : null,
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

/** A JSON object column (details, a row before or after), or null when empty or not an object. */
export function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An audit_log row as the activity views show it. */
export function toActivityEntry(row: Omit<Selectable<AuditLogTable>, "row_before" | "row_after">): ActivityEntry {
  return {
    id: row.id,
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    details: parseDetails(row.details),
    createdAt: row.created_at,
  };
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
  return rows.map(toActivityEntry);
}
