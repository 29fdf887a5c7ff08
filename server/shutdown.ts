import { logger } from "~/core/logger.server";

// A graceful stop (issue 7) on SIGTERM (systemd) or SIGINT (Ctrl-C), for the web process and for
// the worker alone: what is still due in the outbox stays there for the next start or another
// instance.

/** Past this, a stop gives up waiting and exits 1 (systemd's default stop timeout is 90 s). */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * On the first SIGTERM or SIGINT: says what it is finishing, runs `stop`, and exits 0 once that is
 * done, or 1 should it fail or outlast SHUTDOWN_TIMEOUT_MS (`pending` says what was still running).
 */
export function stopOnSignals(options: { finishing: string; stop: () => Promise<void>; pending?: () => object }) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `shutting down: ${options.finishing}`);
    // A client that never finishes its request must not keep the process forever.
    setTimeout(() => {
      logger.error(options.pending?.() ?? {}, "shutdown timed out");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    options.stop().then(
      () => {
        logger.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
