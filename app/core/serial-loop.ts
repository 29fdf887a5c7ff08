// The loop of the outbox worker and of the job alert mail's schedule: a job run again and again,
// never two runs at once, woken early by a poke, and stopped without cutting a run short.

export interface SerialLoop {
  /** Runs the job now instead of at the next turn; pokes that come while a run waits to start share it. */
  poke(): void;
  /** No more runs; waits for the one in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `job` after `firstDelayMs`, then `intervalMs` after each run ends, or sooner when the run
 * resolves to a shorter wait. `job` is told whether the loop was stopped meanwhile; a failed run
 * goes to `onError` and the loop goes on. `unref`: the timer does not keep the process alive.
 */
export function startSerialLoop(
  job: (stopped: () => boolean) => Promise<number | void>,
  {
    intervalMs,
    firstDelayMs,
    unref = false,
    onError,
  }: { intervalMs: number; firstDelayMs: number; unref?: boolean; onError: (error: unknown) => void },
): SerialLoop {
  let stopped = false;
  let queued = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const wait = (ms: number) => {
    timer = setTimeout(tick, ms);
    if (unref) timer.unref();
  };

  const tick = () => {
    clearTimeout(timer);
    if (queued || stopped) return;
    queued = true;
    let next = intervalMs;
    running = running
      .then(() => {
        queued = false;
        return job(() => stopped);
      })
      .then((sooner) => {
        if (typeof sooner === "number") next = Math.min(intervalMs, sooner);
      }, onError)
      .finally(() => {
        clearTimeout(timer);
        if (!stopped) wait(next);
      });
  };
  wait(firstDelayMs);

  return {
    poke: tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
