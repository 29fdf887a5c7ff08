import { auditedWrite, type AdminActor } from "../audited-write.server";
import type { DB } from "../client.server";
import type { AuditDetails } from "./audit-log.server";

// Site facts staff change (DESIGN §8): one row per setting, a key and its text. What the keys
// are, their defaults and how the text reads: ~/lib/site/settings.ts.

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

/**
 * Writes the settings given, in one transaction with its audit row; pages show them at the next
 * request. A setting given as undefined (a field the form did not post or did not change) or as
 * the value it has is left as it is.
 */
export function saveSiteSettings(
  db: DB,
  actor: AdminActor,
  input: Record<string, string | boolean | undefined>,
  details: AuditDetails,
  now = new Date(),
) {
  return auditedWrite(db, actor, "site_settings", now, async ({ trx, stamp }) => {
    const given = Object.entries(input).filter((entry): entry is [string, string | boolean] => entry[1] !== undefined);
    if (given.length === 0) return { result: undefined };
    const earlier = await trx
      .selectFrom("site_settings")
      .select(["key", "value"])
      .where(
        "key",
        "in",
        given.map(([key]) => key),
      )
      .execute();
    const stored = Object.fromEntries(earlier.map((row) => [row.key, row.value]));
    const rows = given
      .map(([key, value]) => ({ key, value: typeof value === "boolean" ? String(value) : value, updated_at: stamp }))
      .filter((row) => stored[row.key] !== row.value);
    // Nothing changed, nothing written (and no audit row).
    if (rows.length === 0) return { result: undefined };
    // The settings saved, as they were and as they are (issue 48: the activity log's changes).
    const before = Object.fromEntries(
      rows.filter((row) => row.key in stored).map((row) => [row.key, stored[row.key]!]),
    );
    const after = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    await trx
      .insertInto("site_settings")
      .values(rows)
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })),
      )
      .execute();
    return {
      result: undefined,
      audit: {
        action: "update",
        entityId: 1,
        details,
        before,
        after,
      },
    };
  });
}
