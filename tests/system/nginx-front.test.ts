import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "~/lib/forms/messages";
import { parseDatabaseUrl } from "~/db/client.server";
import { freePort, ROOT, scratchSqlite, startApp, type AppProcess, type ScratchDb } from "../../support/app-process";

// Issue 7 "Deployment": the single-VM front. Debian's nginx (scripts/ensure-services.sh installs
// it) runs on loopback with a server block built around deploy/nginx/proxy.conf, the include the
// deployed site.conf uses, in front of the production server with SITE_URL set to nginx's origin
// and TRUST_PROXY=1. Plain HTTP here; the TLS server blocks of site.conf are checked by `nginx -t`.

const NGINX = "/usr/sbin/nginx";
const PROXY_CONF = join(ROOT, "deploy/nginx/proxy.conf");
const SITE_CONF = join(ROOT, "deploy/nginx/site.conf");
const FORM_LIMIT = 3;

let database: ScratchDb;
let app: AppProcess;
let nginx: ChildProcess;
let front: string;
let dir: string;
let nginxLog = "";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
}

/** One request through nginx, from a chosen loopback address, body bytes exactly as sent. */
function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      front + path,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.from ?? "127.0.0.1",
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.end(options.body);
  });
}

/** The body as a browser reads it: decoded once, by the Content-Encoding given. */
function decoded(answer: Answer) {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.raw).toString("utf8");
  if (encoding === "gzip") return gunzipSync(answer.raw).toString("utf8");
  return answer.raw.toString("utf8");
}

function contact(message: string, from: string, extraHeaders: Record<string, string> = {}) {
  return send("/contact", {
    method: "POST",
    from,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: front, ...extraHeaders },
    body: new URLSearchParams({
      name: "Proxy Visitor",
      email: "visitor@example.com",
      phone: "+91 98765 43210",
      message,
      website: "",
    }).toString(),
  });
}

const temp = (name: string) => join(dir, name);

/** nginx's own files (pid, logs, temp) in `dir`; runs in the foreground as the test's child. */
function nginxConfig(appPort: number, nginxPort: number) {
  return `daemon off;
worker_processes 1;
pid ${temp("nginx.pid")};
error_log ${temp("error.log")} warn;
${process.getuid?.() === 0 ? "user root;" : ""}
events { worker_connections 256; }
http {
    access_log ${temp("access.log")};
    client_body_temp_path ${temp("client_body")};
    proxy_temp_path ${temp("proxy")};
    fastcgi_temp_path ${temp("fastcgi")};
    uwsgi_temp_path ${temp("uwsgi")};
    scgi_temp_path ${temp("scgi")};

    upstream gate_app {
        server 127.0.0.1:${appPort};
        keepalive 16;
    }
    server {
        listen 127.0.0.1:${nginxPort};
        server_name localhost;
        include ${PROXY_CONF};
    }
}
`;
}

