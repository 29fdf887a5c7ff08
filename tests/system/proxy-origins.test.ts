import { execFileSync } from "node:child_process";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "~/db/client.server";
import { bookingMessages, contactMessages } from "~/lib/forms/messages";
import { ROOT, scratchSqlite, startApp, type AppProcess, type ScratchDb } from "../../support/app-process";

// Issue 42, from an outside probe: behind the proxies docs/deploy.md describes ("Proxies"), every
// form answered a bare 400, because React Router's own origin check compared the Origin with the
// Host the proxy sent and was never told SITE_URL or ALLOWED_HOSTS. The production server runs here
// under each setup's environment and takes forms posted as a browser behind that proxy posts them
// (the proxy's Host, X-Forwarded-* and the visitor's Origin); a cross-site Origin is refused 403.

const SITE = "https://www.gate-ch.example";
const INTERNAL = "gate-app-1.internal:3000";
const CROSS_SITE = "https://evil.example";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One POST as the proxy hands it to the app: its headers exactly as given, Host included. */
function post(app: AppProcess, path: string, headers: Record<string, string>, fields: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  return new Promise<Answer>((done, fail) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: app.port,
        path,
        method: "POST",
        agent: false,
        headers: {
          ...headers,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

/** What a browser adds to a form it posts from the site's own page at `origin`. */
const fromPage = (origin: string) => ({
  Origin: origin,
  Referer: `${origin}/contact`,
  "Sec-Fetch-Site": "same-origin",
});
const fromElsewhere = { Origin: CROSS_SITE, Referer: `${CROSS_SITE}/`, "Sec-Fetch-Site": "cross-site" };

const contactFields = (marker: string) => ({
  name: "Proxy Visitor",
  email: "visitor@example.com",
  phone: "+91 98765 43210",
  message: `Is the test series updated? ${marker}`,
  website: "",
});
const bookingFields = (marker: string) => ({
  sessionType: "career-guidance",
  name: "Proxy Visitor",
  phone: "+91 98765 43210",
  gateScore: "",
  collegeName: "IIT Proxy",
  query: `Which PSUs recruit through GATE? ${marker}`,
  website: "",
});

/** How many stored submissions carry `marker`: contact messages and bookings. */
function stored(database: ScratchDb, marker: string) {
  const db = new Database(parseDatabaseUrl(database.url).location, { readonly: true });
  try {
    const count = (sql: string) => (db.prepare(sql).get(`%${marker}%`) as { n: number }).n;
    return {
      contact: count("select count(*) as n from contact_messages where message like ?"),
      booking: count("select count(*) as n from session_bookings where query like ?"),
    };
  } finally {
    db.close();
  }
}

/** A raw exchange on a socket, for requests no HTTP client sends: everything read until the server closes. */
function raw(app: AppProcess, text: string) {
  return new Promise<string>((done) => {
    const socket = connect(app.port, "127.0.0.1");
    let received = "";
    const timer = setTimeout(() => socket.destroy(), 8_000);
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      done(received);
    });
    socket.once("connect", () => socket.write(text));
  });
}

function headersOf(received: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of received.slice(0, received.indexOf("\r\n\r\n")).split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

const ADMIN_EMAIL = "proxy-admin@example.com";
const ADMIN_PASSWORD = "proxy-admin-password-1";

let run = 0;
const marker = () => `proxy-${process.pid}-${++run}`;

type Server = "internal" | "any" | "forwarded";
const servers: Record<Server, { app?: AppProcess; database?: ScratchDb; env: Record<string, string> }> = {
  // A proxy that sends its upstream's internal name as Host, TLS ending at the proxy (TRUST_PROXY=0),
  // and an alias of the site's name.
  internal: { env: { SITE_URL: SITE, ALLOWED_HOSTS: `${INTERNAL},gate-ch.example` } },
  any: { env: { SITE_URL: SITE, ALLOWED_HOSTS: "*" } },
  // A proxy the app trusts (TRUST_PROXY=1), with or without X-Forwarded-Host.
  forwarded: { env: { SITE_URL: SITE, ALLOWED_HOSTS: INTERNAL, TRUST_PROXY: "1" } },
};

beforeAll(async () => {
  await Promise.all(
    (Object.keys(servers) as Server[]).map(async (name) => {
      const server = servers[name];
      server.database = scratchSqlite(`proxy-${name}`);
      server.app = await startApp({
        databaseUrl: server.database.url,
        env: { OUTBOX_WORKER: "off", PUBLIC_FORM_RATE_LIMIT: "1000", ...server.env },
      });
    }),
  );
  execFileSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", ADMIN_EMAIL], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: servers.internal.database!.url,
      ADMIN_PASSWORD,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
    },
    stdio: "pipe",
  });
});

afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.app?.stop()));
  await Promise.all(Object.values(servers).map((server) => server.database?.drop()));
});

