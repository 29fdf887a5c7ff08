import { SMTPServer } from "smtp-server";

// A real SMTP server for the tests that assert on what was sent (STYLE §8) and for the soak (perf/).

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Header lookup, case-insensitive, unfolded. */
  header(name: string): string | undefined;
  /** The text of every part, quoted-printable and base64 decoded. */
  body: string;
  /** The decoded text/html part. */
  html: string;
}

function decodePart(headers: string, content: string) {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = content
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
  return content;
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/).map((part) => {
    const [h = "", ...c] = part.split(/\r?\n\r?\n/);
    return { headers: h, text: decodePart(h, c.join("\n\n")) };
  });
  return {
    ...envelope,
    raw,
    header(name) {
      const match = unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, "im"));
      return match?.[1]?.trim();
    },
    body: parts.length > 1 ? parts.map((p) => p.text).join("\n") : decodePart(head, rest.join("\n\n")),
    html: parts.find((p) => /content-type:\s*text\/html/i.test(p.headers))?.text ?? "",
  };
}

/** A real SMTP server on a free loopback port, recording what it accepts. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let refuseNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext--;
        const error = new Error("Mailbox temporarily unavailable") as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(
          parseMail(Buffer.concat(chunks).toString("utf8"), {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
          }),
        );
        callback();
      });
    },
  });
  // A sender killed mid-session (a test that SIGKILLs an instance while it sends) resets its
  // connection: the server reports that as an error event, which must not end the test run.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next n recipients are refused with a temporary error. */
    refuse(n: number) {
      refuseNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
