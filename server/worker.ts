import { closeDb, getDb } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { createMailSender, startOutboxWorker, type OutboxWorker } from "~/lib/outbox.server";
import { scheduleRetention } from "~/lib/retention.server";
import { stopOnSignals } from "./shutdown";

/** The outbox worker: inside the web process by default, or alone via worker.ts. */
export function startWorker(): OutboxWorker {
  const config = env();
  const sender = createMailSender({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  logger.info({ transport: config.SMTP_URL ? "smtp" : "eml files in data/outbox" }, "outbox worker started");
  const outbox = startOutboxWorker(getDb(), sender, {
    intervalMs: config.OUTBOX_POLL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    leaseMs: config.OUTBOX_LEASE_MS,
  });
  // The same process keeps the privacy notice's retention promises.
  const stopRetention = scheduleRetention(getDb());
  return {
    poke: outbox.poke,
    async stop() {
      stopRetention();
      await outbox.stop();
    },
  };
}

/** Runs only the outbox worker (OUTBOX_WORKER=off on the web instances). */
export async function runWorkerProcess() {
  await migrateToLatest(getDb());
  const worker = startWorker();
  stopOnSignals({
    finishing: "finishing the e-mail being sent",
    async stop() {
      await worker.stop();
      await closeDb();
    },
  });
}