/** Each documented setup: the server it runs on and the headers its proxy hands the app. */
const setups: { name: string; server: Server; proxy: (app: AppProcess) => Record<string, string>; page: string }[] = [
  {
    name: "a proxy that rewrites Host to an internal name listed in ALLOWED_HOSTS",
    server: "internal",
    proxy: () => ({ Host: INTERNAL }),
    page: SITE,
  },
  {
    name: "a TLS-terminating proxy that keeps Host, TRUST_PROXY=0",
    server: "internal",
    proxy: () => ({ Host: "www.gate-ch.example" }),
    page: SITE,
  },
  {
    name: "an alias listed in ALLOWED_HOSTS, behind the same TLS proxy",
    server: "internal",
    proxy: () => ({ Host: "gate-ch.example" }),
    page: "https://gate-ch.example",
  },
  {
    name: "ALLOWED_HOSTS=*, Host rewritten to an internal name",
    server: "any",
    proxy: () => ({ Host: INTERNAL }),
    page: SITE,
  },
  {
    name: "ALLOWED_HOSTS=*, a name of its own behind the TLS proxy",
    server: "any",
    proxy: () => ({ Host: "mirror.gate-ch.example" }),
    page: "https://mirror.gate-ch.example",
  },
  {
    name: "TRUST_PROXY=1 with X-Forwarded-Host and -Proto",
    server: "forwarded",
    proxy: (app) => ({
      Host: `127.0.0.1:${app.port}`,
      "X-Forwarded-Host": "www.gate-ch.example",
      "X-Forwarded-Proto": "https",
      "X-Forwarded-For": "203.0.113.7",
    }),
    page: SITE,
  },
  {
    // TLS ended in front of a proxy that names the host but not the scheme: the request is http:.
    name: "TRUST_PROXY=1 with X-Forwarded-Host but no X-Forwarded-Proto",
    server: "forwarded",
    proxy: (app) => ({
      Host: `127.0.0.1:${app.port}`,
      "X-Forwarded-Host": "www.gate-ch.example",
      "X-Forwarded-For": "203.0.113.9",
    }),
    page: SITE,
  },
  {
    name: "TRUST_PROXY=1 without X-Forwarded-Host, Host rewritten to a listed name",
    server: "forwarded",
    proxy: () => ({ Host: INTERNAL, "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.8" }),
    page: SITE,
  },
];

describe("forms behind each documented proxy setup (issue 42)", () => {
  for (const setup of setups) {
    it(`${setup.name}: stores the contact form and the booking, refuses a cross-site post`, async () => {
      const { app, database } = servers[setup.server];
      const proxy = setup.proxy(app!);

      const contact = marker();
      const contactAnswer = await post(app!, "/contact", { ...proxy, ...fromPage(setup.page) }, contactFields(contact));
      expect(contactAnswer.status, contactAnswer.body.slice(0, 200)).toBe(200);
      expect(contactAnswer.body).toContain(contactMessages.success);

      const booking = marker();
      const bookingAnswer = await post(
        app!,
        "/book-session",
        { ...proxy, ...fromPage(setup.page) },
        bookingFields(booking),
      );
      expect(bookingAnswer.status, bookingAnswer.body.slice(0, 200)).toBe(200);
      expect(bookingAnswer.body).toContain(bookingMessages.success);

      const forged = marker();
      const crossSite = await post(app!, "/contact", { ...proxy, ...fromElsewhere }, contactFields(forged));
      expect(crossSite.status).toBe(403);

      expect(stored(database!, contact)).toEqual({ contact: 1, booking: 0 });
      expect(stored(database!, booking)).toEqual({ contact: 0, booking: 1 });
      expect(stored(database!, forged)).toEqual({ contact: 0, booking: 0 });
    });
  }

  it("takes a form posted with JavaScript (React Router's data request) behind the Host-rewriting proxy", async () => {
    const { app, database } = servers.internal;
    const sent = marker();
    const answer = await post(app!, "/contact.data", { Host: INTERNAL, ...fromPage(SITE) }, contactFields(sent));
    expect(answer.status, answer.body.slice(0, 200)).toBe(200);
    expect(stored(database!, sent)).toEqual({ contact: 1, booking: 0 });
    const crossSite = await post(app!, "/contact.data", { Host: INTERNAL, ...fromElsewhere }, contactFields(marker()));
    expect(crossSite.status).toBe(403);
  });

  it("signs an admin in behind the Host-rewriting proxy", async () => {
    const { app } = servers.internal;
    const credentials = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    const answer = await post(app!, "/admin/login", { Host: INTERNAL, ...fromPage(SITE) }, credentials);
    expect(answer.status, answer.body.slice(0, 200)).toBe(302);
    expect(answer.headers.location).toBe("/admin");
    expect(String(answer.headers["set-cookie"])).toMatch(/gate\.session_token=/);
    const crossSite = await post(app!, "/admin/login", { Host: INTERNAL, ...fromElsewhere }, credentials);
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers["set-cookie"]).toBeUndefined();
  });
});

describe("answers the server writes itself", () => {
  it("answers an HTTP/1.1 request without a Host 400, with the security headers", async () => {
    const received = await raw(servers.internal.app!, "GET /contact HTTP/1.1\r\nAccept: text/html\r\n\r\n");
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    const headers = headersOf(received);
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["content-security-policy"]).not.toContain("'nonce-");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(headers.connection).toBe("close");
  });

  it("answers a foreign host 421 with a policy that names no empty nonce", async () => {
    const received = await raw(
      servers.internal.app!,
      "GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    expect(received).toMatch(/^HTTP\/1\.1 421 /);
    const csp = headersOf(received)["content-security-policy"]!;
    expect(csp).toContain("script-src 'self'; style-src 'self';");
    expect(csp).not.toContain("'nonce-");
  });
});
