import { randomBytes } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { sendResponse } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { sql } from "kysely";
import { getDb, getEngine } from "~/db/client.server";
import type { Env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { dbContext, requestInfoContext } from "~/lib/request-context";
import { currentVersions, forgetContentVersion, recentVersions } from "~/db/content-version.server";
import { withDegradedCheck } from "~/lib/degraded.server";
import { uploadBodyLimit } from "~/lib/media/limits.server";
import { MEDIA_UPLOAD_PATHS } from "~/lib/media/media-url";
import { MEDIA_FORM_PATHS } from "~/lib/admin/media-fields.server";
import { handleAuthRequest, isAuthPath } from "./auth-handler";
import { compress, perRequestEncodings, pickCachedEncoding, pickEncoding, type Encoding } from "./compression";
import {
  buildCachedPage,
  cacheKey,
  endOfIstDay,
  isCacheableRequest,
  isCacheableResponse,
  MAX_CACHED_PAGE_BYTES,
  PageCache,
  type CachedPage,
} from "./page-cache";
import { createHostCheck, misdirected } from "./host-check";
import { checkOrigin, originRefusal } from "./origin-check";
import { readRequest } from "./request-body";
import { siteOrigins } from "./site-origins";
import { loggedUrl, logRequest, logWhenFinished } from "./request-log";
import { securityHeaders } from "./security-headers";
import { loadStaticFiles, serveStatic } from "./static-files";
import { createTurns } from "./turns";

// The request pipeline: every request passes the Host check, then is answered from the page
// cache, as a static file or the health check, or waits its turn for the router (the auth
// library's endpoint apart); rendered documents are compressed once, whole.

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

/** Documents, route data and feeds (Atom too, issue 49): read whole and compressed once; other bodies stream. */
const isTextAnswer = (response: Response) =>
  response.body !== null &&
  /^(text\/|application\/(json|xml|atom\+xml))/.test(response.headers.get("Content-Type") ?? "");

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

/**
 * The addresses that take large bodies (issue 45): the media library's uploads, and the manager
 * forms whose picture and document fields take a file in place without JavaScript.
 */
const isUpload = (req: IncomingMessage) => {
  const path = (req.url ?? "").split("?")[0]!;
  return req.method === "POST" && (MEDIA_UPLOAD_PATHS.includes(path) || MEDIA_FORM_PATHS.includes(path));
};

/** The server's request listener; drain() begins a graceful stop (startServer). */
export interface RequestListener {
  (req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** From now on every answer closes its connection, and connections close as they fall idle. */
  drain(server: Server): void;
  /** Requests still being answered. */
  readonly inFlight: number;
}

const missingHost = { status: 400, body: "Bad Request: an HTTP/1.1 request needs a Host header." } as const;

/** What the listener returns for a request it answered within the call. */
const answered = Promise.resolve();

/** The bytes a cached page is sent as, in the encoding chosen. */
const bodyOf = (page: CachedPage, encoding: Encoding | "identity") =>
  encoding === "br" || encoding === "gzip" ? page[encoding] : page.identity;

export function createRequestListener(options: {
  /** React Router's mode: NODE_ENV. */
  mode: Env["NODE_ENV"];
  clientDir: string;
  trustProxy: boolean;
  https: boolean;
  /** The public origin (SITE_URL): requests must be addressed to it, and writes come from it. */
  siteUrl?: string;
  /** ALLOWED_HOSTS: host names served besides SITE_URL's (`*`: any). */
  allowedHosts?: string;
  /** Serve anonymous public pages from memory (off: PAGE_CACHE=off). */
  pageCache?: boolean;
  /** The largest upload body (MEDIA_MAX_*); from the environment by default. */
  uploadBodyBytes?: number;
}): RequestListener {
  // One notion of the site's names and origins for the Host check, our CSRF check and React
  // Router's own origin check, which is told the same origins here (issue 42).
  const origins = siteOrigins(options);
  const handleDocument = createRequestHandler({ ...build, allowedActionOrigins: origins.actionOrigins }, options.mode);
  const staticFiles = loadStaticFiles(options.clientDir);
  const cache = options.pageCache === false ? undefined : new PageCache();
  const rendering = new Map<string, Promise<CachedPage | Response>>();
  // Which answers came straight from memory, for the X-Cache header (hit or miss).
  const servedFromMemory = new WeakSet<CachedPage>();
  // Cache hits and static files answer at once; whatever reaches the router waits its turn.
  const turn = createTurns();
  const hostAllowed = createHostCheck(origins);
  const uploadBytes = options.uploadBodyBytes ?? uploadBodyLimit();
  const misdirectedAnswer = misdirected(origins);

  /**
   * A cached copy of this page at the current content versions, rendering it on a miss. The key
   * keeps only the parameters the page reads (page-cache-key.ts) and a miss renders the key's URL,
   * so every request sharing an entry gets the same page. A page shown from a failed read says
   * no-store (~/lib/degraded.server.ts) and is not kept; nor is one over MAX_CACHED_PAGE_BYTES.
   */
  async function fromCache(request: Request, ip: string, nonce: string): Promise<CachedPage | Response> {
    const versions = await currentVersions(getDb());
    const place = cacheKey(request);
    const { key } = place;
    const hit = cache!.get(key, versions);
    if (hit) {
      servedFromMemory.add(hit);
      return hit;
    }
    // Visitors arriving together for a stale page share one render; one begun before midnight in
    // India ends at that midnight, so no visitor after it shares it.
    const validUntil = endOfIstDay();
    const slot = `${versions.content} ${versions.visitor} ${validUntil} ${key}`;
    let pending = rendering.get(slot);
    if (!pending) {
      pending = (async () => {
        const url = new URL(request.url);
        const keyed = url.pathname + url.search === key ? request : new Request(new URL(key, url), request);
        const response = await withDegradedCheck(() => route(keyed, ip, nonce));
        if (!isCacheableResponse(response)) return response;
        const body = Buffer.from(await response.arrayBuffer());
        // Too large to keep (issue 42): sent as rendered, compressed for this request alone.
        if (body.length > MAX_CACHED_PAGE_BYTES) return new Response(body as Uint8Array<ArrayBuffer>, response);
        // Open addresses are unbounded: each may be asked for once only, so it costs little more than a render.
        const compression = place.partition === "open" ? "fast" : "best";
        const page = await buildCachedPage(versions, response, body, { validUntil, compression });
        page.sent = prepareHeaders(page);
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

  // Each cached page's headers for a hit, every one of them (security headers with the page's
  // CSP hashes, ETag, Vary, encoding and length), built once per encoding when the page is stored:
  // a hit then costs one property read and one writeHead (issue 6: cached pages at ≥ 0.4×
  // nginx's rate; issue 28: at ≥ 0.8× a bare node:http server's; `npm run bench`).
  function prepareHeaders(page: CachedPage): NonNullable<CachedPage["sent"]> {
    const security = securityHeaders("", {
      https: options.https,
      scriptHashes: page.scriptHashes,
      styleHashes: page.styleHashes,
    });
    const common = [
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
    const sent = (encoding: Exclude<Encoding, "zstd"> | "identity") => [
      ...common,
      ...(encoding === "br" || encoding === "gzip" ? ["Content-Encoding", encoding] : []),
      "Content-Length",
      String(bodyOf(page, encoding).length),
      "X-Cache",
      "hit",
    ];
    return { br: sent("br"), gzip: sent("gzip"), identity: sent("identity"), unchanged: [...common, "X-Cache", "hit"] };
  }
  /** A hit's headers; a page rendered for this very request says "X-Cache: miss" instead. */
  function headersOf(page: CachedPage, hit: boolean, encoding: Exclude<Encoding, "zstd"> | "identity" | "unchanged") {
    const headers = (page.sent ??= prepareHeaders(page))[encoding];
    return hit ? (headers as string[]) : headers.with(headers.length - 1, "miss");
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
    const now = Date.now();
    const versions = recentVersions(getDb(), now);
    const page = versions === undefined ? undefined : cache.get(url, versions, now);
    if (!page) return false;
    sendCached(req, res, page, true);
    // Answered before the listener returns: the line is written now, with no listener to add.
    logRequest(req, page.status, started);
    return true;
  }

  /** Refuses cross-site writes (CSRF), then hands the request to the auth library or the router. */
  async function route(request: Request, ip: string, nonce: string): Promise<Response> {
    const verdict = checkOrigin(request, origins);
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
    // Loaders and actions take the database from here, never from getDb() (tests hand them theirs).
    context.set(dbContext, getDb());
    return handleDocument(request, context);
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

  /**
   * Answers at once what needs no waiting (another host's request, a cache hit), without the
   * promise an async function makes for every call; everything else goes on to `answerLater`.
   */
  function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    // HTTP/1.1 requires a Host header (RFC 9112 §3.2). Node's own 400 for one without
    // (requireHostHeader, off in boot.ts) carried none of the security headers.
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
      answerPlain(res, missingHost.status, missingHost.body, {
        ...securityHeaders("", { https: options.https }),
        Connection: "close",
      });
      logRequest(req, missingHost.status, started);
      return answered;
    }
    if (hostAllowed && !hostAllowed(req)) {
      answerPlain(res, misdirectedAnswer.status, misdirectedAnswer.body, securityHeaders("", { https: options.https }));
      logRequest(req, misdirectedAnswer.status, started);
      return answered;
    }
    if (!draining && answerFromCache(req, res, started)) return answered;
    return answerLater(req, res, started);
  }

  async function answerLater(req: IncomingMessage, res: ServerResponse, started: number) {
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
      const request = await readRequest(
        req,
        res,
        { trustProxy: options.trustProxy, host: origins.addressedHost(req) },
        isUpload(req) ? { maxBytes: uploadBytes } : undefined,
      );
      // The rest of an unread body is not worth reading: the connection closes after the answer.
      if (!(request instanceof Request))
        return answerPlain(res, request.status, request.message, { ...baseHeaders, Connection: "close" });
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
      if (!res.headersSent)
        answerPlain(res, 500, "Internal Server Error", securityHeaders(nonce, { https: options.https }));
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

/** Requests Node cannot parse get Node's bare 400 by default: answered with the security headers too. */
export function answerClientError(https: boolean) {
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
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
  };
}
