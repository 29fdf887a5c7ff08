import { createServer, type Server } from "node:http";
import { resolve } from "node:path";
import { closeDb, getDb, getEngine } from "~/db/client.server";
import { migrateToLatest, whileStartupLocked } from "~/db/migrate.server";
import { refreshPlannerStatistics, schedulePlannerStatistics } from "~/db/planner-statistics.server";
import { seedDemoContent, seedFixedData } from "~/db/seed.server";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { seedSiteSettings } from "~/lib/site/settings.server";
import { ensureDemoAdmin } from "~/lib/auth/users.server";
import { seedSampleQuestions } from "~/lib/questions/sample-seed.server";
import { seedSampleTests } from "~/lib/exam/sample-tests-seed.server";
import { sweepAbandonedSpools } from "~/lib/media/spool.server";
import { seedDemoPictures } from "~/lib/media/demo-pictures.server";
import { seedDemoDocuments } from "~/lib/media/demo-documents.server";
import { closeAuth, getAuth } from "~/lib/auth/auth.server";
import { answerClientError, createRequestListener } from "./request-listener";
import { stopOnSignals } from "./shutdown";
import { startWorker } from "./worker";

/** A start refused for its configuration: server.ts prints the message alone, as one line. */
export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

const SITE_URL_MISSING =
  "SITE_URL is not set: in production set SITE_URL to the site's public origin, e.g. SITE_URL=https://www.example.in";

/** Migrates, seeds what the site needs, and serves. Used by server.ts. */
export async function startServer(): Promise<Server> {
  const config = env();
  // Absolute URLs (reset links above all) come from SITE_URL only, never from a request (issue 22).
  if (config.NODE_ENV === "production" && !config.SITE_URL) throw new ConfigurationError(SITE_URL_MISSING);
  const db = getDb();
  // Several instances starting at once on one PostgreSQL database take turns here.
  await whileStartupLocked(config.DATABASE_URL, async () => {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ applied, engine: getEngine() }, "migrations applied");
    await seedSiteSettings(db);
    await seedFixedData(db);
    if (config.NODE_ENV !== "production" || config.SEED_DEMO) {
      await seedDemoContent(db);
      // The demo's pictures into the media library, shown where a demo row still has its placeholder.
      await seedDemoPictures(db);
      // A demo PDF for each demo e-book and free material still holding the demo's link.
      await seedDemoDocuments(db);
      // Into an empty question bank only: staff questions and edits stay (issue 46).
      await seedSampleQuestions(db);
      // While there is no test at all: the sample mock and topic tests, from the samples (issue 47).
      await seedSampleTests(db);
    }
    // Outside production only: an empty database gets a demo admin (README "Admin").
    await ensureDemoAdmin(await getAuth(), db, config.NODE_ENV === "production");
  });
  // Uploads cut off by a killed process left their temporary files behind (issue 45).
  const abandoned = await sweepAbandonedSpools();
  if (abandoned) logger.info({ abandoned }, "removed temporary files of interrupted uploads");
  // The tables are migrated and seeded: the query planner's statistics can be gathered.
  await refreshPlannerStatistics(db, getEngine(), { thorough: true });
  schedulePlannerStatistics(db, getEngine());

  const https = config.SITE_URL?.startsWith("https:") ?? false;
  const listener = createRequestListener({
    mode: config.NODE_ENV,
    clientDir: resolve(config.BUILD_DIR, "client"),
    trustProxy: config.TRUST_PROXY,
    https,
    siteUrl: config.SITE_URL,
    allowedHosts: config.ALLOWED_HOSTS,
    pageCache: config.PAGE_CACHE === "on",
  });
  // The listener answers a request without a Host itself, with the security headers.
  const server = createServer({ requireHostHeader: false }, listener);
  server.on("clientError", answerClientError(https));
  server.keepAliveTimeout = 65_000;
  const worker = config.OUTBOX_WORKER === "inline" ? startWorker() : undefined;

  // Graceful stop: refuse new connections, let requests in flight finish (their keep-alive
  // connections then close), let the worker finish the e-mail it is sending, then exit 0.
  stopOnSignals({
    finishing: "no new connections, finishing requests and the e-mail in flight",
    pending: () => ({ requests: listener.inFlight }),
    async stop() {
      const requestsDone = new Promise<void>((done) => server.close(() => done()));
      listener.drain(server);
      await Promise.all([requestsDone, worker?.stop()]);
      await closeAuth();
      await closeDb();
    },
  });

  await new Promise<void>((done) => server.listen(config.PORT, config.HOST, done));
  logger.info({ port: config.PORT, engine: getEngine() }, `listening on http://localhost:${config.PORT}`);
  return server;
}
