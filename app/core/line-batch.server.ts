// Request-log lines leave in batches (issue 6, cached pages at ≥ 0.4× nginx's rate): a write
// per line, each handed to a thread of libuv, was a sixth of a cached page's CPU. As nginx's
// `access_log … buffer= flush=`: lines wait at most `maxWaitMs`, and until `maxBytes` gather.

export interface LineBatch {
  write(line: string): void;
  /** Hands over whatever is waiting, at once. */
  flush(): void;
}

export function createLineBatch(
  handOver: (lines: string) => void,
  { maxBytes = 4096, maxWaitMs = 250 }: { maxBytes?: number; maxWaitMs?: number } = {},
): LineBatch {
  let waiting = "";
  let timer: NodeJS.Timeout | undefined;
  function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (!waiting) return;
    const lines = waiting;
    waiting = "";
    handOver(lines);
  }
  return {
    write(line) {
      waiting += line;
      if (waiting.length >= maxBytes) flush();
      // Unref'd: a batch waiting must not keep a finished process alive (exit hands it over).
      else timer ??= setTimeout(flush, maxWaitMs).unref();
    },
    flush,
  };
}
