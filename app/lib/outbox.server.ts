import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import nodemailer from "nodemailer";
import { logger } from "~/core/logger.server";
import type { DB } from "~/db/client.server";
import {
  claimDueEmails,
  DEFAULT_LEASE_MS,
  markEmailFailed,
  markEmailSent,
  type OutgoingEmail,
} from "~/db/queries/outbox.server";

// Outgoing mail is a row first (written in the same transaction as the submission it reports),
// and a message second: a worker drains email_outbox, marks a row sent only after the SMTP server
// accepted it, retries with growing backoff, and after maxAttempts keeps it as dead (DESIGN §6).
// Delivery is at least once: a process killed after the SMTP server accepted a message but before
// the row was marked sent leaves the row leased, and it is sent again when the lease ends.

export interface OutboxPolicy {
  /** Attempts before a message is kept as dead (OUTBOX_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** The first retry's delay; each next one is 4× longer, up to 120× (OUTBOX_RETRY_BASE_MS). */
  retryBaseMs: number;
  /**
   * How long a claimed row is left alone by other workers (OUTBOX_LEASE_MS). A worker claims one
   * row at a time, so the lease covers a single send: it must outlast the SMTP timeouts below.
   */
  leaseMs: number;
}

export const defaultOutboxPolicy: OutboxPolicy = { maxAttempts: 6, retryBaseMs: 30_000, leaseMs: DEFAULT_LEASE_MS };
export const MAX_ATTEMPTS = defaultOutboxPolicy.maxAttempts;

/** With the default base: 30 s, 2 min, 8 min, 32 min, then hourly. */
export function retryDelayMs(attempts: number, baseMs = defaultOutboxPolicy.retryBaseMs) {
  return Math.min(baseMs * 4 ** Math.max(0, attempts - 1), baseMs * 120);
}

/** Bounds on one SMTP send, well inside the default lease: a hung server cannot hold a row for long. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export interface MailSender {
  send(message: OutgoingEmail & { id: number }): Promise<void>;
  close?(): void;
}

/** The message nodemailer sends for an outbox row, whichever the transport. */
function mailOf(from: string, message: OutgoingEmail) {
  return {
    from,
    to: message.to,
    replyTo: message.replyTo ?? undefined,
    subject: message.subject,
    html: message.html,
    text: message.text,
  };
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file, so the flow is visible. */
export function createMailSender(options: { smtpUrl?: string; from: string; fileDir?: string }): MailSender {
  if (options.smtpUrl) {
    // Timeouts given in the URL's query string still win.
    const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: options.smtpUrl });
    return {
      async send(message) {
        await transport.sendMail(mailOf(options.from, message));
      },
      close: () => transport.close(),
    };
  }
  const dir = resolve(options.fileDir ?? "data/outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail(mailOf(options.from, message));
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${String(message.id).padStart(6, "0")}.eml`), info.message as Buffer);
    },
  };
}

export interface DrainResult {
  sent: number;
  failed: number;
  dead: number;
}

export interface DrainOptions extends Partial<OutboxPolicy> {
  /** Asked before each message: true ends the drain (shutdown), the message in flight finished. */
  shouldStop?: () => boolean;
}

/** Sends every due message once; a failing message never blocks the others. */
export async function drainOutbox(
  db: DB,
  sender: MailSender,
  now = () => new Date(),
  options: DrainOptions = {},
): Promise<DrainResult> {
  const policy = { ...defaultOutboxPolicy, ...options };
  const result: DrainResult = { sent: 0, failed: 0, dead: 0 };
  while (!options.shouldStop?.()) {
    // One row at a time: the lease then covers one send, however slow the SMTP server, and a
    // stopped or killed worker holds at most the message it was sending.
    const [row] = await claimDueEmails(db, 1, now(), policy.leaseMs);
    if (!row) break;
    try {
      await sender.send({
        id: row.id,
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        html: row.html,
        text: row.text,
      });
      await markEmailSent(db, row, now());
      result.sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      const dead = attempts >= policy.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      const nextAttemptAt = new Date(now().getTime() + retryDelayMs(attempts, policy.retryBaseMs));
      await markEmailFailed(db, row, { attempts, dead, error: message, nextAttemptAt });
      if (dead) result.dead++;
      else result.failed++;
      logger[dead ? "error" : "warn"](
        { id: row.id, attempts, err: message },
        dead ? "email dead" : "email retry scheduled",
      );
    }
  }
  return result;
}

export interface OutboxWorker {
  /** Drain now instead of at the next tick (after a submission in this process). */
  poke(): void;
  /** Stops polling and waits for the message in flight; messages still due stay for the next start. */
  stop(): Promise<void>;
}

let processWorker: OutboxWorker | undefined;

/** Wakes this process's worker, if it runs one, right after a submission was stored. */
export function pokeOutbox() {
  processWorker?.poke();
}

export interface WorkerOptions extends Partial<OutboxPolicy> {
  /** How often the worker looks for due messages when nothing pokes it (OUTBOX_POLL_MS). */
  intervalMs?: number;
}

export function startOutboxWorker(db: DB, sender: MailSender, options: WorkerOptions = {}): OutboxWorker {
  const { intervalMs = 2000, ...policy } = options;
  let stopped = false;
  let queued = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  // One drain at a time; pokes that arrive while one is waiting to start share it.
  const tick = () => {
    clearTimeout(timer);
    if (queued || stopped) return;
    queued = true;
    running = running
      .then(() => {
        queued = false;
        return drainOutbox(db, sender, undefined, { ...policy, shouldStop: () => stopped });
      })
      .then(
        () => undefined,
        (error) => logger.error({ err: error }, "outbox drain failed"),
      )
      .finally(() => {
        clearTimeout(timer);
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  const worker: OutboxWorker = {
    poke: tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      sender.close?.();
      if (processWorker === worker) processWorker = undefined;
    },
  };
  processWorker = worker;
  return worker;
}
