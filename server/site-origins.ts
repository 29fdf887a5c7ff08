import type { IncomingMessage } from "node:http";

// The site's names and origins, one notion for every check (issue 42). SITE_URL is the public
// origin; ALLOWED_HOSTS adds names the site is reached by (an alias, a proxy's internal name),
// `*` any name; behind a trusted proxy (TRUST_PROXY=1) the name the visitor used is
// X-Forwarded-Host. From these alone come the Host check (host-check.ts), the server's CSRF check
// (origin-check.ts), the Request URL the router sees (request-body.ts) and React Router's own
// origin check (its allowedActionOrigins): with separate notions, the router refused every form
// behind a proxy that our check let through.

export interface SiteOriginsOptions {
  /** The public origin (SITE_URL); without it (development and tests only) any host is served. */
  siteUrl?: string;
  /** ALLOWED_HOSTS: more host names (host[:port]) to serve, comma-separated; `*` serves any. */
  allowedHosts?: string;
  /** Behind a proxy (TRUST_PROXY=1) the name the visitor used is X-Forwarded-Host. */
  trustProxy: boolean;
}

export interface SiteOrigins {
  /** Lower-cased host names served, in every spelling; undefined when every host is served. */
  readonly hosts: ReadonlySet<string> | undefined;
  /** SITE_URL's host as configured, the name nearly every request carries. */
  readonly primaryHost: string | undefined;
  /** The host a request was addressed to, as a Host header spells it. */
  addressedHost(req: IncomingMessage): string | undefined;
  /**
   * Whether a write claiming `origin` (scheme://host[:port]) comes from the site's own pages, for
   * a request whose URL is `requestUrl`.
   */
  isOwnOrigin(origin: string, requestUrl: URL): boolean;
  /**
   * React Router's allowedActionOrigins (host[:port] patterns): the hosts of every origin
   * isOwnOrigin accepts, so the router never refuses a write our check let through. Our check runs
   * first and also compares schemes; the router's compares hosts only.
   */
  readonly actionOrigins: string[];
}

/** Host names (host[:port], as in a Host header) of an origin, default ports both with and without. */
function spellings(url: URL): string[] {
  const defaultPort = url.protocol === "https:" ? "443" : "80";
  return url.port ? [url.host] : [url.host, `${url.host}:${defaultPort}`];
}

/** The origin of a host name under a scheme, or undefined when it is no host name. */
function originOf(scheme: string, host: string): string | undefined {
  try {
    return new URL(`${scheme}//${host}`).origin;
  } catch {
    return undefined;
  }
}

export function siteOrigins(options: SiteOriginsOptions): SiteOrigins {
  const listed = (options.allowedHosts ?? "")
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  const site = options.siteUrl ? new URL(options.siteUrl) : undefined;
  const hosts = site && !listed.includes("*") ? new Set([...spellings(site), ...listed]) : undefined;
  const anyHost = hosts === undefined;
  const aliases = listed.filter((host) => host !== "*");

  // The origins the site's pages are at: SITE_URL's, and each listed name under SITE_URL's
  // scheme (an alias such as example.in for www.example.in, served over the same TLS front).
  const own = new Set<string>();
  if (site) {
    own.add(site.origin);
    for (const alias of aliases) {
      const origin = originOf(site.protocol, alias);
      if (origin) own.add(origin);
    }
  }

  return {
    hosts,
    primaryHost: site?.host,
    addressedHost(req) {
      const forwarded = options.trustProxy ? req.headers["x-forwarded-host"] : undefined;
      return (typeof forwarded === "string" ? forwarded.split(",")[0]!.trim() : undefined) || req.headers.host;
    },
    isOwnOrigin(origin, requestUrl) {
      if (own.has(origin)) return true;
      // Every host is served (ALLOWED_HOSTS=*, or no SITE_URL): a write must come from the host it
      // was addressed to, by the request's scheme or, behind a TLS front that does not say so
      // (TRUST_PROXY=0), by SITE_URL's.
      return (
        anyHost &&
        (origin === requestUrl.origin || (site !== undefined && origin === `${site.protocol}//${requestUrl.host}`))
      );
    },
    // Without SITE_URL only the request's own origin is accepted, which the router accepts anyway.
    actionOrigins: anyHost && site ? ["**"] : [...own].map((origin) => new URL(origin).host),
  };
}
