import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCachedPage, inlineScriptHashes, inlineStyleHashes } from "../../server/page-cache";
import { securityHeaders } from "../../server/security-headers";

// Issue 6: each document carries the site's stylesheet inline. The Content-Security-Policy must
// allow that <style> by this response's nonce (rendered pages) or by its hash (pages from the
// shared cache), and never allow inline styles wholesale with 'unsafe-inline'.

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `))!;
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inline stylesheet and CSP", () => {
  it("a rendered page allows inline styles with its nonce only", () => {
    const csp = securityHeaders("n0nce", { https: false })["Content-Security-Policy"]!;
    expect(directive(csp, "style-src")).toBe("style-src 'self' 'nonce-n0nce'");
    expect(csp).not.toContain("unsafe-inline");
  });

  it("a cached page allows exactly its own inline styles and scripts by hash", () => {
    const csp = securityHeaders("", {
      https: false,
      scriptHashes: ["'sha256-script'"],
      styleHashes: ["'sha256-style'"],
    })["Content-Security-Policy"]!;
    expect(directive(csp, "style-src")).toBe("style-src 'self' 'sha256-style'");
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'sha256-script'");
    expect(csp).not.toContain("nonce-");
    expect(csp).not.toContain("unsafe-inline");
  });

  it("hashes each inline <style> of a document, and only the styles", () => {
    const css = "body{margin:0}.a>.b{color:red}";
    const html = `<!DOCTYPE html><html><head><style data-app-css="" nonce="x">${css}</style><script nonce="x">go()</script></head><body><svg><style>.c{fill:red}</style></svg></body></html>`;
    expect(inlineStyleHashes(html)).toEqual([sha256(css), sha256(".c{fill:red}")]);
    expect(inlineScriptHashes(html)).toEqual([sha256("go()")]);
  });

  it("a cached document keeps the hashes of its stylesheet for its CSP", async () => {
    const css = "main{display:block}";
    const html = `<!DOCTYPE html><html><head><style data-app-css="">${css}</style></head><body><main>Hi</main></body></html>`;
    const response = new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    const page = await buildCachedPage({ content: 1, visitor: 1 }, response, Buffer.from(html));
    expect(page.styleHashes).toEqual([sha256(css)]);
    const csp = securityHeaders("", { https: false, scriptHashes: page.scriptHashes, styleHashes: page.styleHashes })[
      "Content-Security-Policy"
    ]!;
    expect(directive(csp, "style-src")).toContain(sha256(css));
  });
});
