// Job alert dates as "12 Nov 2026" in India's time zone (IST, UTC+5:30, no daylight saving).
// Built by hand rather than with Intl so the server and every browser print the same text:
// locale data differs between ICU builds ("Sep" vs "Sept"), which would break hydration.

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "12 Nov 2026" for an ISO timestamp, or "" when it is not a date. */
export function formatPostedDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const ist = new Date(time + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}
