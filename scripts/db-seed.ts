// `npm run db:seed`: everything `db:migrate` does, plus the demo content that fills every public
// page (idempotent, safe to run again).
import { createDb, parseDatabaseUrl, type DB } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoContent, seedFixedData } from "~/db/seed.server";
import { seedDemoDocuments } from "~/lib/media/demo-documents.server";
import { seedDemoPictures } from "~/lib/media/demo-pictures.server";
import { seedSampleTests } from "~/lib/exam/sample-tests-seed.server";
import { seedSampleQuestions } from "~/lib/questions/sample-seed.server";
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
    await seedDemoContent(db);
    console.log("demo content: written");
    const pictures = await seedDemoPictures(db);
    console.log(`demo pictures: ${pictures.stored} stored in the media library, ${pictures.rows} rows pointed at them`);
    const documents = await seedDemoDocuments(db);
    console.log(`demo PDFs: ${documents.stored} stored in the media library, ${documents.rows} rows pointed at them`);
    const samples = await seedSampleQuestions(db);
    console.log(
      samples
        ? `question bank: ${samples} sample questions published`
        : "question bank: not empty, sample questions left out (staff questions stay as they are)",
    );
    const tests = await seedSampleTests(db);
    console.log(
      tests
        ? `timed tests: ${tests} sample tests published and listed on /free-tests`
        : "timed tests: tests exist, sample tests left out (staff tests stay as they are)",
    );
  } finally {
    await db?.destroy();
  }
}

try {
  await run();
} catch (error) {
  console.error(`db:seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
