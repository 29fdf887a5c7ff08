import { daysBetween } from "~/core/ist";

// Purchase-notification toast (spec §2, §4; issue 25 "True social proof"): it shows only the
// purchases staff entered, each at most 30 days after its date of purchase and saying when
// ("2 days ago"); with none, there is no toast. The first appears after 5 s, the next ones every
// 15 to 20 s at random (start to start), each for 5 s. Which entries are recent enough is decided
// on the server, by today's date in India (~/lib/purchase-toast.server.ts), and so is the cycle:
// the page carries every entry and a stylesheet of CSS animations that shows them in turn, so the
// toast runs on every public page, those that ship no JavaScript included (issue 44).

/** What the toast shows of one purchase: `daysAgo` counted in India's calendar days. */
export interface ToastEntry {
  name: string;
  city: string;
  product: string;
  daysAgo: number;
}

/**
 * What the public layout's loader gives the toast: the entries, newest first, and the cycle made
 * for this page on the server: `gaps[i]` is the time from entry i appearing to the next one (the
 * last: back to the first), each drawn from 15–20 s.
 */
export interface PurchaseToasts {
  entries: ToastEntry[];
  gaps: number[];
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

/** Time from one toast appearing to the next: 15 000..20 000 ms for `random` in [0, 1). */
export function nextDelayMs(random: number): number {
  const r = Number.isFinite(random) ? Math.min(Math.max(random, 0), 1) : 0;
  return Math.round(MIN_INTERVAL_MS + r * (MAX_INTERVAL_MS - MIN_INTERVAL_MS));
}

/** The cycle's start-to-start gaps for `count` entries, one each, made once per page on the server. */
export function toastGaps(count: number, random: () => number = Math.random): number[] {
  return Array.from({ length: count }, () => nextDelayMs(random()));
}

/**
 * When each entry appears in the first cycle (ms after the page shows: 5 s, then 5 s plus the
 * earlier gaps), and the cycle's period, after which the same entry appears again.
 */
export function toastTiming(gaps: readonly number[]): { starts: number[]; period: number } {
  const starts: number[] = [];
  let at = FIRST_DELAY_MS;
  for (const gap of gaps) {
    starts.push(at);
    at += gap;
  }
  return { starts, period: at - FIRST_DELAY_MS };
}

/** The id of the toasts' container; its children are the entries, in order. */
export const PURCHASE_TOASTS_ID = "purchase-toasts";

/** How long a toast takes to fade and slide in, and out. */
const FADE_MS = 300;

/**
 * The stylesheet that runs the cycle: every entry plays one animation of the period's length,
 * visible for 5 s at its start, from its own delay on; they all start with the page, so they stay
 * in step, and hovering or focusing the toast pauses them all. Before its delay an entry takes
 * its base style (hidden: `invisible` on the element), so nothing shows early. With reduced
 * motion the toasts appear and disappear without fading or sliding (app.css cuts every
 * animation short there; the cycle's own timing is kept). Only numbers go into it.
 */
export function purchaseToastCss(gaps: readonly number[]): string {
  const { starts, period } = toastTiming(gaps);
  const at = (ms: number) => `${Number(((ms / period) * 100).toFixed(4))}%`;
  const entries = `#${PURCHASE_TOASTS_ID}>`;
  const away = "visibility:hidden;opacity:0;translate:0 12px";
  return [
    `@keyframes purchase-toast{0%{visibility:visible;opacity:0;translate:0 12px}` +
      `${at(FADE_MS)},${at(VISIBLE_MS - FADE_MS)}{opacity:1;translate:0 0}${at(VISIBLE_MS)},100%{${away}}}`,
    `${entries}*{animation:purchase-toast ${period}ms linear infinite}`,
    ...starts.map((start, i) => `${entries}:nth-child(${i + 1}){animation-delay:${start}ms}`),
    `#${PURCHASE_TOASTS_ID}:hover>*,#${PURCHASE_TOASTS_ID}:focus-within>*{animation-play-state:paused}`,
    `@media (prefers-reduced-motion:reduce){` +
      `@keyframes purchase-toast{0%{visibility:visible}${at(VISIBLE_MS)},100%{visibility:hidden}}` +
      `${entries}*{animation-duration:${period}ms!important;animation-iteration-count:infinite!important}}`,
  ].join("\n");
}
