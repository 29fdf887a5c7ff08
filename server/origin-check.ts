// Cross-site request forgery: a request that changes state (anything but GET, HEAD, OPTIONS) must
// come from the site's own pages (issue #4). React Router checks the origin of page actions only;
// this check runs in our HTTP server before any routing, so it covers page actions, resource
// routes and the auth library's handler alike, in every environment (NODE_ENV=test included).
// The site's origin is SITE_URL when set, otherwise the origin the request was addressed to.

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

export function checkOrigin(request: Request, siteUrl?: string): OriginVerdict {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return { ok: true };
  const expected = siteUrl ? new URL(siteUrl).origin : new URL(request.url).origin;
  // Browsers send Origin with every POST; Referer is the fallback some privacy settings leave.
  const claimed = originOf(request.headers.get("Origin")) ?? originOf(request.headers.get("Referer"));
  if (!claimed) return { ok: false, reason: "no Origin or Referer" };
  if (claimed !== expected) return { ok: false, reason: `origin ${claimed} is not ${expected}` };
  if (request.headers.get("Sec-Fetch-Site") === "cross-site")
    return { ok: false, reason: "Sec-Fetch-Site: cross-site" };
  return { ok: true };
}

export const originRefusal = {
  status: 403,
  body: "Forbidden: this request did not come from this site's own pages.",
} as const;
