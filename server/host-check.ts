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

export const misdirected = {
  status: 421,
  body: "Misdirected Request: this server does not serve that host name.",
} as const;
