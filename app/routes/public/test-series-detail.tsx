import { data, href, redirect } from "react-router";
import type { Route } from "./+types/test-series-detail";
import { CatalogNotFound } from "~/components/catalog/buy-now-card";
import { CatalogDetail } from "~/components/catalog/catalog-detail";
import { AnalyticsIcon, CalendarIcon, SolutionsIcon, StudentsIcon, TestsIcon } from "~/components/catalog/icons";
import { courseJsonLd, staticPageMeta } from "~/components/static/page-meta";
import { findTestSeries } from "~/db/queries/catalog.server";
import { formatCount, formatValidity } from "~/lib/format";
import { testSeriesHref } from "~/lib/test-series-link";
import { withCardPicture } from "~/lib/media/page-media.server";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";

const messages = {
  notFound: "Test Series not found",
  back: "See all test series",
  about: "About this test series",
  features: "What's included",
  highlights: "Highlights",
  totalTests: "Total Tests",
  students: "Students",
  solutions: "Detailed Solutions",
  analytics: "Performance Analytics",
} as const;

/** "Valid 1 year", "Valid 6 months": from the row, as the list's validity is. */
const validity = (months: number) => `Valid ${formatValidity(months)}`;

// One address per series, its encoded title: any other spelling of it (another case, another
// encoding), its id, or an earlier title of a renamed series (issue 26) is sent there, so old links
// keep working and anonymous visitors cannot make the page cache hold endless copies of one page
// (server/page-cache-key.ts). An inactive series is not found.
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const series = await findTestSeries(db, params.param);
  if (!series) return data({ series: null }, { status: 404 });
  const canonical = testSeriesHref(series.title);
  if (url.pathname !== canonical) throw redirect(canonical, 301);
  return { series: await withCardPicture(db, series) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const series = loaderData?.series;
  if (!series) return [{ title: messages.notFound }, { name: "robots", content: "noindex" }];
  return staticPageMeta(matches, {
    title: `${series.title} Test Series`,
    // Its own words: the matching course page carries the same long description.
    description: `${series.title} online test series: ${formatCount(series.tests)} tests, ${validity(series.validity_months).toLowerCase()}, detailed solutions and performance analytics.`,
    canonicalPath: testSeriesHref(series.title),
    jsonLd: import.meta.env.SSR
      ? () => [
          courseJsonLd({
            title: `${series.title} Test Series`,
            description: series.description,
            price: series.price,
            url: series.purchase_url || testSeriesHref(series.title),
          }),
        ]
      : undefined,
  });
};

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function TestSeriesDetail({ loaderData: { series } }: Route.ComponentProps) {
  if (!series)
    return <CatalogNotFound message={messages.notFound} backHref={href("/test-series")} backLabel={messages.back} />;
  const highlights = [
    { icon: TestsIcon, text: `${formatCount(series.tests)} ${messages.totalTests}` },
    { icon: CalendarIcon, text: validity(series.validity_months) },
    { icon: StudentsIcon, text: `${formatCount(series.students)} ${messages.students}` },
    { icon: SolutionsIcon, text: messages.solutions },
    { icon: AnalyticsIcon, text: messages.analytics },
  ];
  return (
    <CatalogDetail
      item={series}
      headings={messages}
      checklist={{ id: "features", heading: messages.features, items: series.features }}
      highlights={highlights}
      offer={{ price: series.price, originalPrice: series.original_price, purchaseUrl: series.purchase_url }}
    />
  );
}
