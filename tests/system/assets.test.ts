import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { join, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, scratchSqlite, startApp, type AppProcess, type ScratchDb } from "../../support/app-process";

// Issue 6 on the production build and server: hashed assets are compressed once, at build time,
// and served as built; each document carries the build's stylesheet inline (a public page the
// part its markup can match, issue 28) with a CSP that lets exactly that style in, and the HTML
// itself is always sent compressed to a client that takes it.

const clientDir = resolve(ROOT, process.env.BUILD_DIR ?? "build", "client");
const assetsDir = join(clientDir, "assets");

/** A GET whose body stays as the server sent it (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", fail);
    }).on("error", fail);
  });
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

let database: ScratchDb;
let app: AppProcess;

beforeAll(async () => {
  database = scratchSqlite("assets");
  app = await startApp({ databaseUrl: database.url });
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

describe("the database it started on", () => {
  it("holds SQLite's planner statistics, gathered once the demo content was seeded", () => {
    const sqlite = new Database(database.url.replace(/^file:/, ""), { fileMustExist: true });
    try {
      const tables = sqlite.prepare("select distinct tbl from sqlite_stat1").pluck().all();
      expect(tables).toEqual(expect.arrayContaining(["test_items", "test_subcategories", "job_alerts", "ebooks"]));
    } finally {
      sqlite.close();
    }
  });
});

describe("precompressed assets", () => {
  it("the build wrote a brotli and a gzip copy of every script and stylesheet", () => {
    const files = readdirSync(assetsDir).filter((name) => /\.(js|css)$/.test(name));
    expect(files.length).toBeGreaterThan(5);
    for (const name of files) {
      const original = readFileSync(join(assetsDir, name));
      if (original.length < 512) continue; // too small to gain anything
      expect(brotliDecompressSync(readFileSync(join(assetsDir, `${name}.br`))).equals(original), `${name}.br`).toBe(
        true,
      );
      expect(gunzipSync(readFileSync(join(assetsDir, `${name}.gz`))).equals(original), `${name}.gz`).toBe(true);
    }
  });

  it("are served as built, by Accept-Encoding, immutable for a year", async () => {
    const name = readdirSync(assetsDir)
      .filter((file) => file.endsWith(".js"))
      .sort((a, b) => readFileSync(join(assetsDir, b)).length - readFileSync(join(assetsDir, a)).length)[0]!;
    const url = `${app.url}/assets/${name}`;
    const cases = [
      { accept: "gzip, deflate, br, zstd", encoding: "br", file: `${name}.br` },
      { accept: "gzip, deflate", encoding: "gzip", file: `${name}.gz` },
      { accept: "identity", encoding: undefined, file: name },
    ];
    for (const { accept, encoding, file } of cases) {
      const res = await rawGet(url, { "Accept-Encoding": accept });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["vary"]).toBe("Accept-Encoding");
      expect(res.headers["content-type"]).toMatch(/javascript/);
      expect(res.body.equals(readFileSync(join(assetsDir, file))), `${accept} → ${file}`).toBe(true);
    }
    // The copies are not files of their own.
    expect((await rawGet(`${url}.br`)).status).toBe(404);
  });
});

describe("documents", () => {
  it("carry their share of the build's stylesheet inline, allowed by nonce or hash, and link no stylesheet", async () => {
    const css = readdirSync(assetsDir).filter((file) => file.endsWith(".css"));
    expect(css).toHaveLength(1);
    const built = readFileSync(join(assetsDir, css[0]!), "utf8");
    // A visitor with a cookie gets a page rendered for them (a per-response nonce); anonymous
    // visitors share the cached copy, rendered once and then served from memory (hashes).
    for (const { cookie, cache } of [
      { cookie: "seen=1", cache: null },
      { cookie: undefined, cache: "miss" },
      { cookie: undefined, cache: "hit" },
    ]) {
      const res = await fetch(`${app.url}/faqs`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(res.headers.get("x-cache")).toBe(cache);
      const html = await res.text();
      const style = /<style data-app-css=""(?: nonce="([^"]+)")?>([\s\S]*?)<\/style>/.exec(html);
      const inline = style?.[2] ?? "";
      // Issue 28: the rules of this page's classes, not the admin's or the other pages'.
      expect(inline.length).toBeLessThan(built.length * 0.6);
      expect(inline).not.toContain(".bg-red-50{");
      const plainClasses = [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/));
      const styled = plainClasses.filter((name) => /^[a-z][a-z0-9-]*$/.test(name) && built.includes(`.${name}{`));
      expect(styled.length).toBeGreaterThan(20);
      for (const name of styled) expect(inline, name).toContain(`.${name}{`);
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
      const styleSrc = res.headers
        .get("content-security-policy")!
        .split("; ")
        .find((d) => d.startsWith("style-src "))!;
      expect(styleSrc).not.toContain("unsafe-inline");
      if (cookie) expect(styleSrc).toBe(`style-src 'self' 'nonce-${style![1]}'`);
      else {
        // The stylesheet's hash, and those of the page's other inline styles (the purchase toast's cycle).
        const others = [...html.matchAll(/<style(?! data-app-css)[^>]*>([\s\S]*?)<\/style>/g)].map((m) =>
          sha256(m[1]!),
        );
        expect(others).toHaveLength(1);
        expect(styleSrc).toBe(`style-src 'self' ${[sha256(inline), ...others].join(" ")}`);
      }
    }
  });

  it("with scripts, name the whole stylesheet for the client to link before it starts; the admin's carry it whole", async () => {
    const css = readdirSync(assetsDir).find((file) => file.endsWith(".css"))!;
    const built = readFileSync(join(assetsDir, css), "utf8");
    const home = await (await fetch(`${app.url}/`)).text();
    const homeStyle = /<style data-app-css=""[^>]*>([\s\S]*?)<\/style>/.exec(home)![1]!;
    expect(homeStyle.length).toBeLessThan(built.length * 0.7);
    expect(home).toContain(`"/assets/${css}"`);
    const signIn = await (await fetch(`${app.url}/admin/login`)).text();
    expect(/<style data-app-css=""[^>]*>([\s\S]*?)<\/style>/.exec(signIn)![1]).toBe(built);
  });

  it("from the shared cache, get the very bytes the first visitor got, with their length", async () => {
    // The page is compressed once, when it is stored (decision 020 dropped the brotli-11 redo).
    const br = { "Accept-Encoding": "br" };
    const first = await rawGet(`${app.url}/privacy`, br);
    expect(first.headers["x-cache"]).toBe("miss");
    const later = await rawGet(`${app.url}/privacy`, br);
    expect(later.headers["x-cache"]).toBe("hit");
    expect(Number(later.headers["content-length"])).toBe(later.body.length);
    expect(later.body.equals(first.body)).toBe(true);
    expect(brotliDecompressSync(later.body).toString()).toContain("</html>");
  });

  it("are compressed whole for every client that accepts it, never sent plain to one", async () => {
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ] as const) {
      for (const path of ["/", "/faqs", "/test-series"]) {
        const res = await rawGet(app.url + path, { "Accept-Encoding": accept });
        expect(res.status).toBe(200);
        expect(res.headers["content-encoding"], `${path} ${accept}`).toBe(encoding);
        const html = (encoding === "br" ? brotliDecompressSync(res.body) : gunzipSync(res.body)).toString();
        expect(html).toMatch(/^<!DOCTYPE html>/i);
        expect(html).toMatch(/<\/html>$/);
      }
    }
  });

  it("rendered for one reader, go out as zstd to a browser that takes it; cached pages stay brotli", async () => {
    // What Chromium sends. A visitor with a cookie gets a page rendered for them.
    const chromium = { "Accept-Encoding": "gzip, deflate, br, zstd" };
    for (const path of ["/", "/test-series"]) {
      const rendered = await rawGet(app.url + path, { ...chromium, Cookie: "seen=1" });
      expect(rendered.headers["content-encoding"], path).toBe("zstd");
      expect(rendered.headers["x-cache"]).toBeUndefined();
      const html = zstdDecompressSync(rendered.body).toString();
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      expect(html).toMatch(/<\/html>$/);

      const cached = await rawGet(app.url + path, chromium);
      expect(cached.headers["x-cache"]).toMatch(/^(hit|miss)$/);
      expect(cached.headers["content-encoding"], path).toBe("br");
      expect(brotliDecompressSync(cached.body).toString()).toMatch(/<\/html>$/);
    }
    // Safari names no zstd: brotli. "*" alone never gets zstd either.
    for (const accept of ["gzip, deflate, br", "*"]) {
      const rendered = await rawGet(app.url + "/faqs", { "Accept-Encoding": accept, Cookie: "seen=1" });
      expect(rendered.headers["content-encoding"], accept).toBe("br");
    }
  });
});
