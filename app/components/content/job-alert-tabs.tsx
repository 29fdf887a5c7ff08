import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { buttonStyles } from "~/components/catalog/buttons";
import { CalendarIcon } from "~/components/layout/icons";
import { useHydrated } from "~/components/layout/use-hydrated";
import type { PublicJobAlert } from "~/db/queries/job-alerts.server";
import { safeHref } from "~/lib/safe-href";
import { CardText } from "./card-text";
import { EmptyState } from "./empty-state";
import { BellIcon } from "./icons";
import {
  jobAlertsEmptyText,
  jobAlertTabs,
  parseJobAlertTab,
  type JobAlertTab,
  type JobAlertTabSlug,
} from "./job-alert-categories";
import { NewTabLink } from "./new-tab-link";
import { formatPostedDate } from "./posted-date";

export const messages = {
  tabsLabel: "Job alert categories",
  view: "View",
  posted: "Posted",
};

const tabSearch = (slug: JobAlertTabSlug) => `?tab=${slug}`;

/**
 * Job alerts in four tabs (spec §2). The chosen tab lives in ?tab=, so every tab is a plain link
 * that works without JavaScript and can be shared. Once the app is live the links become a
 * WAI-ARIA tablist: one tab in the tab order, arrow keys, Home and End move between tabs and
 * select them (automatic activation: every tab's alerts are already on the page).
 */
export function JobAlertTabs({
  alerts,
  renderFooter,
}: {
  alerts: Record<JobAlertTabSlug, PublicJobAlert[]>;
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
    void navigate(tabSearch(slug), { replace: true, preventScrollReset: true });
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
              to={tabSearch(tab.slug)}
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
          <h2 className="sr-only">{tab.label}</h2>
          <JobAlertList alerts={alerts[tab.slug]} label={tab.label} />
          {renderFooter?.(tab)}
        </section>
      ))}
    </div>
  );
}

/** One tab's alerts: title, optional description, posted date and View (spec §2). */
export function JobAlertList({ alerts, label }: { alerts: PublicJobAlert[]; label: string }) {
  if (alerts.length === 0)
    return <EmptyState message={jobAlertsEmptyText(label)} icon={<BellIcon width={40} height={40} />} />;
  return (
    <ul className="space-y-4">
      {alerts.map((alert) => {
        const link = safeHref(alert.view_link);
        const date = formatPostedDate(alert.posted_date);
        return (
          <li key={alert.id}>
            <article className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <CardText
                  title={alert.title}
                  description={alert.description}
                  heading="h3"
                  descriptionClassName="mt-1"
                />
                {date && (
                  <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-slate-600">
                    <CalendarIcon width={16} height={16} className="shrink-0 text-brand-700" />
                    <span>
                      {messages.posted} <time dateTime={alert.posted_date}>{date}</time>
                    </span>
                  </p>
                )}
              </div>
              {link && (
                <NewTabLink href={link} context={alert.title} className={`${buttonStyles.secondary} shrink-0 sm:w-28`}>
                  {messages.view}
                </NewTabLink>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
