import { href, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/job-alerts";
import { jobAlertTabs, parseJobAlertTab, type JobAlertTabSlug } from "~/components/content/job-alert-categories";
import { JobAlertTabs } from "~/components/content/job-alert-tabs";
import { ContentPage } from "~/components/content/page-header";
import { Pagination } from "~/components/content/pagination";
import { staticPageMeta } from "~/components/static/page-meta";
import { getDb } from "~/db/client.server";
import { ALERTS_PER_PAGE, listActiveJobAlerts, type PublicJobAlert } from "~/db/queries/job-alerts.server";
import { PAGE_PARAM, pageHref } from "~/core/pagination";
import { loadListPage, requestedPage } from "~/lib/pagination.server";

const messages = {
  title: "Job Alerts",
  description:
    "Latest PSU and government job alerts for chemical engineers: recruitment through GATE, vacancies, results and admit cards from IOCL, ONGC, GAIL, BPCL and more.",
  intro: "Recruitment through GATE, PSU vacancies, results and admit cards for chemical engineers.",
  pages: (tab: string) => `${tab} pages`,
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

// All four tabs are loaded at once (four small indexed queries), so switching tabs needs no
// request and the ?tab= parameter only chooses which one is shown. ?page= pages the chosen tab;
// the others show their first page.
export async function loader({ request }: Route.LoaderArgs) {
  const page = requestedPage(request);
  const selected = parseJobAlertTab(new URL(request.url).searchParams.get("tab")).slug;
  const lists = await Promise.all(
    jobAlertTabs.map((tab) =>
      loadListPage(`job alerts (${tab.slug})`, tab.slug === selected ? page : 1, ALERTS_PER_PAGE, (range) =>
        listActiveJobAlerts(getDb(), tab.slug, range),
      ),
    ),
  );
  const byTab = <T,>(pick: (list: (typeof lists)[number]) => T) =>
    Object.fromEntries(jobAlertTabs.map((tab, i) => [tab.slug, pick(lists[i]!)])) as Record<JobAlertTabSlug, T>;
  return {
    alerts: byTab<PublicJobAlert[]>((list) => list.items),
    pages: byTab((list) => ({ page: list.page, hasNext: list.hasNext })),
  };
}

/** A change of ?tab= alone needs no reload (every tab's page is already here); one of ?page= does. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    currentUrl.searchParams.get(PAGE_PARAM) === nextUrl.searchParams.get(PAGE_PARAM)
  )
    return false;
  return defaultShouldRevalidate;
}

export default function JobAlerts({ loaderData: { alerts, pages } }: Route.ComponentProps) {
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <JobAlertTabs
        alerts={alerts}
        renderFooter={(tab) => (
          <Pagination
            label={messages.pages(tab.label)}
            page={pages[tab.slug].page}
            hasNext={pages[tab.slug].hasNext}
            href={(page) => pageHref(href("/job-alerts"), { tab: tab.slug }, page)}
          />
        )}
      />
    </ContentPage>
  );
}
