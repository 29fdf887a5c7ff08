import { isOneClickUnsubscribePath } from "~/lib/alert-mail/messages";
import { siteOrigins, type SiteOrigins } from "./site-origins";

// Cross-site request forgery: a request that changes state (anything but GET, HEAD, OPTIONS) must
// come from the site's own pages (issue #4). This check runs in our HTTP server before any
// routing, so it covers page actions, resource routes and the auth library's handler alike, in
// every environment (NODE_ENV=test included). Which origins are the site's (SITE_URL, the names
// ALLOWED_HOSTS lists) is site-origins.ts's to say, for this check and React Router's alike.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginVerdict = { ok: true } | { ok: false; reason: string };

function originOf(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** Without SITE_URL (development and tests only): the origin the request was addressed to. */
const addressedOnly = siteOrigins({ trustProxy: false });

export function checkOrigin(request: Request, origins: SiteOrigins = addressedOnly): OriginVerdict {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return { ok: true };
  // RFC 8058 one-click unsubscribe (issue 49): a mail client POSTs from its own servers, with no
  // Origin or Referer. The address's signed token is the key, and all it can do is unsubscribe.
  if (request.method.toUpperCase() === "POST" && isOneClickUnsubscribePath(new URL(request.url).pathname))
    return { ok: true };
  // Browsers send Origin with every POST; Referer is the fallback some privacy settings leave. An
  // Origin that names no origin ("null": a sandboxed or redirected form) is no claim of ours, and
  // React Router, which reads Origin alone, would refuse it too.
  const origin = request.headers.get("Origin");
  const claimed = origin !== null ? originOf(origin) : originOf(request.headers.get("Referer"));
  if (!claimed) return { ok: false, reason: "no Origin or Referer" };
  if (!origins.isOwnOrigin(claimed, new URL(request.url)))
    return { ok: false, reason: `origin ${claimed} is not the site's` };
  if (request.headers.get("Sec-Fetch-Site") === "cross-site")
    return { ok: false, reason: "Sec-Fetch-Site: cross-site" };
  return { ok: true };
}

export const originRefusal = {
  status: 403,
  body: "Forbidden: this request did not come from this site's own pages.",
} as const;
