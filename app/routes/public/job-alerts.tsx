import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/job-alerts";
import { jobAlertTabs, type JobAlertTabSlug } from "~/components/content/job-alert-categories";
import { JobAlertTabs } from "~/components/content/job-alert-tabs";
import { ContentPageHeader } from "~/components/content/page-header";
import { staticPageMeta } from "~/components/static/page-meta";
import { getDb } from "~/db/client.server";
import { listActiveJobAlerts, type PublicJobAlert } from "~/db/queries/job-alerts.server";
import { loadOrEmpty } from "~/lib/load-or-empty.server";

const messages = {
  title: "Job Alerts",
  description:
    "Latest PSU and government job alerts for chemical engineers: recruitment through GATE, vacancies, results and admit cards from IOCL, ONGC, GAIL, BPCL and more.",
  intro: "Recruitment through GATE, PSU vacancies, results and admit cards for chemical engineers.",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

// All four tabs are loaded at once (four small indexed queries), so switching tabs needs no
// request and the ?tab= parameter only chooses which one is shown.
export async function loader() {
  const lists = await Promise.all(
    jobAlertTabs.map((tab) => loadOrEmpty(`job alerts (${tab.slug})`, () => listActiveJobAlerts(getDb(), tab.slug))),
  );
  const alerts = Object.fromEntries(jobAlertTabs.map((tab, i) => [tab.slug, lists[i] ?? []])) as Record<
    JobAlertTabSlug,
    PublicJobAlert[]
  >;
  return { alerts };
}

/** A change of ?tab= alone needs no reload: every tab's alerts are already here. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export default function JobAlerts({ loaderData: { alerts } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ContentPageHeader title={messages.title} intro={messages.intro} />
      <JobAlertTabs alerts={alerts} />
    </div>
  );
}
