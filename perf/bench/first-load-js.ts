// Prints the JavaScript a page loads first (module preloads and entry imports): the bytes the
// server sends to a gzip-only browser (the budget, issue 6) and to a brotli one (Chromium, Firefox,
// Safari), and zlib's level 9 of each file for comparison with a server that compresses on the fly.
// Usage: node perf/bench/first-load-js.ts [url=http://localhost:3000/]
import { gzipSync } from "node:zlib";
import { servedSize } from "../raw-get.ts";

const pageUrl = new URL(process.argv[2] ?? "http://localhost:3000/");
const html = await (await fetch(pageUrl)).text();

const urls = new Set<string>();
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1]!);
for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) urls.add(match[1]!);
// The document starts its scripts on the load event (app/lib/document/document-scripts.server.ts), from a
// list of module URLs, the first argument of an inline script's call, rather than preload links.
const deferred = /\)\((\["\/assets\/[^\]]*\])/.exec(html)?.[1];
for (const url of deferred ? (JSON.parse(deferred) as string[]) : []) urls.add(url);

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const total = { raw: 0, gzip: 0, br: 0, zlib9: 0 };
console.log("   gzip  brotli zlib -9  (KiB, as served)");
for (const path of urls) {
  const url = new URL(path, pageUrl);
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const sizes = {
    raw: body.length,
    gzip: await servedSize(url, "gzip"),
    br: await servedSize(url, "br"),
    zlib9: gzipSync(body, { level: 9 }).length,
  };
  for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += sizes[key];
  console.log(`${kib(sizes.gzip)} ${kib(sizes.br)} ${kib(sizes.zlib9)}  ${path}`);
}
console.log(
  `first-load JS for ${pageUrl.pathname}: ${urls.size} files, ${kib(total.raw).trim()} KiB raw, ` +
    `${kib(total.gzip).trim()} KiB gzip (brotli ${kib(total.br).trim()}, zlib -9 ${kib(total.zlib9).trim()})`,
);
