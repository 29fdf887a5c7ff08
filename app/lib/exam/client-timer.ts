// The exam's countdown (issue 47): the time limit is the server's. The page is sent the server's
// clock (`serverNow`) and the deadline; the browser keeps the difference between the server's clock
// and its own (`clockOffset`), so that a phone whose clock is minutes off still counts down to the
// server's deadline. The server ends the attempt at its deadline whatever the page shows.

/**
 * Server clock minus browser clock, in ms. `receivedAtMs` is the browser's clock when the server's
 * time was read: for a document, when its first byte arrived (Navigation Timing), not when the
 * scripts ran seconds later on a slow network, which would show time that is not there.
 */
export function clockOffset(serverNowMs: number, receivedAtMs: number): number {
  return serverNowMs - receivedAtMs;
}

/** The browser's clock when the page's document began to arrive, or now when that is not known. */
export function documentReceivedAt(now = Date.now()): number {
  if (typeof performance === "undefined" || typeof performance.getEntriesByType !== "function") return now;
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (!navigation || !(navigation.responseStart > 0)) return now;
  const at = performance.timeOrigin + navigation.responseStart;
  // Not in the future, and not before the page was asked for.
  return Math.min(now, Math.max(at, performance.timeOrigin));
}

/** Milliseconds left until the deadline, never below zero. */
export function remainingMs(deadlineMs: number, browserNowMs: number, offsetMs: number): number {
  return Math.max(0, deadlineMs - (browserNowMs + offsetMs));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "02:59:59": hours, minutes and seconds left, rounded up to the second (0 only at the end). */
export function formatRemaining(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** The spoken form of the time left, for the timer's label: "2 hours 5 minutes left". */
export function spokenRemaining(ms: number): string {
  const minutes = Math.ceil(Math.max(0, ms) / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? `${hours} hour${hours === 1 ? "" : "s"}` : "",
    rest > 0 || hours === 0 ? `${rest} minute${rest === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  return `${parts.join(" ")} left`;
}

/** The moments, in minutes left, that the timer announces (and shows in red from the last). */
export const WARNING_MINUTES = [15, 5, 1] as const;

/**
 * The warning to announce when the time left went from `beforeMs` to `nowMs`: the smallest mark
 * crossed ("5 minutes left"), or null. A page that slept through two marks says only the later.
 */
export function warningCrossed(beforeMs: number, nowMs: number): string | null {
  let crossed: number | null = null;
  for (const minutes of WARNING_MINUTES) {
    const mark = minutes * 60_000;
    if (beforeMs > mark && nowMs <= mark) crossed = minutes;
  }
  if (crossed === null) return null;
  return crossed === 1 ? "1 minute left" : `${crossed} minutes left`;
}
