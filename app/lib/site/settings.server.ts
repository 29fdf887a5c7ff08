import { env, type Env } from "~/core/env.server";
import type { DB } from "~/db/client.server";
import { insertMissingSiteSettings, readSiteSettings } from "~/db/queries/site-settings.server";
import { parseSettings, settingDefinitions, type SettingKey, type SiteSettings } from "./settings";

/** The environment variables the settings are seeded from (BRAND_NAME …). */
type SettingSeeds = Pick<Env, (typeof settingDefinitions)[SettingKey]["env"]>;

export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  return parseSettings(await readSiteSettings(db));
}

/** Inserts each setting that has no row yet, from the environment or its default. */
export async function seedSiteSettings(db: DB, source: SettingSeeds = env()) {
  const values = Object.entries(settingDefinitions).map(([key, def]) => [key, source[def.env]?.trim() || def.fallback]);
  await insertMissingSiteSettings(db, Object.fromEntries(values));
}
