import { addDays, type CalendarDate } from "~/core/ist";

// An alert's last date as an iCalendar file (RFC 5545), for "Add to calendar": one all-day event
// on the last date. All-day dates carry no zone, so the event sits on the right day in any
// calendar, as the last date is a day in India.

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

/** The .ics file of one alert's last date, lines ending CRLF. */
export function alertCalendar(alert: CalendarAlert): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//GATE CH Academy//Job alerts//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:job-alert-${alert.id}-last-date@${alert.host}`,
    `DTSTAMP:${utcStamp(alert.updatedAt)}`,
    `DTSTART;VALUE=DATE:${basicDate(alert.lastDate)}`,
    allDayEnd(alert.lastDate),
    `SUMMARY:${escapeText(`Last date: ${alert.title}`)}`,
    ...(alert.description ? [`DESCRIPTION:${escapeText(alert.description)}`] : []),
    `URL:${alert.url}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
