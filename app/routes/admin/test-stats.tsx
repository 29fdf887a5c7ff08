import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/test-stats";
import { LoadFailure } from "~/components/admin/manager-page";
import { TestStatsView } from "~/components/admin/practice-test-stats";
import { TestStatusBadge } from "~/components/admin/practice-test-list";
import { smallSecondary } from "~/components/admin/styles";
import { logger } from "~/core/logger.server";
import { loadTestStats } from "~/lib/admin/practice-test-actions.server";
import { practiceTestMessages as m } from "~/lib/admin/messages/practice-tests";
import { parseId } from "~/lib/admin/manager-actions.server";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { dbContext } from "~/lib/request-context";

// A timed test's statistics (issue 47, "Staff see how questions perform"): attempts, the spread
// of scores, and each question's figures from the submitted attempts, with "Check the key" where
// few get it right. Read-only; the loader begins with the guard.

const section = adminSection("tests");
const home = section.path;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.stats ? m.statsTitle(loaderData.stats.test.title) : section.title} · Admin` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  try {
    const stats = await loadTestStats(db, parseId(params.id));
    if (!stats) return data({ stats: null, notFound: true, loadError: null }, { status: 404 });
    return { stats, notFound: false, loadError: null };
  } catch (error) {
    logger.error({ err: error, test: params.id }, "test statistics failed to load");
    return data({ stats: null, notFound: false, loadError: m.statsLoadFailed }, { status: 503 });
  }
}

export default function TestStatsPage() {
  const { stats, notFound, loadError } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="space-y-3 border-b border-slate-200 pb-4">
        <p>
          <Link to={home} className="font-medium text-brand-700 underline hover:text-brand-800">
            {m.backToTests}
          </Link>
        </p>
        <h1 className="text-2xl font-bold break-words text-slate-900">
          {stats ? m.statsTitle(stats.test.title) : m.stats}
        </h1>
        {stats ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <TestStatusBadge status={stats.test.status} />
            <span>{m.kinds[stats.test.kind] ?? stats.test.kind}</span>
            <Link to={`${home}?edit=${stats.test.id}`} className={smallSecondary}>
              {m.editTest}
            </Link>
          </div>
        ) : null}
      </header>
      <LoadFailure message={loadError} />
      {notFound ? <p className="text-slate-700">{m.notFound}</p> : null}
      {stats ? <TestStatsView stats={stats} questionsHref={(id) => `/admin/questions?edit=${id}`} /> : null}
    </div>
  );
}
