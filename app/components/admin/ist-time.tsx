// Admin timestamps as "12 Nov 2026, 14:05 IST" (India's time zone, UTC+5:30, no daylight
// saving), built by hand rather than with Intl so the server and every browser print the same
// text.

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** "12 Nov 2026, 14:05 IST" for an ISO timestamp, or the text itself when it is not a date. */
export function formatIstTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const d = new Date(time + IST_OFFSET_MS);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} IST`;
}

export function IstTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatIstTime(iso)}</time>;
}
