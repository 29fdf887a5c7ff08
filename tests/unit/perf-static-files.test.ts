import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync, zstdDecompressSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { precompressDir } from "../../scripts/build-precompress";
import { compress, pickCachedEncoding, pickEncoding } from "../../server/compression";
import { loadStaticFiles, serveStatic } from "../../server/static-files";

// Issue 6 "Caching": the build writes brotli and gzip copies next to each hashed asset, and the
// server sends the copy the client accepts, immutable for a year, with Vary: Accept-Encoding.

interface Sent {
  status: number;
  headers: Record<string, string | number>;
  body: Buffer | undefined;
}

/** Asks serveStatic for `url` as a client sending `acceptEncoding` would. */
function get(files: ReturnType<typeof loadStaticFiles>, url: string, acceptEncoding?: string, method = "GET") {
  const sent: Sent = { status: 200, headers: {}, body: undefined };
  const req = { method, url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } };
  const res = {
    set statusCode(value: number) {
      sent.status = value;
    },
    setHeader(name: string, value: string | number) {
      sent.headers[name.toLowerCase()] = value;
    },
    end(body?: Buffer) {
      sent.body = body;
    },
  };
  const handled = serveStatic(files, req as unknown as IncomingMessage, res as unknown as ServerResponse);
  return { handled, ...sent };
}

