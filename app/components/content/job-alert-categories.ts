// The four job alert tabs, in the spec's order (spec §2 "Job Alerts"); slugs are the fixed
// job_categories rows written by the first migration.
export const jobAlertTabs = [
  { slug: "jobs", label: "Jobs" },
  { slug: "vacancy", label: "Vacancy" },
  { slug: "results", label: "Results" },
  { slug: "admit-cards", label: "Admit Cards" },
] as const;

export type JobAlertTab = (typeof jobAlertTabs)[number];
export type JobAlertTabSlug = JobAlertTab["slug"];

/** The tab named by ?tab=, or the first tab for anything else. */
export function parseJobAlertTab(value: string | null | undefined): JobAlertTab {
  return jobAlertTabs.find((tab) => tab.slug === value) ?? jobAlertTabs[0];
}

/** The spec's empty text: 'No {tab label} available at the moment.' */
export function jobAlertsEmptyText(label: string): string {
  return `No ${label} available at the moment.`;
}

/** ?view=archive shows each tab's closed alerts (issue 26); anything else, its open ones. */
export const VIEW_PARAM = "view";
export const ARCHIVE_VIEW = "archive";

export type JobAlertView = "open" | "archive";

/** The view named by ?view=. */
export function parseJobAlertView(value: string | null | undefined): JobAlertView {
  return value === ARCHIVE_VIEW ? "archive" : "open";
}

/** A tab's own query: ?tab=jobs, or ?tab=jobs&view=archive for its closed alerts. */
export function jobAlertTabParams(slug: JobAlertTabSlug, view: JobAlertView): Record<string, string> {
  return view === "archive" ? { tab: slug, [VIEW_PARAM]: ARCHIVE_VIEW } : { tab: slug };
}

/** The archive's empty text, in the spec's words for the tabs. */
export function closedAlertsEmptyText(label: string): string {
  return `No closed ${label} in the archive.`;
}
