import type { DB } from "~/db/client.server";
import { parseSettings, settingDefinitions, type SiteSettings } from "./settings";

export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).execute();
  return parseSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** Inserts each setting that has no row yet, from the environment or its default. */
export async function seedSiteSettings(db: DB, source: Record<string, string | undefined> = process.env) {
  const now = new Date().toISOString();
  const values = Object.entries(settingDefinitions).map(([key, def]) => ({
    key,
    value: source[def.env]?.trim() || def.fallback,
    updated_at: now,
  }));
  await db
    .insertInto("site_settings")
    .values(values)
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}
