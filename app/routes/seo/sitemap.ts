import { courseHref } from "~/components/catalog/links";
import { listCourses, listTestSeries } from "~/db/queries/catalog.server";
import { listPublishedTestSlugs } from "~/db/queries/practice-tests.server";
import { listPublishedSlugs } from "~/db/queries/questions.server";
import { escapeHtml } from "~/core/html";
import { publicPages } from "~/lib/site/pages";
import { questionHref } from "~/lib/questions/practice-link";
import { siteOrigin } from "~/lib/site-origin.server";
import { testSeriesHref } from "~/lib/test-series-link";
import { dbContext } from "~/lib/request-context";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [courses, testSeries, questions, tests] = await Promise.all([
    listCourses(db),
    listTestSeries(db),
    listPublishedSlugs(db),
    listPublishedTestSlugs(db),
  ]);
  const origin = siteOrigin();
  // The registry's "listed" pages (app/lib/site/pages.ts), then its "per row" ones: each test series,
  // course, published question (issue 46) and published timed test (issue 47).
  const paths = [
    ...Object.values(publicPages).flatMap((page) => (page.sitemap === "listed" ? [page.path] : [])),
    ...testSeries.map((series) => testSeriesHref(series.title)),
    ...courses.map((course) => courseHref(course.id)),
    ...questions.map((question) => questionHref(question.slug)),
    ...tests.map((test) => `/tests/${encodeURIComponent(test.slug)}`),
  ];
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
