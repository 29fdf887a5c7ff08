import type { Route } from "./+types/job-alerts-calendar";
import { jobAlertTabs } from "~/components/content/job-alert-categories";
import { istDate } from "~/core/ist";
import { listJobAlertDeadlines } from "~/db/queries/job-alerts.server";
import { feedResponse } from "~/lib/feeds/feed-response.server";
import { jobAlertsCalendar } from "~/lib/job-alerts/job-alert-feeds";
import { getSiteSettings } from "~/lib/site/settings.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { dbContext } from "~/lib/request-context";

// The calendar to subscribe to (issue 49): every open alert's last date as an all-day event, one
// .ics that a calendar app fetches again by itself (webcal:, linked from /job-alerts). Closed
// alerts and those without a last date have no event.

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [alerts, settings] = await Promise.all([listJobAlertDeadlines(db, istDate()), getSiteSettings(db)]);
  const body = jobAlertsCalendar(alerts, { origin: siteOrigin(), brand: settings.brandName, tabs: jobAlertTabs });
  return feedResponse(request, body, { contentType: "text/calendar; charset=utf-8", filename: "job-alerts.ics" });
}
