import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import {
  classifyLinkOutcome,
  isRedirect,
  MAX_REDIRECTS,
  type LinkHop,
  type LinkOutcome,
  type LinkVerdict,
} from "./classify";

// One link check (issue 48 item 8): HEAD, and GET when HEAD is refused (some servers answer HEAD
// with 403, 404 or 405 but serve the page), each following up to MAX_REDIRECTS redirects. Polite:
// a User-Agent that names the site, one request at a time per host with a pause between them, a
// timeout per request, and no body read: the response is closed once its headers have arrived
// (Node caps headers at 16 KB), so a large file costs nothing. The answers go to the pure
// classifier (./classify.ts).

export interface CheckOptions {
  /** Each request's limit, connection to headers. */
  timeoutMs: number;
  userAgent: string;
  maxRedirects?: number;
  /** Name resolution: node's by default; the tests pass one that answers only for this machine. */
  lookup?: LookupFunction;
  /** Spaces requests to one host (a run shares one). */
  pacer?: HostPacer;
  /** Ends a check at once: the worker is stopping, and the check is not recorded. */
  signal?: AbortSignal;
}

/** At most one request at a time to each host, `delayMs` apart. */
export interface HostPacer {
  turn<T>(host: string, task: () => Promise<T>): Promise<T>;
}

export function hostPacer(delayMs: number): HostPacer {
  const free = new Map<string, Promise<unknown>>();
  const lastEnd = new Map<string, number>();
  return {
    turn(host, task) {
      const previous = free.get(host) ?? Promise.resolve();
      const mine = previous
        .catch(() => undefined)
        .then(async () => {
          const wait = (lastEnd.get(host) ?? 0) + delayMs - Date.now();
          if (wait > 0) await new Promise((done) => setTimeout(done, wait));
          try {
            return await task();
          } finally {
            lastEnd.set(host, Date.now());
          }
        });
      free.set(host, mine);
      return mine;
    },
  };
}

const noPacing: HostPacer = { turn: (_host, task) => task() };

/** Node's largest response head (its default), named so the bound is visible. */
const MAX_HEADER_BYTES = 16 * 1024;

interface Answer {
  status: number;
  location: string | null;
}

function request(method: "HEAD" | "GET", url: URL, options: CheckOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method,
        agent: false,
        lookup: options.lookup,
        signal: options.signal,
        maxHeaderSize: MAX_HEADER_BYTES,
        headers: { "User-Agent": options.userAgent, Accept: "*/*", "Accept-Encoding": "identity" },
      },
      (res) => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null });
        // No body is read: the connection closes here.
        res.destroy();
      },
    );
    const timer = setTimeout(() => {
      const seconds = Math.round(options.timeoutMs / 100) / 10;
      req.destroy(Object.assign(new Error(`No answer within ${seconds} s`), { code: "ETIMEDOUT" }));
    }, options.timeoutMs);
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}

/** One method's way from the address to its final answer, or to the error that stopped it. */
async function follow(method: "HEAD" | "GET", start: string, options: CheckOptions): Promise<LinkOutcome> {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const pacer = options.pacer ?? noPacing;
  const hops: LinkHop[] = [];
  let current = new URL(start);
  for (;;) {
    const url = current;
    let answer: Answer;
    try {
      answer = await pacer.turn(url.host, () => request(method, url, options));
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      return { hops, error: { code: e.code, message: e.message || String(error) } };
    }
    hops.push({ url: url.href, status: answer.status, location: answer.location });
    if (!isRedirect(answer.status) || !answer.location) return { hops };
    if (hops.filter((hop) => isRedirect(hop.status)).length > maxRedirects) return { hops };
    const next = URL.parse(answer.location, url);
    // A redirect to nowhere (or to mailto:, ftp:): the classifier says so from the last answer.
    if (!next || (next.protocol !== "http:" && next.protocol !== "https:")) return { hops };
    current = next;
  }
}

/** Whether GET may tell more than HEAD did: HEAD got an error status. */
const retryWithGet = (verdict: LinkVerdict) => verdict.httpStatus !== null && verdict.httpStatus >= 400;

/** Checks one address: HEAD first, GET when HEAD is refused. */
export async function checkLink(url: string, options: CheckOptions): Promise<LinkVerdict> {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const head = classifyLinkOutcome(await follow("HEAD", url, options), maxRedirects);
  if (!retryWithGet(head) || options.signal?.aborted) return head;
  return classifyLinkOutcome(await follow("GET", url, options), maxRedirects);
}
