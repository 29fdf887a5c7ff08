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
