import { createRequestHandler, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { checkOrigin } from "../../server/origin-check";
import { siteOrigins, type SiteOriginsOptions } from "../../server/site-origins";

// The server's CSRF check (server/origin-check.ts): every request but GET/HEAD/OPTIONS must come
// from the site's own origin, whatever the route (page action, resource route, auth handler).
// Which origins are the site's comes from server/site-origins.ts, which also tells React Router's
// own check (issue 42: behind a proxy the router refused every form our check let through).

const post = (url: string, headers: Record<string, string>) => new Request(url, { method: "POST", headers });

describe("the Origin check", () => {
  it("lets reads through", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(
        checkOrigin(new Request("http://site.test/admin", { method, headers: { Origin: "https://evil.example" } })),
      ).toEqual({ ok: true });
    }
  });

  it("accepts a write from the site's own origin, by Origin or by Referer", () => {
    expect(checkOrigin(post("http://site.test/admin/login", { Origin: "http://site.test" }))).toEqual({ ok: true });
    expect(checkOrigin(post("http://site.test/admin/login", { Referer: "http://site.test/admin/login" }))).toEqual({
      ok: true,
    });
    expect(
      checkOrigin(
        post("http://10.0.0.5:3000/contact", { Origin: "https://www.example.in" }),
        siteOrigins({ siteUrl: "https://www.example.in/", allowedHosts: "10.0.0.5:3000", trustProxy: false }),
      ),
    ).toEqual({ ok: true });
  });

  it("refuses writes from elsewhere, from nowhere, or marked cross-site", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const request = new Request("http://site.test/api/auth/sign-out", {
        method,
        headers: { Origin: "https://evil.example" },
      });
      expect(checkOrigin(request).ok, method).toBe(false);
    }
    expect(checkOrigin(post("http://site.test/admin/login", {})).ok).toBe(false);
    expect(checkOrigin(post("http://site.test/admin/login", { Origin: "null" })).ok).toBe(false);
    // An Origin that names no origin is not made good by a Referer (React Router reads Origin alone).
    expect(
      checkOrigin(post("http://site.test/admin/login", { Origin: "null", Referer: "http://site.test/admin/login" })).ok,
    ).toBe(false);
    expect(checkOrigin(post("http://site.test/admin/login", { Origin: "http://site.test:8080" })).ok).toBe(false);
    expect(checkOrigin(post("http://site.test/admin/login", { Origin: "https://site.test" })).ok).toBe(false);
    expect(
      checkOrigin(post("http://site.test/admin/login", { Origin: "http://site.test", "Sec-Fetch-Site": "cross-site" }))
        .ok,
    ).toBe(false);
    // With SITE_URL set, only that origin counts, whatever Host the request came in on.
    expect(
      checkOrigin(
        post("http://site.test/contact", { Origin: "http://site.test" }),
        siteOrigins({ siteUrl: "https://www.example.in", allowedHosts: "site.test", trustProxy: false }),
      ).ok,
    ).toBe(false);
  });
});

/** A build of one page with an action, React Router's own origin check told `actionOrigins`. */
function pageBuild(actionOrigins: string[]): ServerBuild {
  return {
    entry: { module: { default: () => new Response("page"), handleError: () => undefined } },
    routes: { page: { id: "page", path: "*", module: { default: () => null, action: () => ({ stored: true }) } } },
    assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    allowedActionOrigins: actionOrigins,
  } as unknown as ServerBuild;
}

/**
 * The deployments of docs/deploy.md "Proxies", each with form POSTs as they reach the app: the
 * URL the server builds for them (the host it was addressed to: X-Forwarded-Host behind a trusted
 * proxy, otherwise Host; the scheme: X-Forwarded-Proto behind one, otherwise http:) and the
 * Origin the visitor's browser sent.
 */
