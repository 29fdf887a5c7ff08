import { env } from "./env.server";

/**
 * The site's public origin for absolute URLs (sitemap, robots): SITE_URL when configured, else
 * the origin the request was addressed to (a local or preview run).
 */
export function siteOrigin(request: Request): string {
  return env().SITE_URL?.replace(/\/+$/, "") ?? new URL(request.url).origin;
}
