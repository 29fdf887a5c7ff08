import { href, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/route";
import {
  jobAlertTabParams,
  jobAlertTabs,
  parseJobAlertTab,
  parseJobAlertView,
  VIEW_PARAM,
  type JobAlertTab,
  type JobAlertTabSlug,
} from "~/components/content/job-alert-categories";
import { JobAlertFeeds } from "~/components/content/job-alert-feeds";
import { JobAlertTabs } from "~/components/content/job-alert-tabs";
import { SubscribeSection } from "~/components/alerts/subscribe-section";
import { ContentPage } from "~/components/content/page-header";
import type { RootLoaderData } from "~/components/layout/use-site-settings";
import { Pagination } from "~/components/content/pagination";
import { staticPageMeta } from "~/components/static/page-meta";
import { istDate } from "~/core/ist";
import {
  ALERTS_PER_PAGE,
  listActiveJobAlerts,
  listClosedJobAlerts,
  type PublicJobAlert,
} from "~/db/queries/job-alerts.server";
import { PAGE_PARAM, pageHref } from "~/core/pagination";
import { alertPath, atomFeedPath } from "~/lib/job-alerts/job-alert-links";
import { feedMessages } from "~/lib/job-alerts/job-alert-feeds";
import { jobPosting } from "~/routes/public/job-alerts/job-posting";
import { loadListPage, requestedPage } from "~/lib/pagination.server";
import { DEFAULT_BRAND_NAME } from "~/lib/site/settings";
import { siteOrigin } from "~/lib/site-origin.server";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: "Job Alerts",
  description:
    "Latest PSU and government job alerts for chemical engineers: recruitment through GATE, vacancies, results and admit cards from IOCL, ONGC, GAIL, BPCL and more.",
  intro: "Recruitment through GATE, PSU vacancies, results and admit cards for chemical engineers.",
  pages: (tab: string) => `${tab} pages`,
} as const;

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => [
  ...staticPageMeta(matches, {
    ...messages,
    // JobPostings for the open vacancies that have all Google asks (./job-posting.ts); none in the archive.
    jsonLd:
      import.meta.env.SSR && loaderData?.view === "open"
        ? (origin) =>
            jobAlertTabs.flatMap((tab) =>
              loaderData.alerts[tab.slug].flatMap(
                (alert) => jobPosting(alert, tab.slug, origin + alertPath(tab.slug, alert.id), loaderData.today) ?? [],
              ),
            )
        : undefined,
  }),
  // Issue 49: feed readers find the feeds from the page, every tab's and the one shown.
  ...feedAlternates(
    loaderData?.origin ?? "",
    (matches.find((match) => match?.id === "root")?.loaderData as Partial<RootLoaderData> | undefined)?.settings
      ?.brandName ?? DEFAULT_BRAND_NAME,
    // The tab shown: the location's, which a tab change alone moves without a new load.
    parseJobAlertTab(new URLSearchParams(location?.search).get("tab")),
  ),
];

/** The feeds' <link rel="alternate">s: every tab's, then the shown tab's, titled as the feeds are. */
function feedAlternates(origin: string, brand: string, tab: JobAlertTab) {
  return [undefined, tab].map((only) => ({
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    title: feedMessages.title(brand, only),
    href: origin + atomFeedPath(only?.slug),
  }));
}

// All four tabs are loaded at once (four small indexed queries), so switching tabs needs no
// request and the ?tab= parameter only chooses which one is shown. ?page= pages the chosen tab;
// the others show their first page. ?view=archive shows each tab's closed alerts instead (issue
// 26). Open or closed is decided by today's date in India, which the page carries so that the
// browser renders the same badges; cached copies of the page end at midnight IST
// (server/page-cache.ts).
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const page = requestedPage(request);
  const { searchParams } = new URL(request.url);
  const selected = parseJobAlertTab(searchParams.get("tab")).slug;
  const view = parseJobAlertView(searchParams.get("view"));
  const today = istDate();
  const read = view === "archive" ? listClosedJobAlerts : listActiveJobAlerts;
  const lists = await Promise.all(
    jobAlertTabs.map((tab) =>
      loadListPage(`job alerts (${tab.slug}, ${view})`, tab.slug === selected ? page : 1, ALERTS_PER_PAGE, (range) =>
        read(db, tab.slug, range, today),
      ),
    ),
  );
  const byTab = <T,>(pick: (list: (typeof lists)[number]) => T) =>
    Object.fromEntries(jobAlertTabs.map((tab, i) => [tab.slug, pick(lists[i]!)])) as Record<JobAlertTabSlug, T>;
  return {
    alerts: byTab<PublicJobAlert[]>((list) => list.items),
    pages: byTab((list) => ({ page: list.page, hasNext: list.hasNext })),
    view,
    today,
    origin: siteOrigin(),
  };
}

/**
 * A change of ?tab= alone needs no reload (every tab's page is already here); one of ?page= or
 * ?view= does.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const same = (name: string) => currentUrl.searchParams.get(name) === nextUrl.searchParams.get(name);
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    same(PAGE_PARAM) &&
    same(VIEW_PARAM)
  )
    return false;
  return defaultShouldRevalidate;
}

export default function JobAlerts({ loaderData: { alerts, pages, view, today, origin } }: Route.ComponentProps) {
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <JobAlertTabs
        alerts={alerts}
        view={view}
        today={today}
        origin={origin}
        renderFooter={(tab) => (
          <Pagination
            label={messages.pages(tab.label)}
            page={pages[tab.slug].page}
            hasNext={pages[tab.slug].hasNext}
            href={(page) => pageHref(href("/job-alerts"), jobAlertTabParams(tab.slug, view), page)}
          />
        )}
      />
      <JobAlertFeeds origin={origin} />
      {/* Issue 49: the alerts by e-mail, posted to /subscribe. */}
      <SubscribeSection source="/job-alerts" />
    </ContentPage>
  );
}