const setups: {
  name: string;
  options: SiteOriginsOptions;
  accepted: [url: string, origin: string][];
  refused: [url: string, origin: string][];
}[] = [
  {
    name: "the same host, no proxy",
    options: { siteUrl: "http://127.0.0.1:4300", trustProxy: false },
    accepted: [["http://127.0.0.1:4300/contact", "http://127.0.0.1:4300"]],
    refused: [
      ["http://127.0.0.1:4300/contact", "https://evil.example"],
      ["http://127.0.0.1:4300/contact", "http://localhost:4300"],
    ],
  },
  {
    name: "a proxy that rewrites Host to an internal name listed in ALLOWED_HOSTS",
    options: { siteUrl: "https://www.example.in", allowedHosts: "gate-app-1.internal:3000", trustProxy: false },
    accepted: [["http://gate-app-1.internal:3000/contact", "https://www.example.in"]],
    refused: [
      ["http://gate-app-1.internal:3000/contact", "https://evil.example"],
      ["http://gate-app-1.internal:3000/contact", "http://www.example.in"],
    ],
  },
  {
    name: "a TLS-terminating proxy that keeps Host, TRUST_PROXY=0, with an alias in ALLOWED_HOSTS",
    options: { siteUrl: "https://www.example.in", allowedHosts: "example.in", trustProxy: false },
    accepted: [
      ["http://www.example.in/contact", "https://www.example.in"],
      ["http://example.in/contact", "https://example.in"],
      ["http://www.example.in/contact", "https://example.in"],
    ],
    refused: [
      ["http://www.example.in/contact", "https://evil.example"],
      ["http://www.example.in/contact", "https://www.example.in.evil.example"],
      ["http://www.example.in/contact", "https://www.example.in:8443"],
    ],
  },
  {
    name: "ALLOWED_HOSTS=*",
    options: { siteUrl: "https://www.example.in", allowedHosts: "*", trustProxy: false },
    accepted: [
      ["http://gate-app-1.internal:3000/contact", "https://www.example.in"],
      ["http://mirror.example/contact", "https://mirror.example"],
      ["http://mirror.example/contact", "http://mirror.example"],
    ],
    refused: [
      ["http://mirror.example/contact", "https://evil.example"],
      ["http://mirror.example/contact", "https://mirror.example:8443"],
      ["http://gate-app-1.internal:3000/contact", "https://mirror.example"],
    ],
  },
  {
    name: "TRUST_PROXY=1 with X-Forwarded-Host (and -Proto, or without it)",
    options: { siteUrl: "https://www.example.in", trustProxy: true },
    accepted: [
      ["https://www.example.in/contact", "https://www.example.in"],
      ["http://www.example.in/contact", "https://www.example.in"],
    ],
    refused: [["https://www.example.in/contact", "https://evil.example"]],
  },
  {
    name: "TRUST_PROXY=1 without X-Forwarded-Host, Host rewritten to a listed name",
    options: { siteUrl: "https://www.example.in", allowedHosts: "gate-app-1.internal:3000", trustProxy: true },
    accepted: [["https://gate-app-1.internal:3000/contact", "https://www.example.in"]],
    refused: [["https://gate-app-1.internal:3000/contact", "https://evil.example"]],
  },
  {
    name: "no SITE_URL (development and tests)",
    options: { trustProxy: false },
    accepted: [["http://localhost:5173/contact", "http://localhost:5173"]],
    refused: [["http://localhost:5173/contact", "http://localhost:3000"]],
  },
];

/** A form POST as a browser sends it from a page at `origin`. */
const form = (url: string, origin: string) =>
  new Request(url, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    body: "name=Visitor",
  });

describe("the site's origins, for our check and React Router's alike, in each proxy setup", () => {
  for (const setup of setups) {
    it(`${setup.name}: a write from the site's pages passes both checks, a cross-site one ours`, async () => {
      const origins = siteOrigins(setup.options);
      const reactRouter = createRequestHandler(pageBuild(origins.actionOrigins), "production");
      for (const [url, origin] of setup.accepted) {
        expect(checkOrigin(form(url, origin), origins), `${origin} → ${url}`).toEqual({ ok: true });
        // React Router's own check answers a bare 400 when it disagrees.
        expect((await reactRouter(form(url, origin))).status, `React Router: ${origin} → ${url}`).toBe(200);
      }
      for (const [url, origin] of setup.refused)
        expect(checkOrigin(form(url, origin), origins).ok, `${origin} → ${url}`).toBe(false);
    });
  }
});
