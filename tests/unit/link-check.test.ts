import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLink, hostPacer, type CheckOptions } from "~/lib/link-health/check.server";
import { classifyLinkOutcome, isFailingStatus } from "~/lib/link-health/classify";
import { isOutsideLink } from "~/lib/link-health/run.server";
import {
  closedPort,
  offlineLookup,
  startLinkServer,
  startSelfSignedServer,
  type LinkServer,
} from "../support/link-server";

// The link checker's verdicts (issue 48 item 8): the pure classification of what a check saw, and
// checks of real answers from servers on this machine: found, redirected for a while or for good,
// missing, refused, failing, silent, a self-signed certificate, an unknown host, a closed port.

const hop = (status: number, url = "https://example.in/a", location?: string) => ({ url, status, location });
const failed = (code: string | undefined, message = "failed") =>
  classifyLinkOutcome({ hops: [], error: { code, message } });

describe("classifyLinkOutcome", () => {
  it("reads a 2xx as ok, directly or after temporary redirects", () => {
    expect(classifyLinkOutcome({ hops: [hop(200)] })).toEqual({
      status: "ok",
      httpStatus: 200,
      error: null,
      finalUrl: null,
    });
    expect(
      classifyLinkOutcome({ hops: [hop(302, "https://a.in/", "/b"), hop(307, "https://a.in/b", "/c"), hop(204)] }),
    ).toMatchObject({ status: "ok", httpStatus: 204 });
  });

  it("reads a 2xx after a permanent redirect as moved, with where it leads now", () => {
    expect(
      classifyLinkOutcome({ hops: [hop(301, "http://a.in/x", "https://a.in/y"), hop(200, "https://a.in/y")] }),
    ).toEqual({ status: "moved", httpStatus: 200, error: null, finalUrl: "https://a.in/y" });
    expect(classifyLinkOutcome({ hops: [hop(308, "https://a.in/x", "/y"), hop(200, "https://a.in/y")] }).status).toBe(
      "moved",
    );
  });

  it("reads 404 and 410 as broken, other 4xx as refused, 5xx as a server error, whatever came before", () => {
    expect(classifyLinkOutcome({ hops: [hop(404)] })).toEqual({
      status: "broken",
      httpStatus: 404,
      error: "HTTP 404 Not Found",
      finalUrl: null,
    });
    expect(classifyLinkOutcome({ hops: [hop(301, "https://a.in/", "/b"), hop(410)] })).toMatchObject({
      status: "broken",
      error: "HTTP 410 Gone",
    });
    expect(classifyLinkOutcome({ hops: [hop(403)] })).toMatchObject({ status: "client-error", httpStatus: 403 });
    expect(classifyLinkOutcome({ hops: [hop(429)] })).toMatchObject({ status: "client-error", httpStatus: 429 });
    expect(classifyLinkOutcome({ hops: [hop(503)] })).toMatchObject({
      status: "server-error",
      error: "HTTP 503 Service Unavailable",
    });
    expect(classifyLinkOutcome({ hops: [hop(599)] })).toMatchObject({ status: "server-error", error: "HTTP 599" });
  });

  it("says when redirects go nowhere: too many, without a Location, or to another scheme", () => {
    const loop = Array.from({ length: 6 }, () => hop(302, "https://a.in/loop", "/loop"));
    expect(classifyLinkOutcome({ hops: loop })).toMatchObject({
      status: "redirect-error",
      error: "More than 5 redirects",
    });
    expect(classifyLinkOutcome({ hops: [hop(302)] })).toMatchObject({
      status: "redirect-error",
      error: "HTTP 302 without a Location",
    });
    expect(classifyLinkOutcome({ hops: [hop(301, "https://a.in/", "mailto:x@a.in")] })).toMatchObject({
      status: "redirect-error",
      error: "Redirects to an address that cannot be followed: mailto:x@a.in",
    });
  });

  it("names the failure of a check that got no answer: timeout, DNS, TLS, connection", () => {
    expect(failed("ETIMEDOUT", "No answer within 10 s")).toEqual({
      status: "timeout",
      httpStatus: null,
      error: "No answer within 10 s",
      finalUrl: null,
    });
    for (const code of ["ENOTFOUND", "EAI_AGAIN"]) expect(failed(code).status).toBe("dns-error");
    for (const code of [
      "DEPTH_ZERO_SELF_SIGNED_CERT",
      "CERT_HAS_EXPIRED",
      "ERR_TLS_CERT_ALTNAME_INVALID",
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
      "ERR_SSL_WRONG_VERSION_NUMBER",
    ]) {
      expect(failed(code).status, code).toBe("tls-error");
    }
    for (const code of ["ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", undefined]) {
      expect(failed(code).status, String(code)).toBe("connection-error");
    }
    // An error after redirects: the error decides.
    expect(
      classifyLinkOutcome({
        hops: [hop(301, "https://a.in/", "https://b.in/")],
        error: { code: "ENOTFOUND", message: "x" },
      }).status,
    ).toBe("dns-error");
  });

  it("counts everything but ok and moved as a link that stopped working", () => {
    expect(isFailingStatus("ok")).toBe(false);
    expect(isFailingStatus("moved")).toBe(false);
    for (const status of ["broken", "client-error", "server-error", "timeout", "dns-error", "tls-error"] as const) {
      expect(isFailingStatus(status)).toBe(true);
    }
  });
});

