import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import nodemailer from "nodemailer";
import { logger } from "~/core/logger.server";
import type { DB } from "~/db/client.server";
import {
  claimDueEmails,
  DEFAULT_LEASE_MS,
  markEmailFailed,
  markEmailHandedOver,
  markEmailSent,
  markEmailsSent,
  releaseEmailClaims,
  settleHandedOver,
  type OutgoingEmail,
} from "~/db/queries/outbox.server";
import type { OutboxEmail } from "~/db/schema";
import { takeRateAllowance, type RateLimitRule } from "../rate-limit.server";
import { startSerialLoop } from "~/core/serial-loop";
import { createSmtpSession, composeMessage, mailOptions } from "./smtp-session.server";

// Outgoing mail is a row first (written in the same transaction as the submission it reports),
// and a message second: a worker drains email_outbox, marks a row sent only after the SMTP server
// accepted it, retries with growing backoff, and after maxAttempts keeps it as dead (DESIGN §6).
// Delivery is at least once: a process killed after the SMTP server accepted a message but before
// the row was marked sent leaves the row leased, and it is sent again when the lease ends.
//
// Subscription mail (issue 49, rows on a stream) is different: never the same mail twice. It is
// claimed after every form's e-mail, in batches of what the bulk rate allows (bulkPerMinute a
// minute across all instances, counted in the database), sent over one kept-open SMTP connection,
// and marked handed over just before its final dot (~/lib/mail/smtp-session.server.ts): a worker killed
// before that sends it again (the server discarded it), one killed after it never does
// (settleHandedOver records it as sent). A batch's accepted rows are marked sent together.

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
  /** Subscription mail sent per minute at most, by all workers together (OUTBOX_BULK_PER_MINUTE); 0: no limit. */
  bulkPerMinute: number;
}

export const defaultOutboxPolicy: OutboxPolicy = {
  maxAttempts: 6,
  retryBaseMs: 30_000,
  leaseMs: DEFAULT_LEASE_MS,
  bulkPerMinute: 0,
};
export const MAX_ATTEMPTS = defaultOutboxPolicy.maxAttempts;

/** With the default base: 30 s, 2 min, 8 min, 32 min, then hourly. */
export function retryDelayMs(attempts: number, baseMs = defaultOutboxPolicy.retryBaseMs) {
  return Math.min(baseMs * 4 ** Math.max(0, attempts - 1), baseMs * 120);
}

/** Bounds on one SMTP send, well inside the default lease: a hung server cannot hold a row for long. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export interface MailSender {
  /**
   * Sends one message. With `beforeFinalDot` (subscription mail), the message goes over the kept-open
   * connection and the call waits for it just before the message's end reaches the server.
   */
  send(message: OutgoingEmail & { id: number }, beforeFinalDot?: () => Promise<void>): Promise<void>;
  close?(): void;
}

