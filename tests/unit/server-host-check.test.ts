import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { createHostCheck, misdirected } from "../../server/host-check";
import { siteOrigins, type SiteOriginsOptions } from "../../server/site-origins";

// Issue 22: a request must be addressed to the site's own host (SITE_URL), or to a name listed in
// ALLOWED_HOSTS; the health check answers for any. The names come from server/site-origins.ts,
// which the origin checks read too (issue 42).

const request = (host: string | undefined, url = "/", forwardedHost?: string) =>
  ({ url, headers: { host, ...(forwardedHost ? { "x-forwarded-host": forwardedHost } : {}) } }) as IncomingMessage;

const hostCheck = (options: SiteOriginsOptions) => createHostCheck(siteOrigins(options));

describe("createHostCheck", () => {
  const check = hostCheck({ siteUrl: "https://www.example.in", trustProxy: false })!;

  it("serves the configured host, in any case and with its default port written out", () => {
    expect(check(request("www.example.in"))).toBe(true);
    expect(check(request("WWW.Example.IN"))).toBe(true);
    expect(check(request("www.example.in:443"))).toBe(true);
  });

  it("refuses any other host, another port of the same name and a request without a Host", () => {
    expect(check(request("evil.example"))).toBe(false);
    expect(check(request("www.example.in:8443"))).toBe(false);
    expect(check(request("example.in"))).toBe(false);
    expect(check(request(undefined))).toBe(false);
  });

  it("answers the health check by any name", () => {
    expect(check(request("10.0.0.7:3000", "/healthz"))).toBe(true);
    expect(check(request("10.0.0.7:3000", "/healthz?x"))).toBe(false);
  });

  it("keeps a port that SITE_URL names", () => {
    const local = hostCheck({ siteUrl: "http://127.0.0.1:4300", trustProxy: false })!;
    expect(local(request("127.0.0.1:4300"))).toBe(true);
    expect(local(request("127.0.0.1"))).toBe(false);
    expect(local(request("localhost:4300"))).toBe(false);
  });

  it("adds the names ALLOWED_HOSTS lists, and `*` serves every host", () => {
    const listed = hostCheck({
      siteUrl: "https://www.example.in",
      allowedHosts: " app-1.internal:3000, Example.in ",
      trustProxy: false,
    })!;
    expect(listed(request("app-1.internal:3000"))).toBe(true);
    expect(listed(request("example.in"))).toBe(true);
    expect(listed(request("app-2.internal:3000"))).toBe(false);
    expect(hostCheck({ siteUrl: "https://www.example.in", allowedHosts: "*", trustProxy: false })).toBeUndefined();
    expect(
      hostCheck({ siteUrl: "https://www.example.in", allowedHosts: "app-1.internal:3000, *", trustProxy: false }),
    ).toBeUndefined();
  });

  it("checks the name the visitor used behind a trusted proxy", () => {
    const proxied = hostCheck({ siteUrl: "https://www.example.in", trustProxy: true })!;
    expect(proxied(request("127.0.0.1:3000", "/", "www.example.in"))).toBe(true);
    expect(proxied(request("www.example.in", "/", "evil.example"))).toBe(false);
    // Not behind a proxy, the header is the visitor's own and means nothing.
    expect(check(request("www.example.in", "/", "evil.example"))).toBe(true);
  });

  it("behind a proxy that sends no X-Forwarded-Host, checks the Host it rewrote to a listed name", () => {
    const proxied = hostCheck({
      siteUrl: "https://www.example.in",
      allowedHosts: "gate-app-1.internal:3000",
      trustProxy: true,
    })!;
    expect(proxied(request("gate-app-1.internal:3000"))).toBe(true);
    expect(proxied(request("gate-app-2.internal:3000"))).toBe(false);
    // The forwarded name, when there is one, is what counts.
    expect(proxied(request("gate-app-1.internal:3000", "/", "evil.example"))).toBe(false);
  });

  it("serves every host without SITE_URL (development and tests only: production needs it)", () => {
    expect(hostCheck({ trustProxy: false })).toBeUndefined();
  });
});

describe("the 421's words (issue 43)", () => {
  it("name every host served, as a person types it, and what to set for another", () => {
    const { status, body } = misdirected(
      siteOrigins({ siteUrl: "http://localhost:3000", allowedHosts: "127.0.0.1:3000,[::1]:3000", trustProxy: false }),
    );
    expect(status).toBe(421);
    expect(body).toBe(
      "Misdirected Request: this server answers for localhost:3000, 127.0.0.1:3000, [::1]:3000 only. " +
        "To serve another name, set SITE_URL (the public origin) or add the name to ALLOWED_HOSTS.",
    );
    expect(misdirected(siteOrigins({ siteUrl: "https://www.example.in", trustProxy: false })).body).toContain(
      "answers for www.example.in only",
    );
  });
});
