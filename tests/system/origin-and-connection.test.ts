import { execFileSync, spawn } from "node:child_process";
import { connect } from "node:net";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { freePort, ROOT, scratchSqlite, startApp, type AppProcess, type ScratchDb } from "../../support/app-process";

// Issue 22, from an outside probe of the production build: every absolute URL comes from SITE_URL
// (a forged Host header cannot put a reset token on an attacker's site), production refuses to
// start without it, a request for another host is answered 421, every answer the server writes
// itself carries the security headers, and a body a route did not read never hangs the next
// request on its connection.

/**
 * One exchange on a raw socket: the chunks written in turn (a number waits that many ms, as a
 * slow uplink would), then everything read until `until` holds or the time is out.
 */
function rawExchange(
  port: number,
  chunks: (string | number)[],
  until: (received: string) => boolean,
  timeoutMs = 8_000,
) {
  return new Promise<string>((done) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      done(received);
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (until(received)) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    socket.once("connect", async () => {
      for (const chunk of chunks) {
        if (typeof chunk === "number") await new Promise((r) => setTimeout(r, chunk));
        else if (!socket.destroyed) socket.write(chunk);
      }
    });
  });
}

// A body without a final line break runs straight into the next answer: no ^ anchor.
const statusLines = (received: string) => received.match(/HTTP\/1\.1 \d{3}/g) ?? [];

/** The header block of the first answer in a raw exchange, names lower-cased. */
function firstHeaders(received: string): Record<string, string> {
  const head = received.slice(0, received.indexOf("\r\n\r\n"));
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function expectSecurityHeaders(headers: Record<string, string>) {
  expect(headers["content-security-policy"]).toContain("default-src 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}

const ADMIN_EMAIL = "probe-admin@example.com";
const ADMIN_PASSWORD = "probe-admin-password-1";

function createAdmin(databaseUrl: string) {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", ADMIN_EMAIL], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD, NODE_ENV: "production", LOG_LEVEL: "silent" },
    stdio: "pipe",
  });
}

async function resetEmails(databaseUrl: string) {
  const { db } = createDb(databaseUrl);
  try {
    return await db.selectFrom("email_outbox").select("text").where("to_address", "=", ADMIN_EMAIL).execute();
  } finally {
    await db.destroy();
  }
}

/** A no-JavaScript forgot-password POST, as the probe sent it: a forged Host, a same-site Referer. */
const forgotPassword = (host: string, referer: string) => {
  const body = `email=${encodeURIComponent(ADMIN_EMAIL)}`;
  return [
    `POST /admin/forgot-password HTTP/1.1\r\nHost: ${host}\r\nReferer: ${referer}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
  ];
};

describe("production start", () => {
  it("refuses to start without SITE_URL, saying in one line what to set", async () => {
    const database = scratchSqlite("no-site-url");
    const port = await freePort();
    const { SITE_URL: _unset, ...environment } = process.env;
    const child = spawn(process.execPath, ["server.ts"], {
      cwd: ROOT,
      env: {
        ...environment,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: database.url,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that starts anyway is stopped, and the test fails on its exit code.
    const started = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const code = await new Promise<number | null>((done) => child.once("exit", done));
    clearTimeout(started);
    await database.drop();
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      "SITE_URL is not set: in production set SITE_URL to the site's public origin, e.g. SITE_URL=https://www.example.in",
    ]);
  });
});

describe("the production server and the Host header", () => {
  let app: AppProcess;
  let open: AppProcess;
  let database: ScratchDb;
  let openDatabase: ScratchDb;
  const siteUrl = "https://www.gate-ch.example";

  beforeAll(async () => {
    database = scratchSqlite("host-check");
    openDatabase = scratchSqlite("host-open");
    // `app`'s SITE_URL is its own loopback origin (startApp); `open` has a public SITE_URL and
    // serves every host (ALLOWED_HOSTS=*), to show that the links never follow the Host header.
    [app, open] = await Promise.all([
      startApp({ databaseUrl: database.url, env: { OUTBOX_WORKER: "off" } }),
      startApp({ databaseUrl: openDatabase.url, env: { OUTBOX_WORKER: "off", SITE_URL: siteUrl, ALLOWED_HOSTS: "*" } }),
    ]);
    createAdmin(database.url);
    createAdmin(openDatabase.url);
  });
  afterAll(async () => {
    await Promise.all([app?.stop(), open?.stop()]);
    await Promise.all([database?.drop(), openDatabase?.drop()]);
  });

  it("answers a request for a foreign host 421, with the security headers, before routing", async () => {
    const received = await rawExchange(
      app.port,
      forgotPassword("evil.example", "http://evil.example/admin/forgot-password"),
      (r) => r.includes("\r\n\r\n"),
    );
    expect(statusLines(received)).toEqual(["HTTP/1.1 421"]);
    expectSecurityHeaders(firstHeaders(received));
    expect(await resetEmails(database.url)).toEqual([]);
    // Pages too, cached or not; the health check answers by address for load balancers.
    const page = await rawExchange(
      app.port,
      ["GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"],
      () => false,
    );
    expect(statusLines(page)).toEqual(["HTTP/1.1 421"]);
    const health = await rawExchange(
      app.port,
      ["GET /healthz HTTP/1.1\r\nHost: 10.0.0.7:3000\r\nConnection: close\r\n\r\n"],
      () => false,
    );
    expect(statusLines(health)).toEqual(["HTTP/1.1 200"]);
  });

  it("builds the reset link from SITE_URL even when every host is served", async () => {
    const received = await rawExchange(
      open.port,
      forgotPassword("evil.example", "http://attacker.example/admin/forgot-password"),
      () => false,
    );
    // The Referer names a third site: refused. (With ALLOWED_HOSTS=* a write from the very host it
    // was addressed to is same-origin and taken, issue 42; its link is on SITE_URL all the same.)
    expect(statusLines(received)).toEqual(["HTTP/1.1 403"]);
    const sameSite = await rawExchange(
      open.port,
      forgotPassword("evil.example", `${siteUrl}/admin/forgot-password`),
      () => false,
    );
    expect(statusLines(sameSite)).toEqual(["HTTP/1.1 200"]);
    const emails = await resetEmails(openDatabase.url);
    expect(emails).toHaveLength(1);
    const links = emails[0]!.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${siteUrl}/admin/reset-password\\?token=[\\w-]+$`));
  });

  it("writes canonical links and the sitemap on SITE_URL whatever the Host", async () => {
    const page = await rawExchange(
      open.port,
      ["GET /faqs HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"],
      () => false,
    );
    expect(page).toContain(`<link rel="canonical" href="${siteUrl}/faqs"/>`);
    expect(page).not.toContain("evil.example");
    const sitemap = await rawExchange(
      open.port,
      ["GET /sitemap.xml HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"],
      () => false,
    );
    expect(sitemap).toContain(`<loc>${siteUrl}/faqs</loc>`);
    expect(sitemap).not.toContain("evil.example");
  });
});