describe("choosing a content encoding", () => {
  it("prefers brotli, then gzip, and honours q=0 refusals", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBeUndefined();
    expect(pickEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it("offers zstd only where the caller can produce it, and only to a client that names it", () => {
    const all = { zstd: true, br: true, gzip: true };
    expect(pickEncoding("gzip, deflate, br, zstd", all)).toBe("zstd");
    expect(pickEncoding("zstd;q=0, br", all)).toBe("br");
    expect(pickEncoding("*", all)).toBe("br");
    expect(pickEncoding("gzip, deflate, br", all)).toBe("br");
    expect(pickEncoding("zstd", { zstd: false, br: true, gzip: true })).toBeUndefined();
  });

  it("answers cached pages as pickEncoding does, each time a header comes again, and for any number of headers", () => {
    const headers = ["gzip, deflate, br, zstd", "gzip", "br;q=0, gzip", "identity", "*, br;q=0", ""];
    // More distinct headers than are remembered (a client may send anything): still right.
    for (let i = 0; i < 100; i++) headers.push(`gzip;q=0.${i % 9}, x-${i}`);
    for (const round of [1, 2])
      for (const header of headers)
        expect(pickCachedEncoding(header), `${header} #${round}`).toBe(pickEncoding(header));
    expect(pickCachedEncoding(undefined)).toBeUndefined();
  });

  it("compresses a document whole in each encoding, and it decodes to the same bytes", () => {
    const html = Buffer.from(`<!DOCTYPE html><html><body>${"<p>GATE CH</p>".repeat(2000)}</body></html>`);
    const decode = { zstd: zstdDecompressSync, br: brotliDecompressSync, gzip: gunzipSync };
    for (const encoding of ["zstd", "br", "gzip"] as const) {
      const packed = compress(html, encoding);
      expect(packed.length, encoding).toBeLessThan(html.length / 20);
      expect(decode[encoding](packed).equals(html), encoding).toBe(true);
    }
  });

  it("only offers the encodings a file has", () => {
    expect(pickEncoding("br, gzip", { br: false, gzip: true })).toBe("gzip");
    expect(pickEncoding("br", { br: false, gzip: true })).toBeUndefined();
  });
});

describe("precompressed static files", () => {
  let dir: string;
  const script = `export const answer = ${JSON.stringify("forty-two ".repeat(200))};\n`;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "perf-static-"));
    mkdirSync(join(dir, "assets"));
    mkdirSync(join(dir, "images"));
    writeFileSync(join(dir, "assets", "entry-AbC123.js"), script);
    writeFileSync(join(dir, "assets", "tiny-Xy.js"), "export{};");
    writeFileSync(join(dir, "images", "photo.webp"), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(300)}</svg>`);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("the build step writes brotli and gzip copies of compressible files only", async () => {
    expect(await precompressDir(dir)).toBe(4); // a .br and a .gz for the script and the icon
    const original = readFileSync(join(dir, "assets", "entry-AbC123.js"));
    expect(brotliDecompressSync(readFileSync(join(dir, "assets", "entry-AbC123.js.br")))).toEqual(original);
    expect(gunzipSync(readFileSync(join(dir, "assets", "entry-AbC123.js.gz")))).toEqual(original);
    expect(statSync(join(dir, "assets", "entry-AbC123.js.br")).size).toBeLessThan(original.length / 4);
    // No smaller than the file itself, and images are compressed formats already.
    expect(() => statSync(join(dir, "assets", "tiny-Xy.js.br"))).toThrow();
    expect(() => statSync(join(dir, "images", "photo.webp.br"))).toThrow();
    // Nothing to redo on a second run.
    expect(await precompressDir(dir)).toBe(0);
  });

  it("the gzip copy is smaller than zlib's best level, for browsers without brotli", async () => {
    const react = readFileSync(join("node_modules", "react", "cjs", "react.production.js"));
    writeFileSync(join(dir, "assets", "react-Zz.js"), react);
    await precompressDir(dir);
    const copy = readFileSync(join(dir, "assets", "react-Zz.js.gz"));
    expect(gunzipSync(copy)).toEqual(react);
    expect(copy.length).toBeLessThan(gzipSync(react, { level: 9 }).length * 0.985);
  });

  it("serves the build's copy the client accepts, immutable for a year, varying by Accept-Encoding", async () => {
    await precompressDir(dir);
    const files = loadStaticFiles(dir);
    const brCopy = readFileSync(join(dir, "assets", "entry-AbC123.js.br"));
    const gzCopy = readFileSync(join(dir, "assets", "entry-AbC123.js.gz"));

    const br = get(files, "/assets/entry-AbC123.js", "gzip, deflate, br");
    expect(br.handled).toBe(true);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body).toEqual(brCopy);
    expect(br.headers["content-length"]).toBe(brCopy.length);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["vary"]).toBe("Accept-Encoding");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");

    const gz = get(files, "/assets/entry-AbC123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body).toEqual(gzCopy);

    // No usable encoding: the file as it is.
    const plain = get(files, "/assets/entry-AbC123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body?.toString()).toBe(script);
    expect(get(files, "/assets/entry-AbC123.js", "br;q=0, gzip;q=0").body?.toString()).toBe(script);

    // Files outside /assets are not hashed: browsers revalidate them.
    expect(get(files, "/favicon.svg", "br").headers["cache-control"]).toBe("public, max-age=3600, must-revalidate");
  });

  it("uses the copies as they are, and does not serve them as files of their own", () => {
    // Stand-in copies the server could not have produced: proof it does not compress itself.
    writeFileSync(join(dir, "assets", "entry-AbC123.js.br"), "brotli copy from the build");
    writeFileSync(join(dir, "assets", "entry-AbC123.js.gz"), "gzip copy from the build");
    const files = loadStaticFiles(dir);
    expect(get(files, "/assets/entry-AbC123.js", "br").body?.toString()).toBe("brotli copy from the build");
    expect(get(files, "/assets/entry-AbC123.js", "gzip").body?.toString()).toBe("gzip copy from the build");
    expect(get(files, "/assets/entry-AbC123.js.br", "br").handled).toBe(false);
    expect(get(files, "/assets/entry-AbC123.js.gz").handled).toBe(false);
  });

  it("answers a matching If-None-Match with 304 and HEAD without a body", async () => {
    await precompressDir(dir);
    const files = loadStaticFiles(dir);
    const first = get(files, "/assets/entry-AbC123.js", "br");
    const etag = String(first.headers["etag"]);
    const sent: { status?: number } = {};
    serveStatic(
      files,
      {
        method: "GET",
        url: "/assets/entry-AbC123.js",
        headers: { "if-none-match": etag },
      } as unknown as IncomingMessage,
      {
        set statusCode(value: number) {
          sent.status = value;
        },
        setHeader() {},
        end() {},
      } as unknown as ServerResponse,
    );
    expect(sent.status).toBe(304);
    const head = get(files, "/assets/entry-AbC123.js", "br", "HEAD");
    expect(head.body).toBeUndefined();
    expect(head.headers["content-encoding"]).toBe("br");
  });
});
