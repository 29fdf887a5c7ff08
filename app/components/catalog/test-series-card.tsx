import { Link } from "react-router";
import type { TestSeriesData } from "~/db/queries/catalog.server";
import { formatCount } from "~/lib/format";
import { testSeriesHref } from "~/lib/test-series-link";
import { buttonStyles } from "./buttons";
import { CardActionLabel, CardFrame, type CardImageProps } from "./card-frame";
import { CheckList } from "./icon-list";
import { TestsIcon } from "./icons";
import { PriceTag } from "./price-tag";
import type { PagePicture } from "~/lib/media/page-media.server";

const messages = {
  viewDetails: "View Details",
  tests: "Tests",
  features: "What's included",
};

export type TestSeriesCardProps = {
  series: Pick<
    TestSeriesData,
    "id" | "title" | "description" | "price" | "original_price" | "tests" | "features" | "image"
  > & { picture?: PagePicture | null };
  headingLevel?: "h2" | "h3";
  /** Cards in the home page row show fewer lines of description. */
  compact?: boolean;
} & CardImageProps;

/**
 * A test series (spec §2 "Test Series list"): title, description, price, test count, feature
 * list and View Details to /test-series/{title, URL-encoded}.
 */
export function TestSeriesCard({
  series,
  headingLevel: Heading = "h2",
  compact = false,
  ...image
}: TestSeriesCardProps) {
  const detailHref = testSeriesHref(series.title);
  return (
    <CardFrame image={series.image} picture={series.picture} {...image}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="text-lg font-bold leading-snug text-slate-900">
          <Link to={detailHref} className="hover:text-brand-700 hover:underline">
            {series.title}
          </Link>
        </Heading>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-sm font-semibold text-brand-800">
          <TestsIcon width={16} height={16} />
          {formatCount(series.tests)} {messages.tests}
        </span>
      </div>
      <p className={`text-sm leading-relaxed text-slate-700 ${compact ? "line-clamp-3" : ""}`}>{series.description}</p>
      <PriceTag price={series.price} originalPrice={series.original_price} />
      {series.features.length > 0 && (
        <CheckList
          items={series.features}
          label={messages.features}
          className="space-y-1.5 text-sm text-slate-700"
          itemClassName="flex items-start gap-2"
          icon={{ className: "mt-0.5 shrink-0 text-green-700", width: 16, height: 16 }}
        />
      )}
      <div className="mt-auto pt-1">
        <Link to={detailHref} className={`${buttonStyles.primary} w-full`}>
          <CardActionLabel label={messages.viewDetails} title={series.title} />
        </Link>
      </div>
    </CardFrame>
  );
}
