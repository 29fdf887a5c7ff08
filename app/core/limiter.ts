// At most `concurrency` tasks at a time, the rest waiting in call order: a small semaphore for
// work that takes memory or a core (the media library's uploads and picture variants, issue 45).

export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a turn. */
  readonly waiting: number;
}

export function createLimiter(concurrency: number): Limiter {
  let active = 0;
  const queue: (() => void)[] = [];

  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= concurrency) await new Promise<void>((start) => queue.push(start));
    else active++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next task waiting, or is freed.
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  }

  return {
    run,
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
