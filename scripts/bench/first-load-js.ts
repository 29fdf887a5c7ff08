// Prints the JavaScript a page loads first (module preloads and entry imports), raw and gzip.
// Usage: node scripts/bench/first-load-js.ts [url=http://localhost:3000/]
import { gzipSync } from "node:zlib";

const pageUrl = new URL(process.argv[2] ?? "http://localhost:3000/");
const html = await (await fetch(pageUrl)).text();

const urls = new Set<string>();
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1]!);
for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) urls.add(match[1]!);
// The document starts its scripts on the load event (app/lib/document-scripts.server.ts), from a
// list of module URLs, the first argument of an inline script's call, rather than preload links.
const deferred = /\)\((\["\/assets\/[^\]]*\])/.exec(html)?.[1];
for (const url of deferred ? (JSON.parse(deferred) as string[]) : []) urls.add(url);

let raw = 0;
let gzip = 0;
for (const path of urls) {
  const body = Buffer.from(await (await fetch(new URL(path, pageUrl))).arrayBuffer());
  const zipped = gzipSync(body, { level: 9 }).length;
  raw += body.length;
  gzip += zipped;
  console.log(`${(zipped / 1024).toFixed(1).padStart(7)} KiB gz  ${path}`);
}
console.log(
  `first-load JS for ${pageUrl.pathname}: ${urls.size} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip`,
);
