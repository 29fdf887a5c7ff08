import type { DB } from "~/db/client.server";
import type { SiteSettingsInput } from "~/lib/schemas/admin/site-settings";
import { recordAudit, type AdminActor } from "./audit.server";

/** Writes every setting in one transaction with its audit row; pages show them at the next request. */
export async function saveSiteSettings(db: DB, actor: AdminActor, input: SiteSettingsInput, now = new Date()) {
  const updatedAt = now.toISOString();
  const rows = Object.entries(input).map(([key, value]) => ({
    key,
    value: typeof value === "boolean" ? String(value) : value,
    updated_at: updatedAt,
  }));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("site_settings")
      .values(rows)
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })),
      )
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: "update", entity: "site_settings", entityId: 1, details: { brand: input.brand_name } },
      updatedAt,
    );
  });
}
