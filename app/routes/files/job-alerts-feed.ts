import { data } from "react-router";
import type { Route } from "./+types/job-alerts-feed";
import { jobAlertTabs } from "~/components/content/job-alert-categories";
import { istDate } from "~/core/ist";
import { listFeedJobAlerts } from "~/db/queries/job-alerts.server";
import { feedResponse } from "~/lib/feeds/feed-response.server";
import { jobAlertsAtom } from "~/lib/job-alerts/job-alert-feeds";
import { getSiteSettings } from "~/lib/site/settings.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { dbContext } from "~/lib/request-context";

// The Atom feed of the open job alerts (issue 49): /job-alerts/atom.xml for every tab,
// /job-alerts/<tab>/atom.xml for one; any other tab is 404.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const tab = params.tab === undefined ? undefined : jobAlertTabs.find((t) => t.slug === params.tab);
  if (params.tab !== undefined && !tab) throw data(null, { status: 404 });
  const today = istDate();
  const [alerts, settings] = await Promise.all([listFeedJobAlerts(db, tab?.slug, today), getSiteSettings(db)]);
  const body = jobAlertsAtom(alerts, {
    origin: siteOrigin(),
    brand: settings.brandName,
    tabs: jobAlertTabs,
    tab,
    today,
  });
  return feedResponse(request, body, {
    contentType: "application/atom+xml; charset=utf-8",
    filename: tab ? `job-alerts-${tab.slug}.xml` : "job-alerts.xml",
  });
}
