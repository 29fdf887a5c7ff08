// Purchase-notification toast (spec §2, §4): five sample buyers shown in order; the first
// appears after 5 s, the next ones every 15 to 20 s at random (start to start), each for 5 s.

export interface SampleBuyer {
  name: string;
  city: string;
  course: string;
}

export const FIRST_DELAY_MS = 5_000;
export const VISIBLE_MS = 5_000;
export const MIN_INTERVAL_MS = 15_000;
export const MAX_INTERVAL_MS = 20_000;

export const sampleBuyers: readonly SampleBuyer[] = [
  { name: "Aditya", city: "Pune", course: "GATE 2026 Test Series" },
  { name: "Sneha", city: "Kanpur", course: "IOCL-2025 Test Series" },
  { name: "Rohit", city: "Vadodara", course: "GATE 2026 Test Series" },
  { name: "Priya", city: "Chennai", course: "GATE 2026 Test Series" },
  { name: "Karthik", city: "Hyderabad", course: "IOCL-2025 Test Series" },
];

/** The buyer for the n-th toast, cycling through the list in order. */
export function buyerAt(index: number): SampleBuyer {
  const n = sampleBuyers.length;
  return sampleBuyers[((Math.trunc(index) % n) + n) % n]!;
}

/** Time from one toast appearing to the next: 15 000..20 000 ms for `random` in [0, 1). */
export function nextDelayMs(random: number): number {
  const r = Number.isFinite(random) ? Math.min(Math.max(random, 0), 1) : 0;
  return Math.round(MIN_INTERVAL_MS + r * (MAX_INTERVAL_MS - MIN_INTERVAL_MS));
}

/**
 * How long the toast stays hidden before showing again, after `shown` toasts so far: the first
 * waits FIRST_DELAY_MS from page load; later ones keep the 15–20 s start-to-start rhythm.
 */
export function hiddenDelayMs(shown: number, random: number): number {
  return shown === 0 ? FIRST_DELAY_MS : nextDelayMs(random) - VISIBLE_MS;
}
