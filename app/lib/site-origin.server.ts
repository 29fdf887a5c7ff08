import { env } from "~/core/env.server";

// Every absolute URL the server writes (e-mail links, canonical and Open Graph URLs, the sitemap,
// JSON-LD) comes from one configured public origin, never from a request's headers: a reset link
// built from a forged Host header would e-mail a real token to an attacker's site (issue 22).

/**
 * The site's public origin: SITE_URL. Production refuses to start without it (server/boot); a
 * development or test run without it uses http://localhost:PORT.
 */
export function siteOrigin(): string {
  const { SITE_URL, PORT } = env();
  return SITE_URL ? new URL(SITE_URL).origin : `http://localhost:${PORT}`;
}

/** An absolute URL on the site's public origin for a path of its own. */
export const siteUrl = (path: string) => new URL(path, siteOrigin()).href;