describe("isOutsideLink", () => {
  const origin = "https://www.gatechacademy.in";
  it("takes absolute http(s) addresses of other sites only", () => {
    expect(isOutsideLink("https://iocl.com/latest-job-opening", origin)).toBe(true);
    expect(isOutsideLink("http://careers.ntpc.co.in/", origin)).toBe(true);
    expect(isOutsideLink("https://www.gatechacademy.in/media/ab12/paper.pdf", origin)).toBe(false);
    expect(isOutsideLink("/media/ab12/paper.pdf", origin)).toBe(false);
    expect(isOutsideLink("mailto:someone@example.com", origin)).toBe(false);
    expect(isOutsideLink("javascript:alert(1)", origin)).toBe(false);
    expect(isOutsideLink("not a url", origin)).toBe(false);
  });
});

describe("checkLink against servers on this machine", () => {
  let server: LinkServer;
  let tls: Awaited<ReturnType<typeof startSelfSignedServer>>;
  const options: CheckOptions = {
    timeoutMs: 1500,
    userAgent: "Mozilla/5.0 (compatible; GATE CH Academy link checker; +https://www.gatechacademy.in)",
    lookup: offlineLookup,
  };
  const check = (path: string, extra: Partial<CheckOptions> = {}) =>
    checkLink(server.url(path), { ...options, ...extra });

  beforeAll(async () => {
    server = await startLinkServer();
    tls = await startSelfSignedServer();
  });
  afterAll(async () => {
    await server.close();
    await tls.close();
  });

  it("finds a working page with HEAD alone, naming the site in its User-Agent", async () => {
    const before = server.seen.length;
    expect(await check("/ok")).toEqual({ status: "ok", httpStatus: 200, error: null, finalUrl: null });
    const asked = server.seen.slice(before);
    expect(asked.map((r) => `${r.method} ${r.path}`)).toEqual(["HEAD /ok"]);
    expect(asked[0]!.userAgent).toContain("GATE CH Academy link checker");
  });

  it("follows a temporary redirect to an ok page, and says where a permanent one leads", async () => {
    expect(await check("/temporary")).toMatchObject({ status: "ok", httpStatus: 200 });
    expect(await check("/moved")).toEqual({
      status: "moved",
      httpStatus: 200,
      error: null,
      finalUrl: server.url("/ok/new-home"),
    });
  });

  it("asks GET when HEAD is refused, and believes it", async () => {
    const before = server.seen.length;
    expect(await check("/head-refused")).toMatchObject({ status: "ok", httpStatus: 200 });
    expect(server.seen.slice(before).map((r) => r.method)).toEqual(["HEAD", "GET"]);
  });

  it("reads no body: a GET of an endless file ends at its headers", async () => {
    expect(await check("/large")).toMatchObject({ status: "ok", httpStatus: 200 });
    // What was written before the connection closed filled the loopback's socket buffers at most
    // (about 4 MB here), never the 200 MB a download would read.
    await new Promise((done) => setTimeout(done, 100));
    expect(server.largeBytesWritten()).toBeLessThan(32 * 1024 * 1024);
  });

  it("reports 404, 410, 403 and 503 after GET confirmed them", async () => {
    expect(await check("/missing")).toMatchObject({ status: "broken", httpStatus: 404, error: "HTTP 404 Not Found" });
    expect(await check("/gone")).toMatchObject({ status: "broken", httpStatus: 410 });
    expect(await check("/forbidden")).toMatchObject({ status: "client-error", httpStatus: 403 });
    expect(await check("/error")).toMatchObject({ status: "server-error", httpStatus: 503 });
    expect(await check("/moved-to-missing")).toMatchObject({ status: "broken", httpStatus: 404 });
  });

  it("gives up after 5 redirects, and on a redirect to another scheme or without a Location", async () => {
    const before = server.seen.length;
    expect(await check("/loop")).toMatchObject({ status: "redirect-error", error: "More than 5 redirects" });
    // HEAD: the first request and 5 redirects followed; GET is not asked for a redirect.
    expect(server.seen.slice(before)).toHaveLength(6);
    expect(await check("/to-mailto")).toMatchObject({ status: "redirect-error", httpStatus: 302 });
    expect(await check("/no-location")).toMatchObject({ status: "redirect-error", httpStatus: 302 });
  });

  it("times out a server that never answers", async () => {
    const started = Date.now();
    expect(await check("/slow", { timeoutMs: 300 })).toEqual({
      status: "timeout",
      httpStatus: null,
      error: "No answer within 0.3 s",
      finalUrl: null,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("names a self-signed certificate a TLS error", async () => {
    const verdict = await checkLink(`${tls.origin}/`, options);
    expect(verdict.status).toBe("tls-error");
    expect(verdict.error).toBe("self-signed certificate");
  });

  it("names an unknown host a DNS error and a closed port a connection error", async () => {
    expect(await checkLink("https://no-such-host.invalid/jobs", options)).toMatchObject({
      status: "dns-error",
      error: "getaddrinfo ENOTFOUND no-such-host.invalid",
    });
    const port = await closedPort();
    expect(await checkLink(`http://127.0.0.1:${port}/`, options)).toMatchObject({ status: "connection-error" });
  });

  it("asks one host one request at a time, spaced by the pacer's delay", async () => {
    const pacer = hostPacer(150);
    const before = server.seen.length;
    await Promise.all(["/ok", "/temporary", "/gone"].map((path) => check(path, { pacer })));
    const asked = server.seen.slice(before).map((r) => r.at);
    expect(asked.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < asked.length; i++) expect(asked[i]! - asked[i - 1]!).toBeGreaterThanOrEqual(140);
  });
});
