import { Readable } from "node:stream";
import MailComposer from "nodemailer/lib/mail-composer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import type { OutgoingEmail } from "~/db/queries/outbox.server";

// The subscription mail's SMTP connection (issue 49): one connection kept open for message after
// message (a digest to thousands goes out over it, not a connection each), and each message's
// last step under our control. nodemailer's SMTPConnection pipes a message into the DATA command
// only once the server has said 354, and writes the terminating "<CRLF>.<CRLF>" when the message
// stream ends; the stream given here ends only after `beforeFinalDot` has resolved. The outbox
// records the message as handed over there (~/lib/mail/outbox.server.ts): a worker killed before that
// leaves a message the server discards (it never got the dot) and that is sent again; one killed
// after it is never sent again. Only a server that accepts the dot and then fails to say so, with
// the worker alive, can still see a message twice (RFC 1047), as with any SMTP client.

export interface SessionMessage extends OutgoingEmail {
  from: string;
}

export interface SmtpSession {
  send(message: SessionMessage, beforeFinalDot?: () => Promise<void>): Promise<void>;
  close(): void;
}

/** Bounds on one send, as for the outbox's other transport. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
/** A connection is closed after this many messages, or when idle this long. */
const MAX_MESSAGES = 500;
const IDLE_MS = 5_000;

/** The message as nodemailer takes it, whichever the transport. */
export function mailOptions(message: SessionMessage) {
  return {
    from: message.from,
    to: message.to,
    replyTo: message.replyTo ?? undefined,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: message.headers ?? undefined,
  };
}

/** The message as its bytes (MIME), with a Message-ID of its own. */
export function composeMessage(message: SessionMessage): Promise<Buffer> {
  return new MailComposer(mailOptions(message)).compile().build();
}

/** A stream of `bytes` that ends only once `beforeEnd` has resolved (or fails with its error). */
function endingAfter(bytes: Buffer, beforeEnd?: () => Promise<void>) {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(bytes);
        return;
      }
      if (!beforeEnd) {
        this.push(null);
        return;
      }
      beforeEnd().then(
        () => this.push(null),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
}

interface Open {
  connection: SMTPConnection;
  messages: number;
  idle?: ReturnType<typeof setTimeout>;
  broken: boolean;
}

export function createSmtpSession(smtpUrl: string): SmtpSession {
  const { auth, ...urlOptions } = parseConnectionUrl(smtpUrl);
  let open: Open | undefined;

  function drop(target: Open | undefined, quit = false) {
    if (!target) return;
    clearTimeout(target.idle);
    if (open === target) open = undefined;
    try {
      if (quit && !target.broken) target.connection.quit();
      else target.connection.close();
    } catch {
      // already closed
    }
  }

  async function connect(): Promise<Open> {
    const connection = new SMTPConnection({ ...TIMEOUTS, ...(urlOptions as SMTPConnection.Options) });
    const target: Open = { connection, messages: 0, broken: false };
    // An idle connection the server closes is simply opened again for the next message.
    connection.on("error", () => (target.broken = true));
    connection.once("end", () => {
      target.broken = true;
      if (open === target) open = undefined;
    });
    await new Promise<void>((resolve, reject) => connection.connect((error) => (error ? reject(error) : resolve())));
    if (auth) {
      await new Promise<void>((resolve, reject) =>
        connection.login(auth, (error) => (error ? reject(error) : resolve())),
      );
    }
    return target;
  }

  function sendOver(target: Open, message: SessionMessage, bytes: Buffer, beforeFinalDot?: () => Promise<void>) {
    const stream = endingAfter(bytes, beforeFinalDot);
    return new Promise<{ untouched: boolean }>((resolve, reject) =>
      target.connection.send({ from: envelopeAddress(message.from), to: [message.to] }, stream, (error) => {
        if (error) {
          // Not a byte of it went: another connection may take it (the server closed this one idle).
          (error as Error & { untouched?: boolean }).untouched = !stream.readableDidRead;
          reject(error);
        } else resolve({ untouched: false });
      }),
    );
  }

  return {
    async send(message, beforeFinalDot) {
      const bytes = await composeMessage(message);
      for (let attempt = 0; ; attempt++) {
        const reused = open !== undefined && !open.broken;
        if (open?.broken) drop(open);
        const target =
          open ??
          (open = await connect().catch((error: unknown) => {
            open = undefined;
            throw error;
          }));
        clearTimeout(target.idle);
        try {
          await sendOver(target, message, bytes, beforeFinalDot);
        } catch (error) {
          drop(target);
          const untouched = (error as { untouched?: boolean }).untouched;
          if (reused && untouched && attempt === 0) continue;
          throw error;
        }
        target.messages++;
        if (target.messages >= MAX_MESSAGES) drop(target, true);
        else target.idle = setTimeout(() => drop(target, true), IDLE_MS).unref();
        return;
      }
    },
    close() {
      drop(open, true);
    },
  };
}

/** The address part of "Name <address>". */
function envelopeAddress(from: string) {
  return /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}
