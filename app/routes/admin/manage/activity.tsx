import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/activity";
import { ActivityFilters, ActivityTable, activityPageHref, UndoPanel } from "~/components/admin/activity-log";
import { LoadFailure } from "~/components/admin/manager-page";
import { useManager } from "~/components/admin/manager-state";
import { SectionHeader } from "~/components/admin/section-header";
import { Pagination } from "~/components/content/pagination";
import { answerActivity, loadActivity } from "~/lib/admin/history-actions.server";
import { historyMessages } from "~/lib/admin/messages/history";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { dbContext } from "~/lib/request-context";

// The Activity view (issue 5 "Activity log", issue 48): every admin change with who made it, when
// and what it changed, filtered by section and person (a GET form: the address), a page at a time;
// and Undo of an item's latest change, confirmed as a step of its own (?undo=12). Loader and action
// start with the guard; the work is ~/lib/admin/history-actions.server.ts.

const section = adminSection("activity");
const h = historyMessages.activity;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return loadActivity(db, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  return answerActivity(db, request, admin);
}

export default function Activity() {
  const { entries, loadError, filter, params, page, hasNext, sections, actors, confirming } =
    useLoaderData<typeof loader>();
  const manager = useManager();
  const home = section.path;
  const here = activityPageHref(home, params);
  const filtered = Boolean(filter.entity || filter.actor);
  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      {confirming ? <UndoPanel step={confirming} manager={manager} params={params} cancelTo={here(page)} /> : null}
      <ActivityFilters filter={filter} sections={sections} actors={actors} home={home} />
      <ActivityTable
        entries={entries}
        params={params}
        page={page}
        home={home}
        emptyText={loadError ?? (filtered ? h.emptyFiltered : h.empty)}
      />
      <Pagination label={h.pages} page={page} hasNext={hasNext} href={here} />
    </div>
  );
}
