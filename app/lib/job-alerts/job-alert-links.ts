import { href } from "react-router";

// The addresses a job alert is reached and shared by (issue 26): its place on /job-alerts, its
// last date as a calendar file, and a WhatsApp message carrying its title and address.

/** The id of an alert's card on /job-alerts, for links to it. */
export const alertAnchor = (id: number) => `alert-${id}`;

/** An alert on /job-alerts: its tab, scrolled to its card. */
export const alertPath = (tabSlug: string, id: number) =>
  `${href("/job-alerts")}?tab=${encodeURIComponent(tabSlug)}#${alertAnchor(id)}`;

/** The .ics file of an alert's last date (routes/files/job-alert-calendar.ts). */
export const calendarPath = (id: number) => href("/job-alerts/:id/calendar.ics", { id: String(id) });

/** wa.me's share link: WhatsApp opens with the message typed, the visitor picks whom to send it to. */
export const whatsappHref = (title: string, url: string) =>
  `https://wa.me/?text=${encodeURIComponent(`${title}\n${url}`)}`;

/** The Atom feed of every tab's open alerts, or of one tab's (issue 49). */
export const atomFeedPath = (tabSlug?: string) =>
  href("/job-alerts/:tab?/atom.xml", tabSlug === undefined ? {} : { tab: tabSlug });

/** The calendar of every open alert's last date, to subscribe to (issue 49). */
export const calendarFeedPath = () => href("/job-alerts/calendar.ics");

/**
 * The same calendar as a webcal: address, which a phone or desktop calendar offers to subscribe
 * to (and then fetches again by itself) where an https: one would import it once.
 */
export const webcalHref = (origin: string, path: string) => origin.replace(/^https?:/, "webcal:") + path;
