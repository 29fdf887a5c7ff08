import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { contactMessages } from "~/lib/forms/messages";
import { createDb } from "~/db/client.server";
import { startMailSink } from "./support/mail-sink";
import { postForm, scratchSqlite, startApp } from "../../support/app-process";

// Issue 7 "Crash safety", the orderly half: on SIGTERM the production server stops accepting
// connections, closes idle keep-alive connections, lets a request in flight (a form whose body
// is still arriving) finish with its normal answer, lets the outbox worker finish the e-mail it
// is sending (the SMTP server holds its answer meanwhile) and mark it sent, then logs "stopped"
// and exits 0. E-mails queued during the stop wait in the outbox for the next start.

/** A raw HTTP/1.1 connection: what was received, and when the server closed it. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  const conn = {
    socket,
    received: "",
    closed: new Promise<void>((done) => socket.once("close", () => done())),
    ready: new Promise<void>((done, fail) => {
      socket.once("connect", done);
      socket.once("error", fail);
    }),
  };
  socket.on("data", (chunk: Buffer) => (conn.received += chunk.toString("utf8")));
  socket.on("error", () => undefined);
  return conn;
}

/** Resolves with the error code of a new connection attempt ("connected" if it was accepted). */
function tryConnect(port: number) {
  return new Promise<string>((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

async function until(what: string, check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const contact = (marker: string) => ({
  name: "Shutdown Visitor",
  email: "shutdown-visitor@example.com",
  phone: "+91 98765 43210",
  message: `Is the GATE 2027 series out yet? ${marker}`,
  website: "",
});

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.toReversed()) await cleanup().catch(() => undefined);
});

describe("SIGTERM", () => {
  it("refuses new connections, finishes the request in flight and the e-mail being sent, then exits 0", async () => {
    const database = scratchSqlite("shutdown");
    cleanups.push(() => database.drop());
    const sink = await startMailSink();
    cleanups.push(() => sink.close());
    const env = { SMTP_URL: sink.url };
    const app = await startApp({ databaseUrl: database.url, env });
    cleanups.push(() => app.kill());

    // An idle keep-alive connection: answered once, left open by the client.
    const idle = rawConnection(app.port);
    await idle.ready;
    idle.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\n\r\n`);
    await until("the health check's answer", () => idle.received.includes('"status":"ok"'));

    // A public page, rendered, then answered from the page cache.
    for (const cache of ["miss", "hit"]) {
      const page = await fetch(`${app.url}/faqs`);
      await page.arrayBuffer();
      expect(page.headers.get("x-cache")).toBe(cache);
    }

    // A submission whose e-mail the SMTP server is slow to accept: the worker is mid-send.
    const held = sink.holdNext();
    const first = await postForm(app, "/contact", contact("shutdown-first"));
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(contactMessages.success);
    await held;

    // A request in flight: its headers and half of its body have arrived.
    const body = new URLSearchParams(contact("shutdown-second")).toString();
    const slow = rawConnection(app.port);
    await slow.ready;
    slow.socket.write(
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nOrigin: ${app.url}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 40),
    );
    await new Promise((r) => setTimeout(r, 300));

    const stopped = Date.now();
    const exited = app.stop();
    await until("the shutdown to start", () => app.output().includes("shutting down"));

    // No new connections; the idle one is closed by the server; the process waits for the rest.
    expect(await tryConnect(app.port)).toBe("ECONNREFUSED");
    await idle.closed;
    expect(app.child.exitCode).toBeNull();

    // The rest of the body arrives: the normal answer, and the connection closes after it.
    slow.socket.write(body.slice(40));
    await slow.closed;
    const [head = "", page = ""] = slow.received.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/^connection: close$/im);
    expect(page).toContain(contactMessages.success);

    // Still running: the e-mail in flight is not finished yet.
    await new Promise((r) => setTimeout(r, 300));
    expect(app.child.exitCode).toBeNull();
    sink.release();

    expect(await exited).toBe(0);
    const shutdownMs = Date.now() - stopped;
    expect(app.output()).toMatch(/"msg":"stopped"/);
    // Every request left its line, a page answered from the cache as well as the page rendered.
    expect(app.output().match(/"method":"POST","url":"\/contact","status":200,[^\n]*"msg":"request"/g)).toHaveLength(2);
    expect(app.output().match(/"method":"GET","url":"\/faqs","status":200,[^\n]*"msg":"request"/g)).toHaveLength(2);
    expect(app.output()).not.toContain("shutdown timed out");

    const { db } = createDb(database.url);
    cleanups.push(() => db.destroy());
    const emails = async () =>
      db.selectFrom("email_outbox").select(["text", "status", "attempts", "locked_until"]).orderBy("id").execute();
    const outbox = (await emails()).filter((row) => row.text.includes("shutdown-"));
    // The e-mail being sent at SIGTERM was accepted and marked sent; the in-flight request's
    // submission was stored with its e-mail, which the stopped worker left for the next start.
    expect(outbox.map(({ status, attempts, locked_until }) => ({ status, attempts, locked_until }))).toEqual([
      { status: "sent", attempts: 1, locked_until: null },
      { status: "pending", attempts: 0, locked_until: null },
    ]);
    expect(outbox[0]!.text).toContain("shutdown-first");
    expect(outbox[1]!.text).toContain("shutdown-second");
    expect(sink.received.map((m) => m.body.includes("shutdown-first"))).toEqual([true]);
    const stored = await db
      .selectFrom("contact_messages")
      .select("message")
      .where("message", "like", "%shutdown-%")
      .execute();
    expect(stored).toHaveLength(2);

    // The next start sends it.
    const again = await startApp({ databaseUrl: database.url, env });
    cleanups.push(() => again.kill());
    await until("the queued e-mail", () => sink.received.length === 2, 20_000);
    expect(sink.received[1]!.body).toContain("shutdown-second");
    expect(await again.stop()).toBe(0);
    console.log(
      `graceful shutdown: SIGTERM to exit 0 in ${shutdownMs} ms (a 300 ms body wait and a held e-mail included)`,
    );
  });
});
