import { sql } from "kysely";
import { isPostgres, type DB } from "~/db/client.server";
import type { WelcomePopupInput } from "~/lib/schemas/admin/welcome-popup";
import { claimSubmissionOnce, recordAudit, type AdminActor } from "./audit.server";

// Welcome Popup manager (spec §2, §4 "Popup", §7): a single row. Save creates it when none
// exists, otherwise updates it. Should several rows exist (older data), the admin edits the
// newest, the same row the public page shows when it is active.

const columns = [
  "id",
  "title",
  "subtitle",
  "description",
  "image_url",
  "is_active",
  "created_at",
  "updated_at",
] as const;

/** The popup row, or null before the first save. */
export async function getWelcomePopupForAdmin(db: DB) {
  const row = await db
    .selectFrom("welcome_popup")
    .select(columns)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export type AdminWelcomePopup = NonNullable<Awaited<ReturnType<typeof getWelcomePopupForAdmin>>>;

/** Creates or updates the popup. `created` tells which, for the toast. */
export function saveWelcomePopup(db: DB, actor: AdminActor, input: WelcomePopupInput, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    // Two first saves at once must not create two rows (SQLite serialises write transactions).
    if (isPostgres(trx)) await sql`lock table welcome_popup in share row exclusive mode`.execute(trx);
    const existing = await trx
      .selectFrom("welcome_popup")
      .select("id")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    // Claimed once it is known whether this save creates: a replay answers with the first's toast.
    await claimSubmissionOnce(trx, actor, existing ? "update" : "create", stamp);
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
    const action = existing ? "update" : "create";
    await recordAudit(
      trx,
      actor,
      { action, entity: "welcome_popup", entityId: id, details: { title: input.title } },
      stamp,
    );
    return { id, created: !existing };
  });
}
