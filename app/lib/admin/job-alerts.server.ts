import type { DB } from "~/db/client.server";
import type { JobAlertInput } from "~/lib/schemas/admin/job-alert";
import { ADMIN_LIST_LIMIT, claimSubmissionOnce, recordAudit, type AdminActor } from "./audit.server";

// Job Alerts manager (spec §2, §7): the categories for the form's select, every alert with its
// category name for the table, and the writes. Each write and its audit row share a transaction.

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
export async function getJobAlert(db: DB, id: number) {
  const row = await db
    .selectFrom("job_alerts")
    .select(["id", "title", "category_id", "view_link", "description", "posted_date", "is_active"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** Creates an alert; posted_date is the moment of creation. Returns the new id. */
export function createJobAlert(db: DB, actor: AdminActor, input: JobAlertInput, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await claimSubmissionOnce(trx, actor, "create", stamp);
    const { id } = await trx
      .insertInto("job_alerts")
      .values({ ...input, posted_date: stamp, created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      { action: "create", entity: "job_alerts", entityId: id, details: { title: input.title } },
      stamp,
    );
    return id;
  });
}

/** Updates an alert (posted_date is kept). False when no such alert exists. */
export function updateJobAlert(db: DB, actor: AdminActor, id: number, input: JobAlertInput, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("job_alerts")
      .set({ ...input, updated_at: stamp })
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(
      trx,
      actor,
      { action: "update", entity: "job_alerts", entityId: id, details: { title: input.title } },
      stamp,
    );
    return true;
  });
}

/** Deletes an alert. False when no such alert exists. */
export function deleteJobAlert(db: DB, actor: AdminActor, id: number, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("job_alerts").where("id", "=", id).returning(["id", "title"]).executeTakeFirst();
    if (!row) return false;
    await recordAudit(
      trx,
      actor,
      { action: "delete", entity: "job_alerts", entityId: id, details: { title: row.title } },
      stamp,
    );
    return true;
  });
}
