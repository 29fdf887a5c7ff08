// `npm run db:migrate`: brings the database named by DATABASE_URL (default data/site.db) up to
// date and writes what every deployment needs: site settings, and the catalogue into an empty
// database (staff keep it after that, issue 26).
import { createDb, parseDatabaseUrl, type DB } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedFixedData } from "~/db/seed.server";
import { seedSiteSettings } from "~/lib/site/settings.server";

async function run() {
  const { engine, location } = parseDatabaseUrl(process.env.DATABASE_URL);
  console.log(`database: ${engine} ${engine === "sqlite" ? location : "(DATABASE_URL)"}`);
  let db: DB | undefined;
  try {
    db = createDb().db;
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `migrations applied: ${applied.join(", ")}` : "migrations: already up to date");
    await seedSiteSettings(db);
    console.log("site settings: missing keys filled from the environment or defaults");
    await seedFixedData(db);
    console.log("catalogue: courses and test series written if there were none (staff keep them after)");
  } finally {
    await db?.destroy();
  }
}

try {
  await run();
} catch (error) {
  console.error(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
