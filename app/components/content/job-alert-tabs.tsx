import { memo, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { buttonStyles } from "~/components/catalog/buttons";
import { CalendarIcon, WhatsAppIcon } from "~/components/layout/icons";
import { useHydrated } from "~/components/layout/use-hydrated";
import { formatIstDate, type CalendarDate } from "~/core/ist";
import type { PublicJobAlert } from "~/db/queries/job-alerts.server";
import { alertAnchor, alertPath, calendarPath, whatsappHref } from "~/lib/job-alert-links";
import { isOpen, selectionText } from "~/lib/job-deadline";
import { safeHref } from "~/lib/safe-href";
import { CardText } from "./card-text";
import { DeadlineBadge } from "./deadline-badge";
import { EmptyState } from "./empty-state";
import { BellIcon } from "./icons";
import {
  closedAlertsEmptyText,
  jobAlertsEmptyText,
  jobAlertTabParams,
  jobAlertTabs,
  parseJobAlertTab,
  type JobAlertTab,
  type JobAlertTabSlug,
  type JobAlertView,
} from "./job-alert-categories";
import { NewTabLink } from "./new-tab-link";

export const messages = {
  tabsLabel: "Job alert categories",
  view: "View",
  posted: "Posted",
  lastDate: "Last date:",
  selection: "Selection:",
  eligibility: "Eligibility:",
  posts: "Posts:",
  notification: "Official notification",
  calendar: "Add to calendar",
  calendarContext: (title: string) => `: last date of ${title}`,
  share: "Share on WhatsApp",
  archiveHeading: (label: string) => `Closed ${label}: archive`,
  toArchive: (label: string) => `Archive: closed ${label}`,
  toOpen: (label: string) => `Back to open ${label}`,
};

const tabSearch = (slug: JobAlertTabSlug, view: JobAlertView) =>
  `?${new URLSearchParams(jobAlertTabParams(slug, view))}`;

/**
 * Job alerts in four tabs (spec §2). The chosen tab lives in ?tab=, so every tab is a plain link
 * that works without JavaScript and can be shared. Once the app is live the links become a
 * WAI-ARIA tablist: one tab in the tab order, arrow keys, Home and End move between tabs and
 * select them (automatic activation: every tab's alerts are already on the page).
 */
export function JobAlertTabs({
  alerts,
  view = "open",
  today,
  origin,
  renderFooter,
}: {
  alerts: Record<JobAlertTabSlug, PublicJobAlert[]>;
  /** Each tab's open alerts, or its closed ones (the archive). */
  view?: JobAlertView;
  today: CalendarDate;
  /** The site's origin, for the address a share carries. */
  origin: string;
  /** Shown under a tab's alerts (its page links). */
  renderFooter?: (tab: JobAlertTab) => ReactNode;
}) {
  // While a tab change is still navigating (other routes may revalidate), show the new tab at once.
  const location = useLocation();
  const pending = useNavigation().location;
  const search = pending?.pathname === location.pathname ? pending.search : location.search;
  const selected = parseJobAlertTab(new URLSearchParams(search).get("tab")).slug;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const tabRefs = useRef(new Map<JobAlertTabSlug, HTMLAnchorElement>());

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const current = jobAlertTabs.findIndex((tab) => tab.slug === event.currentTarget.dataset.tab);
    const last = jobAlertTabs.length - 1;
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const slug = jobAlertTabs[next]!.slug;
    tabRefs.current.get(slug)?.focus();
    void navigate(tabSearch(slug, view), { replace: true, preventScrollReset: true });
  }

  return (
    <div className="mt-6">
      <nav
        aria-label={messages.tabsLabel}
        role={hydrated ? "tablist" : undefined}
        className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
      >
        {jobAlertTabs.map((tab) => {
          const isSelected = tab.slug === selected;
          return (
            <Link
              key={tab.slug}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.slug, node);
                else tabRefs.current.delete(tab.slug);
              }}
              to={tabSearch(tab.slug, view)}
              replace
              preventScrollReset
              id={`tab-${tab.slug}`}
              data-tab={tab.slug}
              {...(hydrated
                ? {
                    role: "tab",
                    "aria-selected": isSelected,
                    "aria-controls": `panel-${tab.slug}`,
                    tabIndex: isSelected ? 0 : -1,
                    onKeyDown,
                  }
                : { "aria-current": isSelected ? ("page" as const) : undefined })}
              className={`inline-flex min-h-11 items-center justify-center rounded-lg border px-4 py-2 text-sm font-semibold transition-colors ${
                isSelected
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:border-brand-700 hover:text-brand-700"
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>

      {jobAlertTabs.map((tab) => (
        <section
          key={tab.slug}
          id={`panel-${tab.slug}`}
          aria-labelledby={`tab-${tab.slug}`}
          role={hydrated ? "tabpanel" : undefined}
          tabIndex={hydrated ? 0 : undefined}
          hidden={tab.slug !== selected}
          className="mt-6 rounded-2xl focus-visible:outline-offset-4"
        >
          {/* Only the chosen tab's alerts are in the page (issue 28: a third of the document, parsed
              on every load for nobody): another tab's render from the loader data when chosen. */}
          {tab.slug === selected && (
            <>
              {view === "archive" ? (
                <h2 className="mb-4 text-xl font-bold text-slate-900">{messages.archiveHeading(tab.label)}</h2>
              ) : (
                <h2 className="sr-only">{tab.label}</h2>
              )}
              <JobAlertList alerts={alerts[tab.slug]} tab={tab} view={view} today={today} origin={origin} />
              {renderFooter?.(tab)}
              <p className="mt-6">
                <Link
                  to={tabSearch(tab.slug, view === "archive" ? "open" : "archive")}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  {view === "archive" ? messages.toOpen(tab.label) : messages.toArchive(tab.label)}
                </Link>
              </p>
            </>
          )}
        </section>
      ))}
    </div>
  );
}

/**
 * One tab's alerts (spec §2; issue 26): title, optional description, posted date, the last date
 * with its badge, selection, eligibility and posts; View and the official notification, and for
 * an open alert with a last date Add to calendar and Share on WhatsApp.
 *
 * Memoized: the tabs re-render synchronously as soon as they hydrate (useHydrated), and the
 * chosen tab's cards, unchanged, need not come along in that one long task (issue 28).
 */
export const JobAlertList = memo(function JobAlertList({
  alerts,
  tab,
  view = "open",
  today,
  origin,
}: {
  alerts: PublicJobAlert[];
  tab: JobAlertTab;
  view?: JobAlertView;
  today: CalendarDate;
  origin: string;
}) {
  if (alerts.length === 0)
    return (
      <EmptyState
        message={view === "archive" ? closedAlertsEmptyText(tab.label) : jobAlertsEmptyText(tab.label)}
        icon={<BellIcon width={40} height={40} />}
      />
    );
  return (
    <ul className="space-y-4">
      {alerts.map((alert) => (
        <li key={alert.id}>
          <JobAlertCard alert={alert} tab={tab} today={today} origin={origin} />
        </li>
      ))}
    </ul>
  );
});

const linkClass = "inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-800 underline underline-offset-2";

function JobAlertCard({
  alert,
  tab,
  today,
  origin,
}: {
  alert: PublicJobAlert;
  tab: JobAlertTab;
  today: CalendarDate;
  origin: string;
}) {
  const link = safeHref(alert.view_link);
  const notification = safeHref(alert.notification_url);
  const posted = formatIstDate(alert.posted_date);
  const selection = selectionText(alert.selection_mode, alert.gate_year);
  const open = isOpen(alert.last_date, today);
  const details: [string, ReactNode][] = [
    ...(selection ? [[messages.selection, selection] as [string, ReactNode]] : []),
    ...(alert.eligibility ? [[messages.eligibility, alert.eligibility] as [string, ReactNode]] : []),
    ...(alert.posts ? [[messages.posts, String(alert.posts)] as [string, ReactNode]] : []),
  ];
  return (
    <article
      id={alertAnchor(alert.id)}
      className="flex scroll-mt-24 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start"
    >
      <div className="min-w-0 flex-1">
        <CardText title={alert.title} description={alert.description} heading="h3" descriptionClassName="mt-1" />
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          {posted && (
            <p className="inline-flex items-center gap-1.5">
              <CalendarIcon width={16} height={16} className="shrink-0 text-brand-700" />
              <span>
                {messages.posted} <time dateTime={alert.posted_date}>{posted}</time>
              </span>
            </p>
          )}
          {alert.last_date && (
            <p className="inline-flex flex-wrap items-center gap-2 font-medium text-slate-800">
              <span>
                {messages.lastDate} <time dateTime={alert.last_date}>{formatIstDate(alert.last_date)}</time>
              </span>
              <DeadlineBadge lastDate={alert.last_date} today={today} />
            </p>
          )}
        </div>
        {details.length > 0 && (
          <dl className="mt-2 grid gap-x-2 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
            {details.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="font-medium text-slate-900">{term}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="mt-2 flex flex-wrap gap-x-5 text-sm">
          {notification && (
            <NewTabLink href={notification} context={alert.title} className={linkClass}>
              {messages.notification}
            </NewTabLink>
          )}
          {open && alert.last_date && (
            <a href={calendarPath(alert.id)} download className={linkClass}>
              <CalendarIcon width={16} height={16} className="shrink-0" />
              {messages.calendar}
              <span className="sr-only">{messages.calendarContext(alert.title)}</span>
            </a>
          )}
          {open && (
            <NewTabLink
              href={whatsappHref(alert.title, origin + alertPath(tab.slug, alert.id))}
              context={alert.title}
              className={linkClass}
            >
              <WhatsAppIcon width={16} height={16} className="shrink-0" />
              {messages.share}
            </NewTabLink>
          )}
        </div>
      </div>
      {link && (
        <NewTabLink href={link} context={alert.title} className={`${buttonStyles.secondary} shrink-0 sm:w-28`}>
          {messages.view}
        </NewTabLink>
      )}
    </article>
  );
}
