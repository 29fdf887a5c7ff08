// Strict headers on every response (issue #4). Inline scripts and styles (the stylesheet each
// document carries inline, issue 6) run only with this response's nonce; nothing else inline,
// not even a style attribute, is allowed. A page served from the shared cache allows its inline
// scripts and styles by hash instead (server/page-cache.ts).
// The answers the server writes itself (421, the 400s) carry no document and pass no nonce: their
// policy then names none, since an empty 'nonce-' source is malformed (issue 42).
export function securityHeaders(
  nonce: string,
  { https, scriptHashes, styleHashes }: { https: boolean; scriptHashes?: string[]; styleHashes?: string[] },
): Record<string, string> {
  const byNonce = nonce ? `'nonce-${nonce}'` : "";
  const inlineScripts = scriptHashes ? scriptHashes.join(" ") : byNonce;
  const inlineStyles = styleHashes ? styleHashes.join(" ") : byNonce;
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts}`.trimEnd(),
    `style-src 'self' ${inlineStyles}`.trimEnd(),
    "img-src 'self' https: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
