import { describe, expect, it } from "vitest";
import { checkOrigin } from "../../server/origin-check";

// The server's CSRF check (server/origin-check.ts): every request but GET/HEAD/OPTIONS must come
// from the site's own origin, whatever the route (page action, resource route, auth handler).

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
        "https://www.example.in/",
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
    expect(checkOrigin(post("http://site.test/admin/login", { Origin: "http://site.test:8080" })).ok).toBe(false);
    expect(checkOrigin(post("http://site.test/admin/login", { Origin: "https://site.test" })).ok).toBe(false);
    expect(
      checkOrigin(post("http://site.test/admin/login", { Origin: "http://site.test", "Sec-Fetch-Site": "cross-site" }))
        .ok,
    ).toBe(false);
    // With SITE_URL set, only that origin counts, whatever Host the request came in on.
    expect(
      checkOrigin(post("http://site.test/contact", { Origin: "http://site.test" }), "https://www.example.in").ok,
    ).toBe(false);
  });
});
