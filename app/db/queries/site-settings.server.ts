import { auditedWrite, type AdminActor } from "../audited-write.server";
import type { DB } from "../client.server";

// Site facts staff change (DESIGN §8): one row per setting, a key and its text. What the keys
// are, their defaults and how the text reads: ~/lib/settings.ts.

/** Every stored setting, by key. */
export async function readSiteSettings(db: DB): Promise<Record<string, string>> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** Inserts each setting that has no row yet; a stored one is kept. */
export async function insertMissingSiteSettings(db: DB, values: Record<string, string>, now = new Date()) {
  const updatedAt = now.toISOString();
  await db
    .insertInto("site_settings")
    .values(Object.entries(values).map(([key, value]) => ({ key, value, updated_at: updatedAt })))
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** Writes every setting in one transaction with its audit row; pages show them at the next request. */
export function saveSiteSettings(
  db: DB,
  actor: AdminActor,
  input: Record<string, string | boolean> & { brand_name: string },
  now = new Date(),
) {
  return auditedWrite(db, actor, "site_settings", now, async ({ trx, stamp }) => {
    const rows = Object.entries(input).map(([key, value]) => ({
      key,
      value: typeof value === "boolean" ? String(value) : value,
      updated_at: stamp,
    }));
    await trx
      .insertInto("site_settings")
      .values(rows)
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })),
      )
      .execute();
    return { result: undefined, audit: { action: "update", entityId: 1, details: { brand: input.brand_name } } };
  });
}
