// Work that can wait for the visitor (issue 28): the welcome popup and the carousels' autoplay
// start at the browser's first idle moment after hydration, never in hydration's own tasks, where
// on a budget phone they would hold up the first tap.

/**
 * Calls `run` once, at the browser's next idle period. Returns a function that cancels it.
 * `timeout` bounds the wait on a busy page.
 */
export function whenIdle(run: () => void, { timeout = 3000 }: { timeout?: number } = {}): () => void {
  // Safari has no requestIdleCallback: a timer stands in for it.
  if (typeof window.requestIdleCallback !== "function") {
    const timer = window.setTimeout(run, Math.min(timeout, 1000));
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(run, { timeout });
  return () => window.cancelIdleCallback(idle);
}

/**
 * Calls `run` in a task after the next frame is painted (issues 46, 47): what a tap shows is on
 * screen before the work it starts (a request, storage, the address bar), which on a phone slowed
 * 6× took 50 ms of the Save & Next tap when it ran first. Returns a function that cancels it.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(run, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