describe("answers the server writes itself, and bodies no route read", () => {
  let app: AppProcess;
  let database: ScratchDb;
  let host: string;

  beforeAll(async () => {
    database = scratchSqlite("connection");
    app = await startApp({ databaseUrl: database.url, env: { OUTBOX_WORKER: "off" } });
    host = `127.0.0.1:${app.port}`;
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  /**
   * A form POST with one field of `size` characters whose second half arrives after the answer
   * (as from a phone's slow uplink), then a GET on the same connection.
   */
  function overLongThenGet(path: string, origin: string, size: number) {
    const body = `email=a%40example.com&password=${"x".repeat(size)}`;
    const post =
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`;
    const start = 20_000;
    return [post + body.slice(0, start), 400, body.slice(start), 100, `GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`];
  }

  it("answers the next request on a connection after refusing an over-long form", async () => {
    const received = await rawExchange(app.port, overLongThenGet("/admin/login", `http://${host}`, 100_000), (r) =>
      r.includes('"status":"ok"'),
    );
    expect(statusLines(received)).toEqual(["HTTP/1.1 400", "HTTP/1.1 200"]);
  });

  it("answers the next request after a refusal that read no body at all", async () => {
    // A foreign Origin is refused before routing: nothing reads the 500 KB body.
    const received = await rawExchange(
      app.port,
      overLongThenGet("/contact", "https://elsewhere.example", 500_000),
      (r) => r.includes('"status":"ok"'),
    );
    expect(statusLines(received)).toEqual(["HTTP/1.1 403", "HTTP/1.1 200"]);
  });

  it("sends the security headers with a request Node cannot parse", async () => {
    const received = await rawExchange(
      app.port,
      [`GET / HTTP/1.1\r\nHost: ${host}\r\nNo colon in this header\r\n\r\n`],
      () => false,
    );
    expect(statusLines(received)).toEqual(["HTTP/1.1 400"]);
    expectSecurityHeaders(firstHeaders(received));
  });

  it("sends the security headers with the last-resort 500", async () => {
    // The content version is read before any anonymous page: without its table, nothing renders.
    const file = database.url.replace(/^file:/, "");
    const direct = new SQLite(file);
    direct.pragma("busy_timeout = 5000");
    direct.exec("alter table content_version rename to content_version_gone");
    try {
      await new Promise((r) => setTimeout(r, 1_100));
      const received = await rawExchange(
        app.port,
        [`GET /contact HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
        () => false,
      );
      expect(statusLines(received)).toEqual(["HTTP/1.1 500"]);
      expectSecurityHeaders(firstHeaders(received));
    } finally {
      direct.exec("alter table content_version_gone rename to content_version");
      direct.close();
    }
  });
});
