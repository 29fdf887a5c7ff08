import type { Route } from "./+types/test-series";
import { CardListPage } from "~/components/catalog/card-list-page";
import { TestSeriesCard } from "~/components/catalog/test-series-card";
import { listPageMeta } from "~/components/static/page-meta";
import { testSeriesHref } from "~/lib/test-series-link";
import { listTestSeries } from "~/db/queries/catalog.server";
import { withCardPictures } from "~/lib/media/page-media.server";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: "Test Series",
  description:
    "GATE Chemical Engineering (CH) and IOCL online test series: full-length mocks in the real exam interface, topicwise tests, detailed solutions and analytics.",
  intro: "Practise in the real exam interface, then learn from detailed solutions and performance analytics.",
} as const;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  listPageMeta(
    matches,
    messages,
    (loaderData?.testSeries ?? []).map((series) => ({ name: series.title, path: testSeriesHref(series.title) })),
  );

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const testSeries = await listTestSeries(db);
  return { testSeries: await withCardPictures(db, testSeries) };
}

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function TestSeries({ loaderData: { testSeries } }: Route.ComponentProps) {
  return (
    <CardListPage
      title={messages.title}
      intro={messages.intro}
      items={testSeries}
      renderCard={(series, imagePriority) => <TestSeriesCard series={series} imagePriority={imagePriority} />}
    />
  );
}
