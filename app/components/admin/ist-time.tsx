import { formatIstTime } from "~/core/ist";

// Admin timestamps as "12 Nov 2026, 14:05 IST" (India's time zone, ~/core/ist.ts).

export function IstTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatIstTime(iso)}</time>;
}
