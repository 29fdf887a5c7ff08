// Fair turns for rendered requests (issue 6, uncached p99 at 10 and 50 connections).
//
// libuv accepts one new connection per event-loop iteration (libuv/libuv#3696), and one iteration
// runs every request whose bytes have arrived. On a busy server, an iteration serving 50 keep-alive
// clients lasts 50 renders; the 51st visitor's connection waits that long just to be accepted, the
// next one longer still: a burst of new visitors waited seconds while the pages took milliseconds.
// Starting at most one render per iteration keeps iterations short, so connections are accepted
// as they come, and the renders waiting their turn are served first come, first served.

/**
 * Returns `turn()`, which resolves in a later event-loop iteration than the previous caller's,
 * in call order. An idle server waits one setImmediate (microseconds).
 */
export function createTurns(): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let scheduled = false;

  function next() {
    waiting.shift()?.();
    // A setImmediate scheduled from a setImmediate callback runs in the next iteration.
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(next);
  }

  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(next);
      }
    });
}
