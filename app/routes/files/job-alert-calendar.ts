import { data } from "react-router";
import type { Route } from "./+types/job-alert-calendar";
import { istDate } from "~/core/ist";
import { getCalendarAlert } from "~/db/queries/job-alerts.server";
import { IdSchema } from "~/lib/schemas/admin/common";
import { alertCalendar } from "~/lib/job-alerts/job-calendar";
import { alertPath } from "~/lib/job-alerts/job-alert-links";
import { isOpen } from "~/lib/job-alerts/job-deadline";
import { siteOrigin } from "~/lib/site-origin.server";
import { dbContext } from "~/lib/request-context";

// "Add to calendar" of an open job alert (issue 26): its last date as an all-day event in an
// .ics file. An alert that is inactive, has no last date or has closed has none: 404.

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = IdSchema.safeParse(params.id);
  const alert = id.success ? await getCalendarAlert(db, id.data) : undefined;
  if (!alert?.last_date || !isOpen(alert.last_date, istDate())) throw data(null, { status: 404 });
  const origin = siteOrigin();
  const body = alertCalendar({
    id: alert.id,
    title: alert.title,
    description: alert.description,
    lastDate: alert.last_date,
    url: origin + alertPath(alert.slug, alert.id),
    host: new URL(origin).host,
    updatedAt: alert.updated_at,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="job-alert-${alert.id}.ics"`,
      // The alert may change or close; an hour's copy is harmless.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
