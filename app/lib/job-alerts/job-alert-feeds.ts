import { formatIstDate, istDayStart, type CalendarDate } from "~/core/ist";
import type { FeedJobAlert, JobAlertDeadline } from "~/db/queries/job-alerts.server";
import { atomFeed } from "../feeds/atom";
import { alertsCalendar } from "./job-calendar";
import { alertPath, atomFeedPath, calendarFeedPath } from "./job-alert-links";
import { selectionText } from "./job-deadline";
import { safeHref } from "../safe-href";

// Job alerts that update themselves (issue 49): the Atom feed of the open alerts, of every tab or
// of one, and the calendar of every open alert's last date. Built from rows the routes read
// (routes/files/job-alerts-feed.ts, job-alerts-calendar.ts), so the same rows always give the
// same bytes and the answers' ETags hold until something changes.

/** A tab of /job-alerts, as the feeds name it. */
export interface FeedTab {
  slug: string;
  label: string;
}

export const feedMessages = {
  title: (brand: string, tab?: FeedTab) => (tab ? `${tab.label}: Job Alerts | ${brand}` : `Job Alerts | ${brand}`),
  subtitle: (tab?: FeedTab) =>
    tab
      ? `Open ${tab.label} alerts for chemical engineers, newest first.`
      : "Open PSU and government job alerts for chemical engineers: jobs, vacancies, results and admit cards, newest first.",
  lastDate: (date: CalendarDate) => `Last date: ${formatIstDate(date)} (IST).`,
  noLastDate: "No last date.",
  notification: (url: string) => `Official notification: ${url}`,
  calendarName: (brand: string) => `Job alert last dates | ${brand}`,
  calendarDescription:
    "The last date of every open job alert for chemical engineers, as all-day events in India's time zone. Updated by itself.",
};

/** How long a calendar app keeps its copy of the calendar before fetching it again. */
export const CALENDAR_REFRESH = "PT6H";

/**
 * A tag URI (RFC 4151) on the site's host: ids that stay the same through edits, tab moves and
 * new addresses of the pages, and that no reader mistakes for a link.
 */
const tagUri = (origin: string, specific: string) => `tag:${new URL(origin).hostname},2026:${specific}`;

/**
 * An entry's summary: its last date first, then how candidates are chosen, its description and
 * its official notification (an http(s) address only).
 */
function summaryOf(alert: FeedJobAlert): string {
  const notification = safeHref(alert.notification_url);
  return [
    alert.last_date ? feedMessages.lastDate(alert.last_date) : feedMessages.noLastDate,
    selectionText(alert.selection_mode, alert.gate_year)?.concat("."),
    alert.description,
    notification ? feedMessages.notification(notification) : null,
  ]
    .filter(Boolean)
    .join(" ");
}

const latest = (dates: string[]) => dates.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));

/**
 * The Atom feed of these alerts (of `tab`, or of every tab). Its updated time is the latest
 * change among them, or the start of today in India for an empty feed (the day an alert may have
 * closed), so it moves only when its entries do.
 */
export function jobAlertsAtom(
  alerts: readonly FeedJobAlert[],
  {
    origin,
    brand,
    tabs,
    tab,
    today,
  }: { origin: string; brand: string; tabs: readonly FeedTab[]; tab?: FeedTab; today: CalendarDate },
): string {
  const labels = new Map(tabs.map((t) => [t.slug, t.label]));
  const page = tab ? `/job-alerts?tab=${encodeURIComponent(tab.slug)}` : "/job-alerts";
  return atomFeed({
    id: tagUri(origin, tab ? `job-alerts/${tab.slug}` : "job-alerts"),
    title: feedMessages.title(brand, tab),
    subtitle: feedMessages.subtitle(tab),
    updated: new Date(alerts.length ? latest(alerts.map((a) => a.updated_at)) : istDayStart(today)),
    link: origin + page,
    self: origin + atomFeedPath(tab?.slug),
    author: { name: brand, uri: `${origin}/` },
    icon: `${origin}/favicon.ico`,
    entries: alerts.map((alert) => ({
      id: tagUri(origin, `job-alert/${alert.id}`),
      title: alert.title,
      link: origin + alertPath(alert.slug, alert.id),
      updated: new Date(alert.updated_at),
      published: new Date(alert.posted_date),
      summary: summaryOf(alert),
      category: { term: alert.slug, label: labels.get(alert.slug) ?? alert.slug },
    })),
  });
}

/** The calendar of these alerts' last dates, to subscribe to. */
export function jobAlertsCalendar(
  alerts: readonly JobAlertDeadline[],
  { origin, brand, tabs }: { origin: string; brand: string; tabs: readonly FeedTab[] },
): string {
  const labels = new Map(tabs.map((t) => [t.slug, t.label]));
  const host = new URL(origin).host;
  return alertsCalendar({
    name: feedMessages.calendarName(brand),
    description: feedMessages.calendarDescription,
    url: origin + calendarFeedPath(),
    refresh: CALENDAR_REFRESH,
    events: alerts.map((alert) => ({
      id: alert.id,
      title: alert.title,
      description: alert.description,
      lastDate: alert.last_date,
      url: origin + alertPath(alert.slug, alert.id),
      host,
      updatedAt: alert.updated_at,
      category: labels.get(alert.slug),
    })),
  });
}
