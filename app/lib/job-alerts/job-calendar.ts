import { addDays, type CalendarDate } from "~/core/ist";

// An alert's last date as an iCalendar file (RFC 5545), for "Add to calendar": one all-day event
// on the last date. All-day dates carry no zone, so the event sits on the right day in any
// calendar, as the last date is a day in India. The calendar subscription (issue 49) is the same
// events for every open alert, in one calendar that says how often to fetch it again; an event's
// UID is the alert's, so a changed last date moves the event rather than adding one.

export interface CalendarAlert {
  id: number;
  title: string;
  lastDate: CalendarDate;
  /** The alert's address on this site. */
  url: string;
  /** The site's host, which makes the event's UID unique worldwide. */
  host: string;
  /** When the alert last changed (ISO), as the event's DTSTAMP: the same alert gives the same file. */
  updatedAt: string;
  description?: string | null;
  /** Its tab's name, as the event's category. */
  category?: string;
}

/** TEXT values escape backslashes, semicolons, commas and line breaks (RFC 5545 §3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): each further line starts with one space.
 * Folds fall between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; the others 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const basicDate = (date: CalendarDate) => date.replaceAll("-", "");
/** 2026-11-27T04:43:00.000Z → 20261127T044300Z */
const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/**
 * An all-day event ends (exclusively) on the next day. A DATE value has exactly four digits of
 * year, so should that day fall after 9999 (forms stop at 2100: DATE_RANGE) the event says its
 * one day's length instead, which RFC 5545 §3.6.1 allows in place of DTEND.
 */
function allDayEnd(date: CalendarDate) {
  const next = addDays(date, 1);
  return /^\d{4}-\d{2}-\d{2}$/.test(next) ? `DTEND;VALUE=DATE:${basicDate(next)}` : "DURATION:P1D";
}

/** SEQUENCE counts from here, in seconds: 2^31 is reached only in 2092. */
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);

/**
 * An event's revision number (RFC 5545 §3.8.7.4), which must grow with each change of it: the
 * seconds from 2024 to the alert's last change, so it does without a counter of its own.
 */
export const sequenceOf = (updatedAt: string) =>
  Math.max(0, Math.floor((Date.parse(updatedAt) - SEQUENCE_EPOCH) / 1000));

/** The VEVENT of one alert's last date. */
function alertEvent(alert: CalendarAlert): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:job-alert-${alert.id}-last-date@${alert.host}`,
    `DTSTAMP:${utcStamp(alert.updatedAt)}`,
    `LAST-MODIFIED:${utcStamp(alert.updatedAt)}`,
    `SEQUENCE:${sequenceOf(alert.updatedAt)}`,
    `DTSTART;VALUE=DATE:${basicDate(alert.lastDate)}`,
    allDayEnd(alert.lastDate),
    `SUMMARY:${escapeText(`Last date: ${alert.title}`)}`,
    ...(alert.description ? [`DESCRIPTION:${escapeText(alert.description)}`] : []),
    ...(alert.category ? [`CATEGORIES:${escapeText(alert.category)}`] : []),
    `URL:${alert.url}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
  ];
}

const calendarStart = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//GATE CH Academy//Job alerts//EN",
  "CALSCALE:GREGORIAN",
  "METHOD:PUBLISH",
];

/** Content lines as a file: each folded, every line ending CRLF. */
const calendarText = (lines: string[]) => `${lines.map(foldLine).join("\r\n")}\r\n`;

/** The .ics file of one alert's last date, lines ending CRLF. */
export function alertCalendar(alert: CalendarAlert): string {
  return calendarText([...calendarStart, ...alertEvent(alert), "END:VCALENDAR"]);
}

/** A calendar to subscribe to (issue 49): its name and address, and how often to fetch it again. */
export interface CalendarFeed {
  name: string;
  description: string;
  /** The calendar's own address (https), which a calendar app fetches again. */
  url: string;
  /** How long a copy holds, as an RFC 5545 duration ("PT6H"). */
  refresh: string;
  events: CalendarAlert[];
}

/**
 * One calendar of many alerts' last dates, lines ending CRLF. REFRESH-INTERVAL and SOURCE are
 * RFC 7986's; X-PUBLISHED-TTL and X-WR-CALNAME say the same to the calendars that read only those
 * (Outlook, Apple, Google). X-WR-TIMEZONE names India's zone, the one the all-day dates are in.
 */
export function alertsCalendar(feed: CalendarFeed): string {
  return calendarText([
    ...calendarStart,
    `NAME:${escapeText(feed.name)}`,
    `X-WR-CALNAME:${escapeText(feed.name)}`,
    `DESCRIPTION:${escapeText(feed.description)}`,
    `X-WR-CALDESC:${escapeText(feed.description)}`,
    "X-WR-TIMEZONE:Asia/Kolkata",
    `REFRESH-INTERVAL;VALUE=DURATION:${feed.refresh}`,
    `X-PUBLISHED-TTL:${feed.refresh}`,
    `SOURCE;VALUE=URI:${feed.url}`,
    `URL:${feed.url}`,
    ...feed.events.flatMap(alertEvent),
    "END:VCALENDAR",
  ]);
}
