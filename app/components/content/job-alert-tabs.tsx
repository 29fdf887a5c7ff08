import { memo, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { buttonStyles } from "~/components/catalog/buttons";
import { useNonce } from "~/components/layout/document-assets";
import { CalendarIcon, WhatsAppIcon } from "~/components/layout/icons";
import { useHydrated } from "~/components/layout/use-hydrated";
import { formatIstDate, type CalendarDate } from "~/core/ist";
import type { PublicJobAlert } from "~/db/queries/job-alerts.server";
import { alertAnchor, alertPath, calendarPath, whatsappHref } from "~/lib/job-alerts/job-alert-links";
import { isOpen, selectionText } from "~/lib/job-alerts/job-deadline";
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
import { NATIVE_TAP } from "~/lib/document/native-tap";

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

/** The fragment that chooses a tab before the scripts run (#alerts-vacancy). */
const fragmentId = (slug: JobAlertTabSlug) => `alerts-${slug}`;

// Before the scripts run, a tab is a link to its fragment and CSS shows the targeted tab's panel
// (issue 50: a tap answered in the page, not by a page load on a slow network). Tailwind needs each
// class written whole, so each tab's pair is spelled out; an id selector outranks "another is targeted".
const whenTargeted: Record<JobAlertTabSlug, { tab: string; panel: string }> = {
  jobs: {
    tab: "group-has-[#alerts-jobs:target]/tabs:border-brand-700 group-has-[#alerts-jobs:target]/tabs:bg-brand-700 group-has-[#alerts-jobs:target]/tabs:text-white",
    panel: "group-has-[#alerts-jobs:target]/tabs:block",
  },
  vacancy: {
    tab: "group-has-[#alerts-vacancy:target]/tabs:border-brand-700 group-has-[#alerts-vacancy:target]/tabs:bg-brand-700 group-has-[#alerts-vacancy:target]/tabs:text-white",
    panel: "group-has-[#alerts-vacancy:target]/tabs:block",
  },
  results: {
    tab: "group-has-[#alerts-results:target]/tabs:border-brand-700 group-has-[#alerts-results:target]/tabs:bg-brand-700 group-has-[#alerts-results:target]/tabs:text-white",
    panel: "group-has-[#alerts-results:target]/tabs:block",
  },
  "admit-cards": {
    tab: "group-has-[#alerts-admit-cards:target]/tabs:border-brand-700 group-has-[#alerts-admit-cards:target]/tabs:bg-brand-700 group-has-[#alerts-admit-cards:target]/tabs:text-white",
    panel: "group-has-[#alerts-admit-cards:target]/tabs:block",
  },
};
/**
 * Before the scripts run, which tab is chosen is CSS's `:target`, which no assistive technology
 * hears: this marks the chosen link aria-current="page" as the fragment changes (issue 50). It runs
 * where it stands, the tabs' <nav> just before it; without JavaScript no link claims to be current.
 */
const currentTabScript = `(function(n){function s(){var h=location.hash,l=n.querySelectorAll("a[data-tab]"),c=null,i;for(i=0;i<l.length;i++)if(l[i].getAttribute("href")===h)c=l[i];c=c||n.querySelector("a[data-served]");for(i=0;i<l.length;i++)l[i]===c?l[i].setAttribute("aria-current","page"):l[i].removeAttribute("aria-current")}s();addEventListener("hashchange",s)})(document.currentScript.previousElementSibling)`;

const otherTargeted = {
  tab: "group-has-[[data-tab-target]:target]/tabs:border-slate-300 group-has-[[data-tab-target]:target]/tabs:bg-white group-has-[[data-tab-target]:target]/tabs:text-slate-700",
  panel: "group-has-[[data-tab-target]:target]/tabs:hidden",
};

/**
 * Job alerts in four tabs (spec §2). Every tab's alerts are in the page, so a tab switches without
 * a request. Before the scripts run (and without JavaScript) each tab is a link to its fragment,
 * #alerts-vacancy, and `:target` CSS shows that panel; ?tab= chooses the one shown on load and is
 * what a shared address carries. Once the app is live the links become a WAI-ARIA tablist that
 * keeps the choice in ?tab=: one tab in the tab order, arrow keys, Home and End move between tabs
 * and select them (automatic activation).
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
  const served = parseJobAlertTab(new URLSearchParams(search).get("tab")).slug;
  const hydrated = useHydrated();
  // A tab chosen by its fragment before the scripts ran stays chosen once they run.
  const targeted = hydrated ? jobAlertTabs.find((tab) => location.hash === `#${fragmentId(tab.slug)}`) : undefined;
  const selected = targeted?.slug ?? served;
  const navigate = useNavigate();
  const tabRefs = useRef(new Map<JobAlertTabSlug, HTMLAnchorElement>());
  const nonce = useNonce();
  const navRef = useRef<HTMLElement>(null);
  // Once live, aria-selected says which tab is chosen: the early script's marks go (React never
  // rendered them, so it would not remove them).
  useLayoutEffect(() => {
    if (hydrated)
      for (const link of navRef.current?.querySelectorAll("[aria-current]") ?? []) link.removeAttribute("aria-current");
  }, [hydrated]);

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
    <div className="group/tabs relative mt-6">
      {/* The fragments' targets, at the top of the tabs so that a jump to one keeps the tabs in view. */}
      {jobAlertTabs.map((tab) => (
        <span key={tab.slug} id={fragmentId(tab.slug)} data-tab-target="" className="absolute top-0 scroll-mt-20" />
      ))}
      <nav
        ref={navRef}
        aria-label={messages.tabsLabel}
        role={hydrated ? "tablist" : undefined}
        className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
      >
        {jobAlertTabs.map((tab) => {
          const isSelected = tab.slug === selected;
          const className = `inline-flex min-h-11 items-center justify-center rounded-lg border px-4 py-2 text-sm font-semibold transition-colors ${
            isSelected
              ? "border-brand-700 bg-brand-700 text-white"
              : "border-slate-300 bg-white text-slate-700 hover:border-brand-700 hover:text-brand-700"
          }`;
          if (!hydrated)
            return (
              <a
                key={tab.slug}
                href={`#${fragmentId(tab.slug)}`}
                id={`tab-${tab.slug}`}
                data-tab={tab.slug}
                data-served={tab.slug === served ? "" : undefined}
                {...NATIVE_TAP}
                className={`${className} ${isSelected ? otherTargeted.tab : ""} ${whenTargeted[tab.slug].tab}`}
              >
                {tab.label}
              </a>
            );
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
              role="tab"
              aria-selected={isSelected}
              aria-controls={`panel-${tab.slug}`}
              tabIndex={isSelected ? 0 : -1}
              onKeyDown={onKeyDown}
              className={className}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>
      {hydrated ? null : (
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: currentTabScript }} />
      )}

      {jobAlertTabs.map((tab) => (
        <section
          key={tab.slug}
          id={`panel-${tab.slug}`}
          aria-labelledby={`tab-${tab.slug}`}
          role={hydrated ? "tabpanel" : undefined}
          tabIndex={hydrated ? 0 : undefined}
          hidden={hydrated ? tab.slug !== selected : undefined}
          // Once the app is live, `hidden` alone chooses the panel: the history API moves no :target.
          className={`mt-6 rounded-2xl focus-visible:outline-offset-4 ${
            hydrated ? "" : `${tab.slug === served ? otherTargeted.panel : "hidden"} ${whenTargeted[tab.slug].panel}`
          }`}
        >
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
