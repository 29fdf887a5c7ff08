import { describe, expect, it } from "vitest";
import { securityHeaders } from "../../server/security-headers";

// The headers every response carries (issue #4); e2e/admin-security.spec.ts checks them on real
// responses of a public page and an admin page.

describe("security headers", () => {
  it("allow scripts only with this response's nonce, and forbid framing", () => {
    const headers = securityHeaders("abc123", { https: false });
    const csp = headers["Content-Security-Policy"]!;
    const scripts = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scripts).toBe("script-src 'self' 'nonce-abc123'");
    expect(scripts).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
    expect(headers["Permissions-Policy"]).toContain("camera=()");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });

  it("name no nonce at all in an answer that has none (the 421 and the 400s the server writes)", () => {
    const csp = securityHeaders("", { https: false })["Content-Security-Policy"]!;
    expect(csp).not.toContain("'nonce-");
    expect(csp.split("; ").filter((d) => /^(script|style)-src /.test(d))).toEqual([
      "script-src 'self'",
      "style-src 'self'",
    ]);
  });

  it("add HSTS when served over HTTPS", () => {
    expect(securityHeaders("n", { https: true })["Strict-Transport-Security"]).toBe(
      "max-age=63072000; includeSubDomains",
    );
  });
});
