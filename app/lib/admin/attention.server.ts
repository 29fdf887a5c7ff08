import { addDays, istDate } from "~/core/ist";
import { logger } from "~/core/logger.server";
import type { DB } from "~/db/client.server";
import { countJobAlertsNeedingAttention } from "~/db/queries/job-alerts.server";
import { countLeadsNeedingAttention } from "~/db/queries/leads.server";
import { countFailingLinks } from "~/db/queries/link-checks.server";
import { countDeadEmails } from "~/db/queries/outbox.server";
import { countNewQuestionReports } from "~/db/queries/question-writes.server";
import { countPendingTestimonials } from "~/db/queries/testimonials.server";
import { CLOSING_SOON_DAYS } from "~/lib/job-alerts/job-deadline";

// What waits for staff (issue 48 "What needs attention, at a glance"): one cheap count query per
// table, run together, for the Overview's cards and the admin menu's badges. A count that fails is
// null (logged), so the page and the menu still show, without that one number.

export interface AttentionCounts {
  newLeads: number | null;
  openLeads: number | null;
  pendingTestimonials: number | null;
  closingAlerts: number | null;
  undatedAlerts: number | null;
  newReports: number | null;
  deadEmails: number | null;
  brokenLinks: number | null;
}

export type AttentionKey = keyof AttentionCounts;

async function orNull<T>(what: string, count: () => Promise<T>): Promise<T | null> {
  try {
    return await count();
  } catch (error) {
    logger.error({ err: error }, `${what} count failed`);
    return null;
  }
}

/** Every count, as of `today` in India (alerts closing within CLOSING_SOON_DAYS of it). */
export async function countAttention(db: DB, today = istDate()): Promise<AttentionCounts> {
  const [leads, alerts, pendingTestimonials, newReports, deadEmails, brokenLinks] = await Promise.all([
    orNull("lead", () => countLeadsNeedingAttention(db)),
    orNull("job alert", () => countJobAlertsNeedingAttention(db, today, addDays(today, CLOSING_SOON_DAYS))),
    orNull("pending testimonial", () => countPendingTestimonials(db)),
    orNull("new question report", () => countNewQuestionReports(db)),
    orNull("dead e-mail", () => countDeadEmails(db)),
    orNull("failing link", () => countFailingLinks(db)),
  ]);
  return {
    newLeads: leads?.new ?? null,
    openLeads: leads?.open ?? null,
    pendingTestimonials,
    closingAlerts: alerts?.closingSoon ?? null,
    undatedAlerts: alerts?.withoutLastDate ?? null,
    newReports,
    deadEmails,
    brokenLinks,
  };
}
