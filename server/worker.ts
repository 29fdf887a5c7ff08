import { closeDb, getDb } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { createMailSender, outboxPolicyFromEnv, startOutboxWorker, type OutboxWorker } from "~/lib/mail/outbox.server";
import { alertMailConfigFromEnv, scheduleAlertMail } from "~/lib/alert-mail/compose.server";
import { linkCheckConfigFromEnv, scheduleLinkChecks } from "~/lib/link-health/run.server";
import { scheduleRetention } from "~/lib/retention.server";
import { stopOnSignals } from "./shutdown";

/** The outbox worker: inside the web process by default, or alone via worker.ts. */
export function startWorker(): OutboxWorker {
  const config = env();
  const sender = createMailSender({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  logger.info({ transport: config.SMTP_URL ? "smtp" : "eml files in data/outbox" }, "outbox worker started");
  const outbox = startOutboxWorker(getDb(), sender, {
    intervalMs: config.OUTBOX_POLL_MS,
    ...outboxPolicyFromEnv(config),
  });
  // Job alerts by e-mail (issue 49): alerts sent now, deadline reminders and the digests.
  const alertMail = scheduleAlertMail(getDb(), alertMailConfigFromEnv(), { intervalMs: config.ALERT_MAIL_TICK_MS });
  // The same process keeps the privacy notice's retention promises.
  const stopRetention = scheduleRetention(getDb());
  // And checks the outside links the site shows (issue 48), unless LINK_CHECK=off.
  const linkConfig = linkCheckConfigFromEnv();
  const linkChecks = linkConfig ? scheduleLinkChecks(getDb(), linkConfig) : undefined;
  logger.info({ linkChecks: linkConfig ? "on" : "off (LINK_CHECK=off)" }, "link checker");
  return {
    poke: outbox.poke,
    async stop() {
      stopRetention();
      // The job alert e-mails being composed are queued before the outbox stops.
      await alertMail.stop();
      await Promise.all([outbox.stop(), linkChecks?.stop()]);
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
