// Dates in India's time zone (IST, UTC+5:30, no daylight saving), the one zone of this site
// (issue 26 "Dates are IST"): every date staff enter or visitors see is a calendar day in India,
// whatever zone the server or the browser runs in. Computed by offset arithmetic on UTC fields,
// never with the host's zone (tests/unit/host-zone.test.ts keeps it so), and printed by hand
// rather than with Intl so the server and every browser write the same text: locale data differs
// between ICU builds ("Sep" vs "Sept"), which would break hydration.

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 86_400_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** A calendar date written YYYY-MM-DD, as stored for last dates and dates of purchase. */
export type CalendarDate = string;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD ("2026-02-30" is not). */
export function isCalendarDate(value: string): boolean {
  if (!CALENDAR_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** The wall clock in India at `at`, as a Date whose UTC fields read IST. */
const istFields = (at: Date | number) => new Date(+at + IST_OFFSET_MS);

/** The calendar date in India at `at` (now by default): "2026-11-27". */
export function istDate(at: Date | number = Date.now()): CalendarDate {
  return istFields(at).toISOString().slice(0, 10);
}

/** The instant India's day `date` begins (00:00 IST), as an ISO timestamp in UTC. */
export function istDayStart(date: CalendarDate): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS).toISOString();
}

const dayNumber = (date: CalendarDate) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** The calendar date `days` days after `date` (before it for a negative count). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * "12 Nov 2026": a calendar date as it is, or an ISO timestamp's date in India; "" when it is
 * neither.
 */
export function formatIstDate(value: string): string {
  const time = Date.parse(CALENDAR_DATE.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return "";
  const d = CALENDAR_DATE.test(value) ? new Date(time) : istFields(time);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "12 Nov 2026, 14:05 IST" for an ISO timestamp, or the text itself when it is not a date. */
export function formatIstTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const d = istFields(time);
  return `${formatIstDate(iso)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} IST`;
}
