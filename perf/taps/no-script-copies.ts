// The floor under ../shared/tools/first-tap.mjs's figures (issue 50): the site's own documents for
// the tool's three pages, as the server sends them but with every script removed (the job-alert
// tabs' small state script kept, since the tool waits for the state it sets), everything else
// proxied to the site. The tool's figure on these copies is what it measures of a page this size
// with no React at all: its own tap and polling at 6× plus one paint.
//
// Usage, with the site running:
//   npx tsx perf/taps/no-script-copies.ts http://127.0.0.1:3000 [--port 4898]
//   node ../shared/tools/first-tap.mjs http://127.0.0.1:4898
import { createServer, request } from "node:http";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: "string", default: "4898" } },
});
const origin = new URL(positionals[0] ?? "http://127.0.0.1:3000");
const copies = new Map<string, string>();
for (const path of ["/", "/job-alerts", "/post-gate-guidance"]) {
  const html = await (await fetch(new URL(path, origin))).text();
  copies.set(
    path,
    html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (script) => (script.includes("aria-current") ? script : "")),
  );
}

createServer((req, res) => {
  const path = new URL(req.url ?? "/", origin).pathname;
  const copy = copies.get(path);
  if (copy !== undefined) {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(copy);
    return;
  }
  const upstream = request(
    new URL(req.url ?? "/", origin),
    { headers: { ...req.headers, host: origin.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => res.destroy());
  req.pipe(upstream);
}).listen(Number(values.port), "127.0.0.1", () =>
  console.log(`the three documents without their scripts at http://127.0.0.1:${values.port}`),
);
