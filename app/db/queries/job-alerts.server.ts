import type { RowRange } from "~/core/pagination";
import {
  ADMIN_LIST_LIMIT,
  deleteAudited,
  insertAudited,
  updateAudited,
  type AdminActor,
  type RowFields,
} from "../audited-write.server";
import type { DB } from "../client.server";
import { rowById } from "../row-by-id.server";

// Job alerts (spec §2, §7): the active alerts of one category for each tab of /job-alerts; for the
// Job Alerts manager, the categories for the form's select, every alert with its category name
// for the table, and the writes.

/** Alerts per page of each tab (DESIGN §9: long lists are bounded). */
export const ALERTS_PER_PAGE = 20;

/**
 * Active alerts of one job category, by its slug, newest posted_date first (spec §7: "Read
 * job_alerts filtered by category slug and is_active, ordered by posted_date descending"): the
 * first page unless a range is given.
 */
export function listActiveJobAlerts(
  db: DB,
  categorySlug: string,
  range: RowRange = { limit: ALERTS_PER_PAGE, offset: 0 },
) {
  return db
    .selectFrom("job_alerts as a")
    .innerJoin("job_categories as c", "c.id", "a.category_id")
    .select(["a.id", "a.title", "a.description", "a.view_link", "a.posted_date"])
    .where("c.slug", "=", categorySlug)
    .where("a.is_active", "=", true)
    .orderBy("a.posted_date", "desc")
    .orderBy("a.id", "desc")
    .limit(range.limit)
    .offset(range.offset)
    .execute();
}

export type PublicJobAlert = Awaited<ReturnType<typeof listActiveJobAlerts>>[number];

/** The job categories, ordered by name (spec §7). */
export function listJobCategories(db: DB) {
  return db.selectFrom("job_categories").select(["id", "name", "slug"]).orderBy("name").orderBy("id").execute();
}

/** Every alert, active or not, newest posted first, with its category name. */
export function listJobAlertsForAdmin(db: DB) {
  return db
    .selectFrom("job_alerts as a")
    .innerJoin("job_categories as c", "c.id", "a.category_id")
    .select([
      "a.id",
      "a.title",
      "a.category_id",
      "c.name as category_name",
      "a.view_link",
      "a.description",
      "a.posted_date",
      "a.is_active",
      "a.updated_at",
    ])
    .orderBy("a.posted_date", "desc")
    .orderBy("a.id", "desc")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
}

export type AdminJobAlert = Awaited<ReturnType<typeof listJobAlertsForAdmin>>[number];

/** One alert for the edit form, or null. */
export function getJobAlert(db: DB, id: number) {
  return rowById(
    db,
    "job_alerts",
    ["id", "title", "category_id", "view_link", "description", "posted_date", "is_active"],
    id,
  );
}

/** What the form sets; posted_date is the write's own. */
export type JobAlertFields = Omit<RowFields<"job_alerts">, "posted_date">;

/** Creates an alert; posted_date is the moment of creation. Returns the new id. */
export function createJobAlert(db: DB, actor: AdminActor, input: JobAlertFields, now = new Date()) {
  const values = { ...input, posted_date: now.toISOString() };
  return insertAudited(db, actor, "job_alerts", values, { title: input.title }, now);
}

/** Updates an alert (posted_date is kept). False when no such alert exists. */
export function updateJobAlert(db: DB, actor: AdminActor, id: number, input: JobAlertFields, now = new Date()) {
  return updateAudited(db, actor, "job_alerts", id, input, { title: input.title }, now);
}

/** Deletes an alert. False when no such alert exists. */
export function deleteJobAlert(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return deleteAudited(db, actor, "job_alerts", id, "title", now);
}
