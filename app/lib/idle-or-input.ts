// Work that can wait for the visitor (issue 28): the welcome popup, the purchase toast's first
// request and the carousels' autoplay start once the browser has a quiet moment after hydration,
// or at the visitor's first touch, key or scroll, whichever comes first. Never in hydration's
// own tasks, where on a budget phone it would hold up the first tap.

const INPUT_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"] as const;

/**
 * Calls `run` once, at the browser's next idle period or the visitor's first input. Returns a
 * function that cancels it. `timeout` bounds the wait for idle time on a busy page.
 */
export function onIdleOrInput(run: () => void, { timeout = 3000 }: { timeout?: number } = {}): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    cancel();
    // Out of the input's own handler: the visitor's tap is answered first.
    setTimeout(run, 0);
  };
  // Safari has no requestIdleCallback: a timer stands in for it.
  const idle =
    typeof window.requestIdleCallback === "function"
      ? window.requestIdleCallback(fire, { timeout })
      : window.setTimeout(fire, Math.min(timeout, 1000));
  for (const type of INPUT_EVENTS) window.addEventListener(type, fire, { capture: true, passive: true });
  function cancel() {
    done = true;
    if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
    for (const type of INPUT_EVENTS) window.removeEventListener(type, fire, { capture: true });
  }
  return cancel;
}