beforeAll(async () => {
  dir = join(ROOT, ".cache", "system", `nginx-${randomBytes(4).toString("hex")}`);
  mkdirSync(dir, { recursive: true });
  const nginxPort = await freePort();
  front = `http://127.0.0.1:${nginxPort}`;
  database = scratchSqlite("nginx");
  app = await startApp({
    databaseUrl: database.url,
    env: { SITE_URL: front, TRUST_PROXY: "1", PUBLIC_FORM_RATE_LIMIT: String(FORM_LIMIT) },
  });

  writeFileSync(join(dir, "nginx.conf"), nginxConfig(app.port, nginxPort));
  nginx = spawn(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  nginx.stdout!.on("data", (chunk: Buffer) => (nginxLog += chunk.toString()));
  nginx.stderr!.on("data", (chunk: Buffer) => (nginxLog += chunk.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}: ${nginxLog}`);
    try {
      if ((await send("/healthz")).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${front}: ${nginxLog}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
    const exited = new Promise((done) => nginx.once("exit", done));
    nginx.kill("SIGQUIT"); // graceful: finish open requests, then exit
    await exited;
  }
  await app?.stop();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("nginx in front of the app (deploy/nginx/proxy.conf)", () => {
  it("serves pages with the app's security headers and the app's compression, not compressed twice", async () => {
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const page = await send("/", { headers: { "Accept-Encoding": accept } });
      expect(page.status).toBe(200);
      expect(page.headers["content-encoding"]).toBe(encoding);
      expect(String(page.headers.vary)).toMatch(/Accept-Encoding/i);
      expect(decoded(page)).toMatch(/^<!DOCTYPE html>/i);
      expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(page.headers["x-frame-options"]).toBe("DENY");
      expect(page.headers["x-content-type-options"]).toBe("nosniff");
      expect(page.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // The app's page cache answers through nginx too.
      expect(page.headers["x-cache"]).toMatch(/^(hit|miss)$/);
    }
    const plain = await send("/faqs");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(decoded(plain)).toMatch(/^<!DOCTYPE html>/i);
    // Canonical links name the public origin (SITE_URL), i.e. nginx's.
    expect(decoded(plain)).toContain(`<link rel="canonical" href="${front}/faqs"`);
  });

  it("hashed static assets come with immutable cache headers", async () => {
    const html = decoded(await send("/"));
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset, "the home page links a script under /assets/").toBeDefined();
    const file = await send(asset!, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(file.status).toBe(200);
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(file.headers["content-type"]).toMatch(/javascript/);
    expect(file.headers["content-encoding"]).toBe("br");
    expect(decoded(file).length).toBeGreaterThan(0);
  });

  it("sends /admin to the login page", async () => {
    const admin = await send("/admin");
    expect(admin.status).toBe(302);
    expect(admin.headers.location).toMatch(/\/admin\/login/);
    const login = await send("/admin/login");
    expect(login.status).toBe(200);
    expect(decoded(login)).toContain("Admin Login");
  });

  it("takes a contact form from the site's origin, and refuses one from another origin", async () => {
    const accepted = await contact("Posted through nginx, same origin.", "127.0.0.1");
    expect(accepted.status).toBe(200);
    expect(decoded(accepted)).toContain(contactMessages.success);

    const crossSite = await contact("Posted from elsewhere.", "127.0.0.1", { Origin: app.url });
    expect(crossSite.status).toBe(403);
  });

  it("counts rate limits per visitor address from X-Forwarded-For, which visitors cannot forge", async () => {
    // Two visitors on their own loopback addresses; the app sees only nginx's connections.
    for (let n = 1; n <= FORM_LIMIT; n++) {
      const answer = await contact(`First visitor, message ${n}.`, "127.0.0.2");
      expect(answer.status, `message ${n}`).toBe(200);
    }
    const limited = await contact("First visitor, one too many.", "127.0.0.2");
    expect(limited.status).toBe(429);
    // A forged X-Forwarded-For or Forwarded header does not make a new visitor.
    const forged = await contact("First visitor in disguise.", "127.0.0.2", {
      "X-Forwarded-For": "203.0.113.9",
      Forwarded: "for=203.0.113.9",
    });
    expect(forged.status).toBe(429);
    // Another address has its own allowance.
    const other = await contact("Second visitor, first message.", "127.0.0.3");
    expect(other.status).toBe(200);

    const file = parseDatabaseUrl(database.url).location;
    const db = new Database(file, { readonly: true });
    try {
      const rows = db
        .prepare("select key, sum(count) as hits from rate_limits where bucket = 'contact' group by key")
        .all();
      expect(rows).toEqual(
        expect.arrayContaining([
          { key: "127.0.0.2", hits: FORM_LIMIT + 2 },
          { key: "127.0.0.3", hits: 1 },
        ]),
      );
      expect(JSON.stringify(rows)).not.toContain("203.0.113.9");
    } finally {
      db.close();
    }
  });

  it("the deployed site.conf, TLS server blocks included, is valid for this nginx", () => {
    const tls = join(dir, "tls");
    mkdirSync(tls);
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=www.example.in",
        "-keyout",
        join(tls, "privkey.pem"),
        "-out",
        join(tls, "fullchain.pem"),
      ],
      { stdio: "pipe" },
    );
    chmodSync(join(tls, "privkey.pem"), 0o600);
    // Only paths change: certificates, the snippet, and logs move into the test's directory.
    const site = readFileSync(SITE_CONF, "utf8")
      .replaceAll("/etc/letsencrypt/live/www.example.in/", `${tls}/`)
      .replaceAll("/etc/nginx/snippets/gate-proxy.conf", PROXY_CONF)
      .replaceAll("/var/log/nginx/", `${dir}/`);
    writeFileSync(join(dir, "site.conf"), site);
    writeFileSync(
      join(dir, "nginx-tls.conf"),
      `pid ${join(dir, "tls.pid")};\nerror_log ${join(dir, "tls-error.log")};\nevents {}\nhttp {\n    access_log off;\n    include ${join(dir, "site.conf")};\n}\n`,
    );
    const check = spawnSync(
      NGINX,
      ["-t", "-p", dir, "-c", join(dir, "nginx-tls.conf"), "-e", join(dir, "tls-error.log")],
      {
        encoding: "utf8",
      },
    );
    expect(check.status, check.stderr).toBe(0);
    expect(check.stderr).toContain("test is successful");
  });
});
