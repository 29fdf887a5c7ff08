import type { IncomingMessage } from "node:http";
import type { SiteOrigins } from "./site-origins";

// Requests must be addressed to the site's own host (issue 22). Absolute URLs never come from the
// Host header any more (app/lib/site-origin.server.ts), but a server that answers for any name is
// still a server whose pages, logs and cache can be reached under names that are not the site's.
// A request for another host is answered 421 before anything else; the health check answers for
// any host, because load balancers poll it by address. Which names are the site's: site-origins.ts.

/** A test of a request's host name, or undefined when every host is served. */
export function createHostCheck(origins: SiteOrigins): ((req: IncomingMessage) => boolean) | undefined {
  const { hosts, primaryHost } = origins;
  if (!hosts) return undefined;
  return (req) => {
    const host = origins.addressedHost(req);
    // The common case costs one comparison: the host exactly as configured.
    if (host === primaryHost) return true;
    return (host !== undefined && hosts.has(host.toLowerCase())) || req.url === "/healthz";
  };
}

/**
 * The 421's words: which names this server answers for and what to set (issue 43: a newcomer who
 * typed another loopback name got a bare "Misdirected Request").
 */
export function misdirected(origins: SiteOrigins) {
  const served = [...new Set([origins.primaryHost, ...(origins.hosts ?? [])])].filter(
    (host) => host && !/:(80|443)$/.test(host),
  );
  return {
    status: 421,
    body:
      `Misdirected Request: this server answers for ${served.join(", ")} only. ` +
      "To serve another name, set SITE_URL (the public origin) or add the name to ALLOWED_HOSTS.",
  } as const;
}
