import { sql, type Insertable } from "kysely";
import { auditedWrite, type AdminActor } from "../audited-write.server";
import { isPostgres, type DB } from "../client.server";
import type { WelcomePopupTable } from "../schema";

// The welcome popup (spec §2, §4 "Popup", §7): a single row. Save creates it when none exists,
// otherwise updates it. Should several rows exist (older data), the admin edits the newest, the
// same row the home page shows when it is active.

/** The newest popup row first: the one the home page shows (when active) and the admin edits. */
function newestPopup(db: DB) {
  return db.selectFrom("welcome_popup").orderBy("created_at", "desc").orderBy("id", "desc").limit(1);
}

/** The newest active welcome popup, or null (spec §7: is_active, newest first, limit 1). */
export async function getActiveWelcomePopup(db: DB) {
  const row = await newestPopup(db)
    .select(["id", "title", "subtitle", "description", "image_url"])
    .where("is_active", "=", true)
    .executeTakeFirst();
  return row ?? null;
}

export type WelcomePopup = NonNullable<Awaited<ReturnType<typeof getActiveWelcomePopup>>>;

/** The popup row, or null before the first save. */
export async function getWelcomePopupForAdmin(db: DB) {
  const row = await newestPopup(db)
    .select(["id", "title", "subtitle", "description", "image_url", "is_active", "created_at", "updated_at"])
    .executeTakeFirst();
  return row ?? null;
}

export type AdminWelcomePopup = NonNullable<Awaited<ReturnType<typeof getWelcomePopupForAdmin>>>;

export type WelcomePopupFields = Omit<Insertable<WelcomePopupTable>, "id" | "created_at" | "updated_at">;

/** Creates or updates the popup. `created` tells which, for the toast. */
export function saveWelcomePopup(db: DB, actor: AdminActor, input: WelcomePopupFields, now = new Date()) {
  return auditedWrite(db, actor, "welcome_popup", now, async ({ trx, claim, insert, update }) => {
    // Two first saves at once must not create two rows (SQLite serialises write transactions).
    if (isPostgres(trx)) await sql`lock table welcome_popup in share row exclusive mode`.execute(trx);
    const existing = await newestPopup(trx).select("id").executeTakeFirst();
    const action = existing ? "update" : "create";
    // Claimed once it is known whether this save creates: a replay answers with the first's toast.
    await claim(action);
    let id: number;
    if (existing) {
      id = existing.id;
      await update("welcome_popup", id, input);
    } else {
      id = await insert("welcome_popup", input);
    }
    return { result: { id, created: !existing }, audit: { action, entityId: id, details: { title: input.title } } };
  });
}
