import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import nodemailer from "nodemailer";
import { isPostgres, type DB } from "~/db/client.server";
import type { OutboxEmail } from "~/db/schema";
import { logger } from "./logger.server";

// Outgoing mail is a row first (written in the same transaction as the submission it reports),
// and a message second: a worker drains email_outbox, marks a row sent only after the SMTP server
// accepted it, retries with growing backoff, and after MAX_ATTEMPTS keeps it as dead (DESIGN §6).

export const MAX_ATTEMPTS = 6;
/** A claimed row is left alone by other workers for this long. */
const LEASE_MS = 2 * 60_000;

/** 30 s, 2 min, 8 min, 32 min, then hourly. */
export function retryDelayMs(attempts: number) {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export interface OutgoingEmail {
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
}

export async function enqueueEmail(db: DB, email: OutgoingEmail, now = new Date()) {
  const { id } = await db
    .insertInto("email_outbox")
    .values({
      to_address: email.to,
      reply_to: email.replyTo ?? null,
      subject: email.subject,
      html: email.html,
      text: email.text,
      status: "pending",
      attempts: 0,
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export interface MailSender {
  send(message: OutgoingEmail & { id: number }): Promise<void>;
  close?(): void;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file, so the flow is visible. */
export function createMailSender(options: { smtpUrl?: string; from: string; fileDir?: string }): MailSender {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject,
          html: message.html,
          text: message.text,
        });
      },
      close: () => transport.close(),
    };
  }
  const dir = resolve(options.fileDir ?? "data/outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${String(message.id).padStart(6, "0")}.eml`), info.message as Buffer);
    },
  };
}

/** Claims up to `limit` due rows for this worker; on PostgreSQL, rows locked by another are skipped. */
export async function claimDueEmails(db: DB, limit = 10, now = new Date()): Promise<OutboxEmail[]> {
  const nowIso = now.toISOString();
  let due = db
    .selectFrom("email_outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", nowIso)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", nowIso)]))
    .orderBy("id")
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  return db
    .updateTable("email_outbox")
    .set({ locked_until: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where("id", "in", due)
    .returningAll()
    .execute();
}

export interface DrainResult {
  sent: number;
  failed: number;
  dead: number;
}

/** Sends every due message once; a failing message never blocks the others. */
export async function drainOutbox(db: DB, sender: MailSender, now = () => new Date()): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0, dead: 0 };
  for (;;) {
    const batch = await claimDueEmails(db, 10, now());
    if (batch.length === 0) return result;
    for (const row of batch) {
      try {
        await sender.send({
          id: row.id,
          to: row.to_address,
          replyTo: row.reply_to,
          subject: row.subject,
          html: row.html,
          text: row.text,
        });
        await db
          .updateTable("email_outbox")
          .set({
            status: "sent",
            sent_at: now().toISOString(),
            locked_until: null,
            attempts: row.attempts + 1,
            last_error: null,
          })
          .where("id", "=", row.id)
          .execute();
        result.sent++;
      } catch (error) {
        const attempts = row.attempts + 1;
        const dead = attempts >= MAX_ATTEMPTS;
        const message = error instanceof Error ? error.message : String(error);
        await db
          .updateTable("email_outbox")
          .set({
            status: dead ? "dead" : "pending",
            attempts,
            last_error: message.slice(0, 1000),
            locked_until: null,
            next_attempt_at: new Date(now().getTime() + retryDelayMs(attempts)).toISOString(),
          })
          .where("id", "=", row.id)
          .execute();
        if (dead) result.dead++;
        else result.failed++;
        logger[dead ? "error" : "warn"](
          { id: row.id, attempts, err: message },
          dead ? "email dead" : "email retry scheduled",
        );
      }
    }
  }
}

export interface OutboxWorker {
  /** Drain now instead of at the next tick (after a submission in this process). */
  poke(): void;
  /** Stops polling and waits for the message in flight. */
  stop(): Promise<void>;
}

let processWorker: OutboxWorker | undefined;

/** Wakes this process's worker, if it runs one, right after a submission was stored. */
export function pokeOutbox() {
  processWorker?.poke();
}

export function startOutboxWorker(db: DB, sender: MailSender, intervalMs = 2000): OutboxWorker {
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
        return drainOutbox(db, sender);
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
