import type { AttentionCounts, AttentionKey } from "./attention.server";
import { attentionMessages } from "./messages/attention";
import { CLOSING_SOON_DAYS } from "~/lib/job-alerts/job-deadline";
import { leadMessages } from "./messages/leads";
import { questionBankMessages } from "./messages/questions";
import { adminSection, type AdminSectionId } from "./sections";

// The Overview's cards and the admin menu's badges (issue 48), as data: each card's count, words
// and the filtered list it opens (the lists read these parameters: ?status= on leads and
// testimonials, ?closing= and ?lastDate= on job alerts, ?tab=reports on questions). Safe on the
// client.

export interface AttentionCard {
  key: AttentionKey;
  title: string;
  hint: string;
  link: string;
  href: string;
}

const m = attentionMessages.overview;
const path = (id: AdminSectionId) => adminSection(id).path;

/** The Overview's cards, in the order staff work through them. */
export const attentionCards: readonly AttentionCard[] = [
  { key: "newLeads", ...m.newLeads, href: `${path("leads")}?status=new` },
  { key: "openLeads", ...m.openLeads, href: `${path("leads")}?status=contacted` },
  { key: "pendingTestimonials", ...m.pendingTestimonials, href: `${path("testimonials")}?status=pending` },
  { key: "closingAlerts", ...m.closingAlerts, href: `${path("job-alerts")}?closing=${CLOSING_SOON_DAYS}` },
  { key: "undatedAlerts", ...m.undatedAlerts, href: `${path("job-alerts")}?lastDate=none` },
  { key: "newReports", ...m.newReports, href: `${path("questions")}?tab=reports` },
  { key: "deadEmails", ...m.deadEmails, href: path("outbox") },
  { key: "brokenLinks", ...m.brokenLinks, href: path("link-health") },
];

const b = attentionMessages.badges;

/** Which count a section's menu entry shows, and its words ("2 waiting"). */
const badges: { section: AdminSectionId; key: AttentionKey; text: (count: number) => string }[] = [
  // Alerts without a last date are no emergency (results and admit cards have none): the Overview
  // counts them, the menu does not.
  { section: "job-alerts", key: "closingAlerts", text: b.jobAlerts },
  { section: "leads", key: "newLeads", text: leadMessages.newCount },
  { section: "questions", key: "newReports", text: questionBankMessages.newCount },
  { section: "outbox", key: "deadEmails", text: b.outbox },
  { section: "link-health", key: "brokenLinks", text: b.linkHealth },
  { section: "testimonials", key: "pendingTestimonials", text: b.testimonials },
];

/** The badge of the menu entry at `sectionPath`, or null: nothing waits, or the count failed. */
export function menuBadge(sectionPath: string, counts: Partial<AttentionCounts> | null): string | null {
  const badge = badges.find((entry) => path(entry.section) === sectionPath);
  const count = badge && counts ? counts[badge.key] : null;
  return badge && count ? badge.text(count) : null;
}
