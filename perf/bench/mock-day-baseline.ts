// The mock-day bench's baseline (perf/bench/mock-day.ts): a bare node:http server answering the
// candidates' three requests as our server answered them in the same run (status, headers, bytes),
// and doing nothing else: the start (POST /tests/:slug) with its redirect and cookie, for a fresh
// token; the exam page from memory; a save (POST …/save) after reading and parsing its JSON body,
// with each save's outcome ("saved") in the same JSON shape. What our server takes beyond this is
// the cost of routing, the database and the page.
//
// `node perf/bench/mock-day-baseline.ts MANIFEST.json`; the manifest names the port and the three
// answers (status, headers, body file). Prints "listening" once it accepts requests.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

interface Answer {
  status: number;
  headers: [string, string | string[]][];
  bodyFile: string;
}

export interface BaselineManifest {
  host: string;
  port: number;
  start: Answer;
  page: Answer;
  save: Answer;
}

const manifest = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as BaselineManifest;

// Hop-by-hop and per-response headers each server writes itself; the start's own ones are remade.
const OWN = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "location",
  "set-cookie",
]);

function prepare(answer: Answer) {
  const body = readFileSync(answer.bodyFile);
  const headers: Record<string, string | string[] | number> = {};
  for (const [name, value] of answer.headers) if (!OWN.has(name)) headers[name] = value;
  headers["content-length"] = body.length;
  return { status: answer.status, headers, body };
}

const start = prepare(manifest.start);
const page = prepare(manifest.page);
const save = prepare(manifest.save);
const setCookie = manifest.start.headers.find(([name]) => name === "set-cookie")?.[1] ?? [];
const cookieName = ([setCookie].flat().find((cookie) => cookie.startsWith("exam_")) ?? "exam=").split("=")[0]!;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => done(Buffer.concat(chunks)));
    req.on("error", fail);
  });
}

function send(res: ServerResponse, answer: ReturnType<typeof prepare>, extra: Record<string, string> = {}) {
  res.writeHead(answer.status, { ...answer.headers, ...extra });
  res.end(answer.body);
}

const server = createServer(async (req, res) => {
  const path = (req.url ?? "").split("?")[0]!;
  const body = await readBody(req);
  if (req.method === "POST" && path.endsWith("/save")) {
    // Our server refuses what it cannot read; so does this one, at the least cost.
    let saves: { position: number; seq: number }[];
    try {
      saves = (JSON.parse(body.toString("utf8")) as { saves: typeof saves }).saves;
      if (!Array.isArray(saves)) throw new Error("no saves");
    } catch {
      res.writeHead(400, { "content-length": 0 });
      return res.end();
    }
    const now = new Date();
    const answer = Buffer.from(
      JSON.stringify({
        ok: true,
        results: saves.map(({ position, seq }) => ({ position, seq, result: "saved" })),
        deadlineAt: new Date(now.getTime() + 20 * 60_000).toISOString(),
        serverNow: now.toISOString(),
      }),
    );
    const { "content-encoding": _encoding, ...headers } = save.headers;
    res.writeHead(save.status, { ...headers, "content-length": answer.length });
    return res.end(answer);
  }
  const slug = path.match(/^\/tests\/([^/]+)$/)?.[1];
  if (req.method === "POST" && slug) {
    const token = randomBytes(32).toString("base64url");
    return send(res, start, {
      location: `/tests/${slug}/attempt/${token}?q=1`,
      "set-cookie": `${cookieName}=${token}; Path=/tests; HttpOnly; SameSite=Lax`,
    });
  }
  if (req.method === "GET" && /^\/tests\/[^/]+\/attempt\/[^/]+$/.test(path)) return send(res, page);
  res.writeHead(404, { "content-length": 0 });
  res.end();
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
