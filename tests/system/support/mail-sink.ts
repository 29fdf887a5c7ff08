import { SMTPServer } from "smtp-server";
import { parseMail, type ReceivedMail } from "../../../support/smtp";

// A real SMTP server for the resilience tests (issue 7), on a port of the test's choosing, that
// can be told to misbehave: hold a message's answer (a slow or stuck server, or one the sender
// dies talking to), or refuse messages containing a text permanently (554). A message counts as
// received only once the server has answered it with 250.

export interface MailSink {
  port: number;
  url: string;
  /** Every message answered with 250, in order. */
  received: ReceivedMail[];
  /** Holds the answer to the next message's DATA; resolves once a message is being held. */
  holdNext(): Promise<void>;
  /** Answers the held message with 250 (it is received then), if its sender is still there. */
  release(): void;
  /** Whether a message's answer is being held right now. */
  holding(): boolean;
  /** Messages whose raw text contains `text` are refused with 554 (null: accept all again). */
  refuseContaining(text: string | null): void;
  /** How many messages were refused. */
  refusals(): number;
  close(): Promise<void>;
}

export async function startMailSink(port = 0): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  let armed: (() => void) | null = null;
  let held: { session: string; answer: () => void } | null = null;
  let refuse: string | null = null;
  let refused = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        if (refuse !== null && raw.includes(refuse)) {
          refused++;
          const error = new Error("5.7.1 Message rejected") as Error & { responseCode: number };
          error.responseCode = 554;
          return callback(error);
        }
        const accept = () => {
          received.push(
            parseMail(raw, {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
            }),
          );
          callback();
        };
        if (!armed) return accept();
        const notify = armed;
        armed = null;
        held = { session: session.id, answer: accept };
        notify();
      });
    },
    onClose(session) {
      // The sender went away while its message was held: it was never accepted.
      if (held?.session === session.id) held = null;
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as { port: number }).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    holdNext: () => new Promise<void>((resolve) => (armed = resolve)),
    release() {
      const answer = held?.answer;
      held = null;
      answer?.();
    },
    holding: () => held !== null,
    refuseContaining(text) {
      refuse = text;
    },
    refusals: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
