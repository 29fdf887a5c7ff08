import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { sql } from "kysely";
import { closeDb, getDb, getEngine } from "~/db/client.server";
import { migrateToLatest, whileStartupLocked } from "~/db/migrate.server";
import { refreshPlannerStatistics, schedulePlannerStatistics } from "~/db/planner-statistics.server";
import { seedDemoContent, seedFixedData } from "~/db/seed.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { createMailSender, startOutboxWorker, type OutboxWorker } from "~/lib/outbox.server";
import { scheduleRetention } from "~/lib/retention.server";
import { requestInfoContext } from "~/lib/request-context";
import { currentContentVersion, forgetContentVersion, recentContentVersion } from "~/lib/content-version.server";
import { withDegradedCheck } from "~/lib/degraded.server";
import { seedSiteSettings } from "~/lib/settings.server";
import { ensureDemoAdmin } from "~/lib/auth/users.server";
import { closeAuth, getAuth } from "~/lib/auth/auth.server";
import { handleAuthRequest, isAuthPath } from "./auth-handler";
import { compress, perRequestEncodings, pickCachedEncoding, pickEncoding, type Encoding } from "./compression";
import {
  buildCachedPage,
  cacheKey,
  isCacheableRequest,
  isCacheableResponse,
  PageCache,
  type CachedPage,
} from "./page-cache";
import { createHostCheck, misdirected } from "./host-check";
import { checkOrigin, originRefusal } from "./origin-check";
import { loggedUrl, logRequest, logWhenFinished } from "./request-log";
import { securityHeaders } from "./security-headers";
import { loadStaticFiles, serveStatic } from "./static-files";
import { createTurns } from "./turns";

const handleDocument = createRequestHandler(build, process.env.NODE_ENV);

/** Every form of the site posts a few kilobytes; a body larger than this is refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

async function healthz(res: ServerResponse) {
  try {
    await sql`select 1`.execute(getDb());
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ status: "ok", database: getEngine() }));
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ status: "error", database: getEngine() }));
  }
}

function clientIp(req: IncomingMessage, trustProxy: boolean) {
  const forwarded = trustProxy
    ? String(req.headers["x-forwarded-for"] ?? "")
        .split(",")[0]
        ?.trim()
    : "";
  return forwarded || req.socket.remoteAddress || "unknown";
}

/** Documents, route data and feeds: read whole and compressed once; other bodies stream. */
const isTextAnswer = (response: Response) =>
  response.body !== null && /^(text\/|application\/(json|xml))/.test(response.headers.get("Content-Type") ?? "");

