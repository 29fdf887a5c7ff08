import { data, href, redirect } from "react-router";
import type { Route } from "./+types/test-series-detail";
import { CatalogNotFound } from "~/components/catalog/buy-now-card";
import { CatalogDetail } from "~/components/catalog/catalog-detail";
import { AnalyticsIcon, CalendarIcon, SolutionsIcon, StudentsIcon, TestsIcon } from "~/components/catalog/icons";
import { courseJsonLd, staticPageMeta } from "~/components/static/page-meta";
import { getDb } from "~/db/client.server";
import { listTestSeries } from "~/db/queries/catalog.server";
import { formatCount } from "~/lib/format";
import { matchTestSeries, parseId, testSeriesHref } from "~/lib/test-series-link";
import { inlineSmallImage } from "~/lib/inline-image.server";

// The detail page's Buy Now card shows these figures for every series (spec §9: "The detail
// page shows original 3,000, 47% off, valid 1 year and 5000+ students").
const detailOriginalPrice = 3000;
const detailDiscountPercent = 47;

const messages = {
  notFound: "Test Series not found",
  back: "See all test series",
  about: "About this test series",
  features: "What's included",
  highlights: "Highlights",
  totalTests: "Total Tests",
  valid: "Valid 1 Year",
  students: "5000+ Students",
  solutions: "Detailed Solutions",
  analytics: "Performance Analytics",
} as const;

// By title, one address per series: any other spelling of it (another case, another encoding) is
// sent there, so that anonymous visitors cannot make the page cache hold endless copies of one
// page (server/page-cache-key.ts). By id the page answers as it is: parseId takes one spelling.
export async function loader({ params, url }: Route.LoaderArgs) {
  const series = matchTestSeries(params.param, await listTestSeries(getDb()));
  if (!series) return data({ series: null }, { status: 404 });
  const canonical = testSeriesHref(series.title);
  if (parseId(params.param) === null && url.pathname !== canonical) throw redirect(canonical, 301);
  return { series: { ...series, image: inlineSmallImage(series.image) } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const series = loaderData?.series;
  if (!series) return [{ title: messages.notFound }, { name: "robots", content: "noindex" }];
  return staticPageMeta(matches, {
    title: `${series.title} Test Series`,
    // Its own words: the matching course page carries the same long description.
    description: `${series.title} online test series: ${formatCount(series.tests)} tests, valid 1 year, detailed solutions and performance analytics.`,
    // Reached by id or by title: the title URL is the one to index.
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

export default function TestSeriesDetail({ loaderData: { series } }: Route.ComponentProps) {
  if (!series)
    return <CatalogNotFound message={messages.notFound} backHref={href("/test-series")} backLabel={messages.back} />;
  const highlights = [
    { icon: TestsIcon, text: `${formatCount(series.tests)} ${messages.totalTests}` },
    { icon: CalendarIcon, text: messages.valid },
    { icon: StudentsIcon, text: messages.students },
    { icon: SolutionsIcon, text: messages.solutions },
    { icon: AnalyticsIcon, text: messages.analytics },
  ];
  return (
    <CatalogDetail
      item={series}
      headings={messages}
      checklist={{ id: "features", heading: messages.features, items: series.features }}
      highlights={highlights}
      offer={{
        price: series.price,
        originalPrice: detailOriginalPrice,
        discountPercent: detailDiscountPercent,
        href: series.purchase_url || href("/test-series"),
      }}
    />
  );
}
