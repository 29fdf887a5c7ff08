import { siteOrigin } from "~/lib/site-origin.server";

// The admin area is private; everything else may be crawled (issue 6 "Search engines").
export function loader() {
  const body = ["User-agent: *", "Disallow: /admin", "", `Sitemap: ${siteOrigin()}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
