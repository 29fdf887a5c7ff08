import { sql, type Insertable } from "kysely";
import { auditedWrite, type AdminActor } from "../audited-write.server";
import { isPostgres, type DB } from "../client.server";
import type { WelcomePopupTable } from "../schema";

// The welcome popup (spec §2, §4 "Popup", §7): a single row. Save creates it when none exists,
// otherwise updates it. Should several rows exist (older data), the admin edits the newest, the
// same row the home page shows when it is active.

/** The newest active welcome popup, or null (spec §7: is_active, newest first, limit 1). */
export async function getActiveWelcomePopup(db: DB) {
  const row = await db
    .selectFrom("welcome_popup")
    .select(["id", "title", "subtitle", "description", "image_url"])
    .where("is_active", "=", true)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export type WelcomePopup = NonNullable<Awaited<ReturnType<typeof getActiveWelcomePopup>>>;

/** The popup row, or null before the first save. */
export async function getWelcomePopupForAdmin(db: DB) {
  const row = await db
    .selectFrom("welcome_popup")
    .select(["id", "title", "subtitle", "description", "image_url", "is_active", "created_at", "updated_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export type AdminWelcomePopup = NonNullable<Awaited<ReturnType<typeof getWelcomePopupForAdmin>>>;

export type WelcomePopupFields = Omit<Insertable<WelcomePopupTable>, "id" | "created_at" | "updated_at">;

/** Creates or updates the popup. `created` tells which, for the toast. */
export function saveWelcomePopup(db: DB, actor: AdminActor, input: WelcomePopupFields, now = new Date()) {
  return auditedWrite(
    db,
    actor,
    "welcome_popup",
    async ({ trx, stamp, claim }) => {
      // Two first saves at once must not create two rows (SQLite serialises write transactions).
      if (isPostgres(trx)) await sql`lock table welcome_popup in share row exclusive mode`.execute(trx);
      const existing = await trx
        .selectFrom("welcome_popup")
        .select("id")
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      const action = existing ? "update" : "create";
      // Claimed once it is known whether this save creates: a replay answers with the first's toast.
      await claim(action);
      let id: number;
      if (existing) {
        id = existing.id;
        await trx
          .updateTable("welcome_popup")
          .set({ ...input, updated_at: stamp })
          .where("id", "=", id)
          .execute();
      } else {
        ({ id } = await trx
          .insertInto("welcome_popup")
          .values({ ...input, created_at: stamp, updated_at: stamp })
          .returning("id")
          .executeTakeFirstOrThrow());
      }
      return { result: { id, created: !existing }, audit: { action, entityId: id, details: { title: input.title } } };
    },
    now,
  );
}
