import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { bumpContentVersion } from "~/lib/content-version.server";
import { claimSubmission, DuplicateSubmission } from "~/lib/idempotency.server";

// The activity log (issue 5): every admin write records who, what, which row and when in
// audit_log, inside the same transaction as the write, so a row and its log entry commit or
// fail together.

/** The signed-in admin making a change. */
export interface AdminActor {
  userId: string;
  email: string;
  /** The form submission this write answers (see submittedBy): written once (claimSubmissionOnce). */
  submission?: string;
}

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
  | "email_outbox";

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId: number;
  /** A small summary (a title, a count), stored as JSON. */
  details?: Record<string, string | number | boolean | null>;
}

/** Admin lists are bounded like every list (DESIGN §9), far above any real catalogue. */
export const ADMIN_LIST_LIMIT = 1000;

export async function recordAudit(
  trx: Kysely<Database> | Transaction<Database>,
  actor: AdminActor,
  entry: AuditEntry,
  now: string,
) {
  await trx
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
  // Every audited write is a content write: cached public pages are stale from now on.
  await bumpContentVersion(trx);
}

/**
 * The first statement of a write that answers a form submission (issue 7 "Duplicate submits"):
 * claims the actor's submission key, or throws DuplicateSubmission, rolling the transaction back,
 * when the same submission was already written. First, so that a concurrent replay waits for the
 * original to commit and then writes nothing, rather than racing it for a slug or an order.
 */
export async function claimSubmissionOnce(
  trx: Kysely<Database> | Transaction<Database>,
  actor: AdminActor,
  action: AuditAction,
  now: string,
) {
  if (!actor.submission) return;
  const claim = await claimSubmission(trx, actor.submission, action, new Date(now));
  if (!claim.fresh) throw new DuplicateSubmission(claim.outcome);
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
