// The bench's in-memory reference (perf/bench/pages.ts): a bare node:http server answering
// each page's bytes and headers, exactly as our server sent them, from a Buffer. What our server
// does beyond this is the cost of routing, caching and rendering.
//
// `node perf/bench/static-server.ts MANIFEST.json`; the manifest names the port and, per path,
// the file holding the body and the headers to send. Prints "listening" once it accepts requests.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

interface Manifest {
  host: string;
  port: number;
  pages: { path: string; bodyFile: string; headers: [string, string][] }[];
}

const manifest = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as Manifest;
const pages = new Map(
  manifest.pages.map((page) => {
    const body = readFileSync(page.bodyFile);
    const headers: Record<string, string | number> = Object.fromEntries(page.headers);
    headers["content-length"] = body.length;
    return [page.path, { body, headers }];
  }),
);

const server = createServer((req, res) => {
  const page = pages.get(req.url ?? "");
  if (!page) {
    res.writeHead(404, { "content-length": 0 });
    return res.end();
  }
  res.writeHead(200, page.headers);
  res.end(page.body);
});
// As our server (server/boot.ts): keep-alive connections stay open between a client's requests.
server.keepAliveTimeout = 65_000;
server.listen(manifest.port, manifest.host, () => console.log("listening"));
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
