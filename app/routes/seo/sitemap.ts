import { courseHref } from "~/components/catalog/links";
import { getDb } from "~/db/client.server";
import { listCourses, listTestSeries } from "~/db/queries/catalog.server";
import { escapeHtml } from "~/lib/html";
import { siteOrigin } from "~/lib/site-origin.server";
import { testSeriesHref } from "~/lib/test-series-link";

/** Every public page a visitor can reach from the menu or the footer (search results excluded). */
export const sitemapStaticPaths = [
  "/",
  "/test-series",
  "/courses",
  "/free-courses",
  "/free-tests",
  "/ebooks",
  "/free-materials",
  "/previous-year",
  "/question-bank",
  "/syllabus",
  "/rank-predictor",
  "/post-gate-guidance",
  "/job-alerts",
  "/faqs",
  "/contact",
  "/privacy",
] as const;

export async function loader() {
  const db = getDb();
  const [courses, testSeries] = await Promise.all([listCourses(db), listTestSeries(db)]);
  const origin = siteOrigin();
  const paths = [
    ...sitemapStaticPaths,
    ...testSeries.map((series) => testSeriesHref(series.title)),
    ...courses.map((course) => courseHref(course.id)),
  ];
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
