import type { Route } from "./+types/test-series";
import { TestSeriesCard } from "~/components/catalog/test-series-card";
import { itemListJsonLd, staticPageMeta } from "~/components/static/page-meta";
import { testSeriesHref } from "~/lib/test-series-link";
import { getDb } from "~/db/client.server";
import { listTestSeries } from "~/db/queries/catalog.server";
import { withFirstImageInlined } from "~/lib/inline-image.server";

const messages = {
  title: "Test Series",
  description:
    "GATE 2026 Chemical Engineering and IOCL-2025 online test series: full-length mocks in the real exam interface, topicwise tests, detailed solutions and analytics.",
  intro: "Practise in the real exam interface, then learn from detailed solutions and performance analytics.",
} as const;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  staticPageMeta(matches, {
    ...messages,
    jsonLd: import.meta.env.SSR
      ? (origin) => [
          itemListJsonLd(
            origin,
            (loaderData?.testSeries ?? []).map((series) => ({
              name: series.title,
              path: testSeriesHref(series.title),
            })),
          ),
        ]
      : undefined,
  });

export async function loader() {
  return { testSeries: withFirstImageInlined(await listTestSeries(getDb()), "image") };
}

export default function TestSeries({ loaderData: { testSeries } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{messages.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{messages.intro}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {testSeries.map((series, i) => (
          <li key={series.id}>
            <TestSeriesCard series={series} eagerImage={i === 0} />
          </li>
        ))}
      </ul>
    </div>
  );
}
