import { createHash } from "node:crypto";
import { baseURL, createAdmin, PASSWORD } from "./support/admin";
import { expect, test } from "./support/fixtures";

// What the production server sends and refuses (issue #4): the security headers on a public page
// and an admin page, the session cookie's flags, and cross-site writes refused before routing.

const headerNames = [
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
] as const;

for (const path of ["/", "/admin/login"]) {
  test(`${path} carries the security headers and allows only its own inline scripts`, async ({ page }) => {
    const response = await page.goto(path);
    const headers = response!.headers();
    for (const name of headerNames) expect(headers[name], name).toBeTruthy();
    const csp = headers["content-security-policy"]!;
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
    });
    // Served over plain HTTP here: HSTS is sent only over HTTPS (SITE_URL https://…).
    expect(headers["strict-transport-security"]).toBeUndefined();
    // A rendered page carries a per-response nonce; an anonymous page served from the shared
    // cache names its inline scripts by hash instead (server/page-cache.ts). The admin area is
    // never cached.
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    if (path.startsWith("/admin")) expect(nonce).toBeTruthy();
    const scripts = await page
      .locator('script:not([src]):not([type="application/ld+json"])')
      .evaluateAll((els) => els.map((el) => ({ nonce: (el as HTMLScriptElement).nonce, text: el.textContent ?? "" })));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      if (nonce) expect(script.nonce).toBe(nonce);
      else expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(script.text).digest("base64")}'`);
    }
    if (nonce) {
      // A new nonce per response.
      const again = (await page.request.get(path)).headers()["content-security-policy"];
      expect(again).not.toBe(csp);
    }
  });
}

test("the admin panel is never cached, and its redirect carries the headers too", async ({ request }) => {
  const response = await request.get("/admin", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/admin/login");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
});

test("the session cookie is httpOnly, SameSite=Lax and Secure in production", async ({ request }) => {
  const email = createAdmin("cookie");
  const response = await request.post("/admin/login", {
    form: { email, password: PASSWORD },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const session = response
    .headersArray()
    .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("session_token"));
  expect(session?.value).toMatch(/^__Secure-gate\.session_token=/);
  expect(session?.value).toMatch(/HttpOnly/);
  expect(session?.value).toMatch(/SameSite=Lax/);
  expect(session?.value).toMatch(/Secure/);
});

test("cross-site writes are refused before any route runs: pages, resource routes and the auth handler", async ({
  request,
}) => {
  const targets = ["/admin/login", "/admin/sign-out", "/api/auth/sign-out", "/contact", "/admin/account"];
  for (const path of targets) {
    const evil = await request.post(path, {
      headers: { Origin: "https://evil.example" },
      form: { email: "a@b.c" },
      maxRedirects: 0,
    });
    expect(evil.status(), `${path} from another origin`).toBe(403);
    const none = await request.fetch(path, {
      method: "POST",
      headers: { Origin: "" },
      form: { x: "1" },
      maxRedirects: 0,
    });
    expect(none.status(), `${path} without an origin`).toBe(403);
  }
  // The same request from the site itself reaches its route.
  const own = await request.post("/api/auth/sign-out", { headers: { Origin: baseURL }, data: {} });
  expect(own.status()).toBe(200);
  // Every other endpoint of the auth library is not exposed.
  const signUp = await request.post("/api/auth/sign-up/email", {
    headers: { Origin: baseURL },
    data: { email: "x@example.com", password: "long enough password", name: "x" },
  });
  expect(signUp.status()).toBe(404);
});
