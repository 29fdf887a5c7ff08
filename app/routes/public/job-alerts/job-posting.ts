import { istDate, type CalendarDate } from "~/core/ist";
import { isOpen } from "~/lib/job-alerts/job-deadline";

// schema.org JobPosting for Google's job search (issue 26), only where an alert is one vacancy
// with every field Google requires: in the Jobs or Vacancy tab (results and admit cards are no
// vacancies), still open, with a last date (validThrough), a description, the hiring organisation
// and the place of work. Anything less gets no JobPosting: Google reports partial ones as errors.

/** The tabs whose alerts are vacancies. */
const VACANCY_TABS: readonly string[] = ["jobs", "vacancy"];

export interface PostableAlert {
  title: string;
  description: string | null;
  posted_date: string;
  last_date: CalendarDate | null;
  organisation: string | null;
  job_location: string | null;
  posts: number | null;
}

/** The JobPosting of an alert shown at `url`, or null when it is not a single open vacancy. */
export function jobPosting(alert: PostableAlert, tabSlug: string, url: string, today: CalendarDate) {
  const { description, last_date, organisation, job_location } = alert;
  if (!VACANCY_TABS.includes(tabSlug) || !description || !last_date || !organisation || !job_location) return null;
  if (!isOpen(last_date, today)) return null;
  return {
    "@type": "JobPosting",
    title: alert.title,
    description,
    datePosted: istDate(new Date(alert.posted_date)),
    // Open through the whole last day in India.
    validThrough: `${last_date}T23:59:59+05:30`,
    hiringOrganization: { "@type": "Organization", name: organisation },
    jobLocation: {
      "@type": "Place",
      address: { "@type": "PostalAddress", addressLocality: job_location, addressCountry: "IN" },
    },
    ...(alert.posts ? { totalJobOpenings: alert.posts } : {}),
    url,
  };
}
