import { daysBetween } from "~/core/ist";

// Purchase-notification toast (spec §2, §4; issue 25 "True social proof"): it shows only the
// purchases staff entered, each at most 30 days after its date of purchase and saying when
// ("2 days ago"); with none, there is no toast. The first appears after 5 s, the next ones every
// 15 to 20 s at random (start to start), each for 5 s. Which entries are recent enough is decided
// on the server, by today's date in India (~/lib/purchase-toast.server.ts).

/** What the toast shows of one purchase: `daysAgo` counted in India's calendar days. */
export interface ToastEntry {
  name: string;
  city: string;
  product: string;
  daysAgo: number;
}

/** The answer of /api/purchase-toasts. */
export interface PurchaseToastData {
  entries: ToastEntry[];
}

/** An entry is shown up to this many days after its date of purchase, never later. */
export const SHOWN_FOR_DAYS = 30;

export const FIRST_DELAY_MS = 5_000;
export const VISIBLE_MS = 5_000;
export const MIN_INTERVAL_MS = 15_000;
export const MAX_INTERVAL_MS = 20_000;

/** Whether a purchase of `purchasedOn` may be shown on `today`: not in the future, at most 30 days old. */
export function isShownOn(purchasedOn: string, today: string): boolean {
  const age = daysBetween(purchasedOn, today);
  return age >= 0 && age <= SHOWN_FOR_DAYS;
}

/** When, in words: "today", "yesterday", "2 days ago". */
export function daysAgoText(days: number): string {
  if (days <= 0) return "today";
  if (days === 1) return "yesterday";
  return `${days} days ago`;
}

/** The entry for the n-th toast, cycling through the entries in order (newest first). */
export function entryAt<T>(entries: readonly T[], index: number): T | undefined {
  const n = entries.length;
  return n ? entries[((Math.trunc(index) % n) + n) % n] : undefined;
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