/** Buffers a rendered document and compresses it once, as a whole. */
async function finishDocument(request: Request, response: Response): Promise<Response> {
  if (!isTextAnswer(response)) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append("Vary", "Accept-Encoding");
  const encoding =
    body.length > 1024 ? pickEncoding(request.headers.get("Accept-Encoding"), perRequestEncodings) : undefined;
  const payload = encoding ? compress(body, encoding) : body;
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(payload.length));
  return new Response(payload as Uint8Array<ArrayBuffer>, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** A short plain-text answer that no cache keeps, with the security headers every response carries. */
function answerPlain(res: ServerResponse, status: number, body: string, headers: Record<string, string>) {
  res.writeHead(status, { ...headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  res.end(body);
}

/** How long the rest of a body the route did not read may take to arrive before the connection closes. */
const DISCARD_BODY_MS = 5_000;

/**
 * A route that refuses a form over its own limit stops reading the body (it is under
 * MAX_BODY_BYTES, or readRequest had refused it). Left unread, the rest stays on the keep-alive
 * connection and the browser's next request on it is never answered (issue 22): so it is read and
 * dropped, and a client that does not send it within DISCARD_BODY_MS loses the connection.
 */
function discardUnreadBody(req: IncomingMessage, request: Request) {
  if (req.complete || req.destroyed) return;
  const deadline = setTimeout(() => req.socket.destroy(), DISCARD_BODY_MS);
  req.once("end", () => clearTimeout(deadline));
  req.once("close", () => clearTimeout(deadline));
  // The request's body stream stops taking data (it would pause the socket again when full).
  if (request.body && !request.body.locked) void request.body.cancel().catch(() => undefined);
  req.removeAllListeners("data");
  req.resume();
}

/** The server's request listener; drain() begins a graceful stop (startServer). */
export interface RequestListener {
  (req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** From now on every answer closes its connection, and connections close as they fall idle. */
  drain(server: Server): void;
  /** Requests still being answered. */
  readonly inFlight: number;
}

/** The bytes a cached page is sent as, in the encoding chosen. */
const bodyOf = (page: CachedPage, encoding: Encoding | "identity") =>
  encoding === "br" || encoding === "gzip" ? page[encoding] : page.identity;

export function createRequestListener(options: {
  clientDir: string;
  trustProxy: boolean;
  https: boolean;
  /** The public origin (SITE_URL): requests must be addressed to it, and writes come from it. */
  siteUrl?: string;
  /** ALLOWED_HOSTS: host names served besides SITE_URL's (`*`: any). */
  allowedHosts?: string;
  /** Serve anonymous public pages from memory (off: PAGE_CACHE=off). */
  pageCache?: boolean;
}): RequestListener {
  const staticFiles = loadStaticFiles(options.clientDir);
  const cache = options.pageCache === false ? undefined : new PageCache();
  const rendering = new Map<string, Promise<CachedPage | Response>>();
  // Which answers came straight from memory, for the X-Cache header (hit or miss).
  const servedFromMemory = new WeakSet<CachedPage>();
  // Cache hits and static files answer at once; whatever reaches the router waits its turn.
  const turn = createTurns();
  const hostAllowed = createHostCheck(options);

  /**
   * A cached copy of this page at the current content version, rendering it on a miss. The key
   * keeps only the parameters the page reads (page-cache-key.ts) and a miss renders the key's URL,
   * so every request sharing an entry gets the same page. A page shown from a failed read says
   * no-store (~/lib/degraded.server.ts) and is not kept.
   */
  async function fromCache(request: Request, ip: string, nonce: string): Promise<CachedPage | Response> {
    const version = await currentContentVersion(getDb());
    const place = cacheKey(request);
    const { key } = place;
    const hit = cache!.get(key, version);
    if (hit) {
      servedFromMemory.add(hit);
      return hit;
    }
    // Visitors arriving together for a stale page share one render.
    const slot = `${version} ${key}`;
    let pending = rendering.get(slot);
    if (!pending) {
      pending = (async () => {
        const url = new URL(request.url);
        const keyed = url.pathname + url.search === key ? request : new Request(new URL(key, url), request);
        const response = await withDegradedCheck(() => route(keyed, ip, nonce));
        if (!isCacheableResponse(response)) return response;
        const page = await buildCachedPage(version, response, Buffer.from(await response.arrayBuffer()));
        cache!.set(place, page);
        return page;
      })().finally(() => rendering.delete(slot));
      rendering.set(slot, pending);
      return pending;
    }
    // Another request's render: its Response body can be read once only, so wait for the copy.
    const shared = await pending;
    return shared instanceof Response ? withDegradedCheck(() => route(request, ip, nonce)) : shared;
  }

  // Each cached page's headers for a hit, built once per encoding: a hit then costs two map
  // lookups and one writeHead (issue 6: cached pages at ≥ 0.4× nginx's rate; `npm run bench`).
  const preparedHeaders = new WeakMap<CachedPage, Map<Encoding | "identity" | "unchanged", string[]>>();
  function hitHeaders(page: CachedPage, encoding: Encoding | "identity" | "unchanged"): string[] {
    let byEncoding = preparedHeaders.get(page);
    if (!byEncoding) preparedHeaders.set(page, (byEncoding = new Map()));
    let prepared = byEncoding.get(encoding);
    if (!prepared) {
      const security = securityHeaders("", {
        https: options.https,
        scriptHashes: page.scriptHashes,
        styleHashes: page.styleHashes,
      });
      prepared = [
        ...page.headers.flat(),
        ...Object.entries(security).flat(),
        // Browsers keep the page but ask again each time; an unchanged page costs a 304.
        "Cache-Control",
        "no-cache",
        "ETag",
        page.etag,
        "Vary",
        "Accept-Encoding",
      ];
      if (encoding === "br" || encoding === "gzip") prepared.push("Content-Encoding", encoding);
      if (encoding !== "unchanged") prepared.push("Content-Length", String(bodyOf(page, encoding).length));
      prepared.push("X-Cache", "hit");
      byEncoding.set(encoding, prepared);
    }
    return prepared;
  }
  /** A hit's headers; a page rendered for this very request says "X-Cache: miss" instead. */
  function headersOf(page: CachedPage, hit: boolean, encoding: Encoding | "identity" | "unchanged") {
    const headers = hitHeaders(page, encoding);
    return hit ? headers : headers.with(headers.length - 1, "miss");
  }

  function sendCached(req: IncomingMessage, res: ServerResponse, page: CachedPage, hit: boolean) {
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(page.etag)) {
      res.writeHead(304, headersOf(page, hit, "unchanged")).end();
      return;
    }
    const encoding = pickCachedEncoding(req.headers["accept-encoding"]) ?? "identity";
    res.writeHead(page.status, headersOf(page, hit, encoding));
    res.end(req.method === "HEAD" ? undefined : bodyOf(page, encoding));
  }

  /**
   * A hit answered straight from the raw request, before anything is parsed or allocated for it.
   * The cache is keyed by normalized paths and the parameters their pages read (cacheKey), so a raw
   * URL that matches a key is that page; any other spelling of it, or one with other parameters,
   * takes the full path below and is normalized there.
   */
  function answerFromCache(req: IncomingMessage, res: ServerResponse, started: number): boolean {
    if (!cache || (req.method !== "GET" && req.method !== "HEAD")) return false;
    const url = req.url ?? "";
    if (!url.startsWith("/") || req.headers.cookie !== undefined || req.headers.authorization !== undefined)
      return false;
    const version = recentContentVersion(getDb());
    const page = version === undefined ? undefined : cache.get(url, version);
    if (!page) return false;
    sendCached(req, res, page, true);
    // Answered before the listener returns: the line is written now, with no listener to add.
    logRequest(req, page.status, started);
    return true;
  }

  /** Refuses cross-site writes (CSRF), then hands the request to the auth library or the router. */
  async function route(request: Request, ip: string, nonce: string): Promise<Response> {
    const verdict = checkOrigin(request, options.siteUrl);
    if (!verdict.ok) {
      logger.warn(
        { method: request.method, url: loggedUrl(request.url), reason: verdict.reason },
        "cross-site request refused",
      );
      return new Response(originRefusal.body, {
        status: originRefusal.status,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    if (isAuthPath(new URL(request.url).pathname)) return handleAuthRequest(request, ip);
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { nonce, clientIp: ip });
    return handleDocument(request, context);
  }

  /**
   * The request as the router takes it, or null once refused (issue 7, bad input): a body over
   * MAX_BODY_BYTES gets 413 before anything reads it, a request fetch cannot represent (a Host
   * header that is no host, TRACE or CONNECT) gets 400. Never a 500 for the client's mistakes.
   */
  async function readRequest(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>) {
    const refuse = (status: number, message: string) => {
      // The rest of an unread body is not worth reading: the connection closes after the answer.
      answerPlain(res, status, message, { ...headers, Connection: "close" });
      return null;
    };
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return refuse(413, "Payload Too Large");
    let request: Request;
    try {
      request = createRequest(req, res, { trustProxy: options.trustProxy });
    } catch {
      return refuse(400, "Bad Request");
    }
    if (!request.body) return request;
    if (req.headers["content-length"] !== undefined) {
      res.once("finish", () => discardUnreadBody(req, request));
      return request;
    }
    // A body of unknown length (chunked): read it here, within the limit, so the same rule holds.
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of request.body) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) return refuse(413, "Payload Too Large");
      chunks.push(chunk);
    }
    return new Request(request, { method: request.method, body: Buffer.concat(chunks) });
  }

  // Requests being answered, for a graceful stop: cache hits are answered within the listener's
  // call, so only the rest are counted (two listeners per response, with the headers built
  // each time, were a quarter of a hit's CPU).
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  function track(res: ServerResponse) {
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    if (draining) res.setHeader("Connection", "close");
  }

  async function listener(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    if (hostAllowed && !hostAllowed(req)) {
      answerPlain(res, misdirected.status, misdirected.body, securityHeaders("", { https: options.https }));
      logRequest(req, misdirected.status, started);
      return;
    }
    if (!draining && answerFromCache(req, res, started)) return;
    track(res);
    logWhenFinished(req, res, started);
    const nonce = randomBytes(16).toString("base64");
    // Static files and the health check carry the security headers too (every response, issue #4).
    const baseHeaders = securityHeaders(nonce, { https: options.https });
    for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
    if (req.url === "/healthz") return healthz(res);
    if (serveStatic(staticFiles, req, res)) return;
    for (const name of Object.keys(baseHeaders)) res.removeHeader(name);

    await turn();
    try {
      const request = await readRequest(req, res, baseHeaders);
      if (!request) return;
      const ip = clientIp(req, options.trustProxy);
      const answer = cache && isCacheableRequest(request) ? await fromCache(request, ip, nonce) : undefined;
      if (answer && !(answer instanceof Response)) return sendCached(req, res, answer, servedFromMemory.has(answer));
      const response = await finishDocument(
        request,
        answer ?? (await withDegradedCheck(() => route(request, ip, nonce))),
      );
      // A write has committed by now: the writer's next page must not be one cached meanwhile.
      if (request.method !== "GET" && request.method !== "HEAD") forgetContentVersion();
      for (const [name, value] of Object.entries(securityHeaders(nonce, { https: options.https }))) {
        if (!response.headers.has(name)) response.headers.set(name, value);
      }
      await sendResponse(res, response);
    } catch (error) {
      logger.error({ err: error, url: loggedUrl(req.url) }, "request failed");
      if (!res.headersSent) answerPlain(res, 500, "Internal Server Error", securityHeaders(nonce, { https: options.https }));
      else res.destroy();
    }
  }

  return Object.assign(listener, {
    drain(server: Server) {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      // Keep-alive connections close once idle: now, and as answers in flight (and hits still
      // being written) finish.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      server.once("close", () => clearInterval(sweep));
    },
    get inFlight() {
      return inFlight.size;
    },
  });
}

/** A start refused for its configuration: server.ts prints the message alone, as one line. */
export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

const SITE_URL_MISSING =
  "SITE_URL is not set: in production set SITE_URL to the site's public origin, e.g. SITE_URL=https://www.example.in";

/** Past this, a stop gives up waiting and exits 1 (systemd's default stop timeout is 90 s). */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Migrates, seeds what the site needs, and serves. Used by server.ts. */
export async function startServer(): Promise<Server> {
  const config = env();
  // Absolute URLs (reset links above all) come from SITE_URL only, never from a request (issue 22).
  if (config.NODE_ENV === "production" && !config.SITE_URL) throw new ConfigurationError(SITE_URL_MISSING);
  const db = getDb();
  // Several instances starting at once on one PostgreSQL database take turns here.
  await whileStartupLocked(config.DATABASE_URL, async () => {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ applied, engine: getEngine() }, "migrations applied");
    await seedSiteSettings(db);
    await seedFixedData(db);
    if (config.NODE_ENV !== "production" || process.env.SEED_DEMO === "1") await seedDemoContent(db);
    // Outside production only: an empty database gets a demo admin (README "Admin").
    await ensureDemoAdmin(await getAuth(), db, config.NODE_ENV === "production");
  });
  // The tables are migrated and seeded: the query planner's statistics can be gathered.
  await refreshPlannerStatistics(db, getEngine(), { thorough: true });
  schedulePlannerStatistics(db, getEngine());

  const https = config.SITE_URL?.startsWith("https:") ?? false;
  const listener = createRequestListener({
    clientDir: resolve(process.env.BUILD_DIR ?? "build", "client"),
    trustProxy: config.TRUST_PROXY,
    https,
    siteUrl: config.SITE_URL,
    allowedHosts: config.ALLOWED_HOSTS,
    pageCache: process.env.PAGE_CACHE !== "off",
  });
  const server = createServer(listener);
  // Requests Node cannot parse get Node's bare 400 by default: answer with the security headers too.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || (error as { bytesParsed?: number }).bytesParsed === undefined) return void socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const body = status === 431 ? "Request Header Fields Too Large" : "Bad Request";
    const headers = Object.entries({
      ...securityHeaders("", { https }),
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": String(body.length),
      "Cache-Control": "no-store",
      Connection: "close",
    });
    socket.end(`HTTP/1.1 ${status} ${body}\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n${body}`);
  });
  server.keepAliveTimeout = 65_000;
  const worker = config.OUTBOX_WORKER === "inline" ? startWorker() : undefined;

  // Graceful stop (issue 7): refuse new connections, let requests in flight finish (their keep-alive
  // connections then close), let the worker finish the e-mail it is sending, then exit 0. What is
  // still due in the outbox stays there for the next start or another instance.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: no new connections, finishing requests and the e-mail in flight");
    // A client that never finishes its request must not keep the process forever.
    setTimeout(() => {
      logger.error({ requests: listener.inFlight }, "shutdown timed out");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    const requestsDone = new Promise<void>((done) => server.close(() => done()));
    listener.drain(server);
    void Promise.all([requestsDone, worker?.stop()])
      .then(async () => {
        await closeAuth();
        await closeDb();
        logger.info("stopped");
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  await new Promise<void>((done) => server.listen(config.PORT, config.HOST, done));
  logger.info({ port: config.PORT, engine: getEngine() }, `listening on http://localhost:${config.PORT}`);
  return server;
}

/** The outbox worker: inside the web process by default, or alone via worker.ts. */
export function startWorker(): OutboxWorker {
  const config = env();
  const sender = createMailSender({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  logger.info({ transport: config.SMTP_URL ? "smtp" : "eml files in data/outbox" }, "outbox worker started");
  const outbox = startOutboxWorker(getDb(), sender, {
    intervalMs: config.OUTBOX_POLL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    leaseMs: config.OUTBOX_LEASE_MS,
  });
  // The same process keeps the privacy notice's retention promises.
  const stopRetention = scheduleRetention(getDb());
  return {
    poke: outbox.poke,
    async stop() {
      stopRetention();
      await outbox.stop();
    },
  };
}

/** Runs only the outbox worker (OUTBOX_WORKER=off on the web instances). */
export async function runWorkerProcess() {
  await migrateToLatest(getDb());
  const worker = startWorker();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing the e-mail being sent");
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    await worker.stop();
    await closeDb();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
