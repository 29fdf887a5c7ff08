import { href } from "react-router";
import { DeadlineBadge } from "~/components/content/deadline-badge";
import { formatIstDate, type CalendarDate } from "~/core/ist";
import { alertPath } from "~/lib/job-alerts/job-alert-links";

// "Closing soon" on the home page (issue 49): the open job alerts whose last date is within the
// week, the soonest first, each with its badge and a link to it on /job-alerts. The home page's
// loader renders it to HTML (routes/public/home/route.tsx), so the browser's bundle has none of it:
// plain links, no router, nothing to hydrate.

export const closingSoonMessages = {
  heading: "Closing soon",
  intro: "Last dates to apply within a week (IST).",
  all: "All job alerts",
  lastDate: "Last date:",
};

export interface ClosingSoonAlert {
  id: number;
  title: string;
  last_date: CalendarDate;
  /** Its tab on /job-alerts. */
  slug: string;
}

// Few classes: the markup travels twice, in the page and in its hydration data (issue 6, document bytes).
export function ClosingSoon({ alerts, today }: { alerts: readonly ClosingSoonAlert[]; today: CalendarDate }) {
  return (
    <section aria-labelledby="closing-soon-heading" className="mx-auto max-w-6xl px-4 pt-10">
      <h2 id="closing-soon-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {closingSoonMessages.heading}
      </h2>
      <p className="mt-2 text-slate-700">{closingSoonMessages.intro}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {alerts.map((alert) => (
          <li key={alert.id}>
            <a
              href={alertPath(alert.slug, alert.id)}
              className="block h-full rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-700"
            >
              <span className="block font-semibold break-words text-slate-900">{alert.title}</span>
              <span className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <span>
                  {closingSoonMessages.lastDate}{" "}
                  <time dateTime={alert.last_date}>{formatIstDate(alert.last_date)}</time>
                </span>
                <DeadlineBadge lastDate={alert.last_date} today={today} />
              </span>
            </a>
          </li>
        ))}
      </ul>
      <a
        href={href("/job-alerts")}
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
      >
        {closingSoonMessages.all}
      </a>
    </section>
  );
}
