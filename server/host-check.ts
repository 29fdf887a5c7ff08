import type { IncomingMessage } from "node:http";

// Requests must be addressed to the site's own host (issue 22). Absolute URLs never come from the
// Host header any more (app/lib/site-origin.server.ts), but a server that answers for any name is
// still a server whose pages, logs and cache can be reached under names that are not the site's.
// A request for another host is answered 421 before anything else; the health check answers for
// any host, because load balancers poll it by address.

/** Host names (host[:port], as in a Host header) of an origin, default ports both with and without. */
function spellings(origin: string): string[] {
  const url = new URL(origin);
  const defaultPort = url.protocol === "https:" ? "443" : "80";
  return url.port ? [url.host] : [url.host, `${url.host}:${defaultPort}`];
}

export interface HostCheckOptions {
  /** The public origin (SITE_URL); without it (development and tests only) any host is served. */
  siteUrl?: string;
  /** ALLOWED_HOSTS: more host names to serve, comma-separated; `*` serves any. */
  allowedHosts?: string;
  /** Behind a proxy (TRUST_PROXY=1) the name the visitor used is X-Forwarded-Host. */
  trustProxy: boolean;
}

/** A test of a request's host name, or undefined when every host is served. */
export function createHostCheck(options: HostCheckOptions): ((req: IncomingMessage) => boolean) | undefined {
  const extra = (options.allowedHosts ?? "")
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  if (!options.siteUrl || extra.includes("*")) return undefined;
  const allowed = new Set([...spellings(options.siteUrl), ...extra]);
  const [primary] = allowed;
  return (req) => {
    const forwarded = options.trustProxy ? req.headers["x-forwarded-host"] : undefined;
    const host = (typeof forwarded === "string" ? forwarded.split(",")[0]!.trim() : undefined) ?? req.headers.host;
    // The common case costs one comparison: the host exactly as configured.
    if (host === primary) return true;
    return (host !== undefined && allowed.has(host.toLowerCase())) || req.url === "/healthz";
  };
}

export const misdirected = {
  status: 421,
  body: "Misdirected Request: this server does not serve that host name.",
} as const;