/** The message nodemailer sends for an outbox row, whichever the transport. */
const mailOf = (from: string, message: OutgoingEmail) => mailOptions({ ...message, from });

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file, so the flow is visible. */
export function createMailSender(options: { smtpUrl?: string; from: string; fileDir?: string }): MailSender {
  if (options.smtpUrl) {
    // Timeouts given in the URL's query string still win.
    const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: options.smtpUrl });
    const session = createSmtpSession(options.smtpUrl);
    return {
      async send(message, beforeFinalDot) {
        if (beforeFinalDot) await session.send({ ...mailOf(options.from, message) }, beforeFinalDot);
        else await transport.sendMail(mailOf(options.from, message));
      },
      close: () => {
        transport.close();
        session.close();
      },
    };
  }
  const dir = resolve(options.fileDir ?? "data/outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message, beforeFinalDot) {
      const bytes = beforeFinalDot
        ? await composeMessage(mailOf(options.from, message))
        : ((await transport.sendMail(mailOf(options.from, message))).message as Buffer);
      await beforeFinalDot?.();
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${String(message.id).padStart(6, "0")}.eml`), bytes);
    },
  };
}

export interface DrainResult {
  sent: number;
  failed: number;
  dead: number;
  /** Set when the drain stopped at the bulk rate: how long until more may go. */
  throttledMs?: number;
}

/**
 * The bulk rate as windows the database counts (~/lib/rate-limit.server.ts): short ones, so that
 * a minute's allowance is spread over it rather than sent in its first second.
 */
export function bulkRateRule(perMinute: number): RateLimitRule {
  const limit = Math.max(1, Math.ceil(perMinute / 60));
  return { limit, windowMs: Math.round((60_000 * limit) / perMinute) };
}

const BULK_BUCKET = "outbox-bulk";
/** Subscription e-mails claimed together, at most. */
const BULK_BATCH = 20;

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
  // Subscription mail a dead worker had handed over: sent, never again.
  const settled = await settleHandedOver(db, now());
  if (settled) logger.warn({ settled }, "e-mails handed over by a stopped worker recorded as sent");
  const bulkRule = policy.bulkPerMinute > 0 ? bulkRateRule(policy.bulkPerMinute) : null;
  // Subscription mail handed over and accepted, marked sent a batch at a time (a worker killed
  // before that leaves them handed over, which settleHandedOver records as sent).
  const accepted: OutboxEmail[] = [];
  const flush = async () => {
    if (accepted.length) await markEmailsSent(db, accepted.splice(0), now());
  };

  /** Sends one claimed row, recording how it went. */
  async function sendRow(row: OutboxEmail) {
    const bulk = row.stream !== null;
    try {
      await sender.send(
        {
          id: row.id,
          to: row.to_address,
          replyTo: row.reply_to,
          subject: row.subject,
          html: row.html,
          text: row.text,
          headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : null,
        },
        bulk ? () => markEmailHandedOver(db, row.id, now()) : undefined,
      );
      if (bulk) accepted.push(row);
      else await markEmailSent(db, row, now());
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

  try {
    while (!options.shouldStop?.()) {
      // A form's e-mail one row at a time: the lease then covers one send, however slow the SMTP
      // server, and a stopped or killed worker holds at most the message it was sending.
      const [row] = await claimDueEmails(db, 1, now(), policy.leaseMs);
      if (!row) break;
      if (row.stream === null) {
        await sendRow(row);
        continue;
      }
      // Subscription mail in batches, as many as the bulk rate allows now (counted for all workers
      // at once), BULK_BATCH at most; the lease covers the batch.
      let allowance = BULK_BATCH;
      if (bulkRule) {
        const taken = await takeRateAllowance(db, BULK_BUCKET, "all", bulkRule, BULK_BATCH, now().getTime());
        allowance = taken.granted;
        if (allowance === 0) {
          await releaseEmailClaims(db, [row.id]);
          result.throttledMs = Math.max(1, taken.retryAfterMs);
          break;
        }
      }
      const batch = [row, ...(allowance > 1 ? await claimDueEmails(db, allowance - 1, now(), policy.leaseMs) : [])];
      for (const [i, claimed] of batch.entries()) {
        if (options.shouldStop?.()) {
          // Stopping: what this worker will not send now is free for the next at once.
          await releaseEmailClaims(
            db,
            batch.slice(i).map((r) => r.id),
          );
          break;
        }
        await sendRow(claimed);
      }
      await flush();
    }
  } finally {
    await flush();
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

/** The worker's policy from the environment (OUTBOX_*). */
export function outboxPolicyFromEnv(config: {
  OUTBOX_MAX_ATTEMPTS: number;
  OUTBOX_RETRY_BASE_MS: number;
  OUTBOX_LEASE_MS: number;
  OUTBOX_BULK_PER_MINUTE: number;
}): OutboxPolicy {
  return {
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    leaseMs: config.OUTBOX_LEASE_MS,
    bulkPerMinute: config.OUTBOX_BULK_PER_MINUTE,
  };
}

export function startOutboxWorker(db: DB, sender: MailSender, options: WorkerOptions = {}): OutboxWorker {
  const { intervalMs = 2000, ...policy } = options;
  // A drain that stopped at the bulk rate starts again as soon as the rate allows.
  const loop = startSerialLoop(
    async (stopped) => (await drainOutbox(db, sender, undefined, { ...policy, shouldStop: stopped })).throttledMs,
    { intervalMs, firstDelayMs: 0, onError: (error) => logger.error({ err: error }, "outbox drain failed") },
  );
  const worker: OutboxWorker = {
    poke: loop.poke,
    async stop() {
      await loop.stop();
      sender.close?.();
      if (processWorker === worker) processWorker = undefined;
    },
  };
  processWorker = worker;
  return worker;
}
