import type { LinkStatus } from "~/db/schema";
import { plural } from "./common";

// The words of "What needs attention" (issue 48 items 3 and 8): the Overview's cards, the admin
// menu's counts, and Link Health. Safe to import on the client.

export const attentionMessages = {
  overview: {
    loadFailed: "Failed to load data",
    /** A card whose count is zero: calm, not alarming. */
    nothingWaiting: "Nothing waiting",
    /** A card whose count could not be read. */
    countFailed: "Could not count just now",
    cards: "Needs attention",
    cardsHint: "Each card counts what waits in one list; open the list to work through it.",
    newLeads: {
      title: "New leads",
      hint: "Contact messages and session bookings nobody has answered yet.",
      link: "Open the new leads",
    },
    openLeads: {
      title: "Leads being followed up",
      hint: "Contacted, not yet booked or closed.",
      link: "Open the leads being followed up",
    },
    pendingTestimonials: {
      title: "Testimonials waiting for approval",
      hint: "Sent by visitors; the home page shows them once approved.",
      link: "Review the waiting testimonials",
    },
    closingAlerts: {
      title: "Job alerts closing in the next 7 days",
      hint: "Open alerts whose last date is today or within the week (IST).",
      link: "Open the alerts closing soon",
    },
    undatedAlerts: {
      title: "Open job alerts without a last date",
      hint: "They never close by themselves: add the last date from the notification where there is one.",
      link: "Open the alerts without a last date",
    },
    newReports: {
      title: "Questions reported by visitors",
      hint: "Problems visitors reported with a question of the question bank.",
      link: "Open the reported questions",
    },
    deadEmails: {
      title: "E-mails that failed",
      hint: "Messages the site gave up sending after every retry.",
      link: "Open Mail Delivery",
    },
    brokenLinks: {
      title: "Links that stopped working",
      hint: "Outside links the site shows whose last check failed.",
      link: "Open Link Health",
    },
  },
  /** The admin menu's counts, read after the section's name ("Testimonials, 2 waiting"). */
  badges: {
    jobAlerts: (count: number) => `${count} closing soon`,
    testimonials: (count: number) => `${count} waiting`,
    outbox: (count: number) => `${count} failed`,
    linkHealth: (count: number) => `${count} broken`,
  },
  linkHealth: {
    loadFailed: "Failed to load link checks",
    table: "Links that stopped working",
    movedTable: "Links that moved",
    movedHint: "These still work, but lead somewhere else now: update each link to its new address.",
    columns: { link: "Link", problem: "Problem", since: "Failing since", checked: "Last checked", where: "Shown on" },
    movedColumns: { link: "Link", now: "Now at", checked: "Last checked", where: "Shown on" },
    empty: "Every checked link works.",
    summary: (s: { total: number; checked: number }) =>
      `${plural(s.total, "outside link", "outside links")} on the site, ${s.checked} checked so far.`,
    lastRun: "Last check:",
    neverChecked: "No link has been checked yet.",
    schedule: (hours: number) => `Each link is checked about every ${plural(hours, "hour", "hours")}.`,
    off: "Link checking is switched off on this server (LINK_CHECK=off).",
    edit: "Edit",
    open: "Open",
    onPage: (page: string, item: string) => `${page}: ${item}`,
    statuses: {
      ok: "Working",
      moved: "Moved permanently",
      broken: "Broken: the page is not there",
      "client-error": "Refused by the other site",
      "server-error": "The other site has a server error",
      timeout: "No answer in time",
      "dns-error": "The site cannot be found (DNS)",
      "connection-error": "Could not connect",
      "tls-error": "Security certificate problem",
      "redirect-error": "Redirects that go nowhere",
    } satisfies Record<LinkStatus, string>,
    /** Where a setting's link is shown. */
    everyPage: "Every page",
    settingTitles: { learning_app_url: "Learning app link", student_login_url: "Student login link" },
    testPage: "Its test page",
  },
};
