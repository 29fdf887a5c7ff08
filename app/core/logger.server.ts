import pino from "pino";
import { envValue } from "./env.server";
import { createLineBatch } from "./line-batch.server";

const options = {
  // LOG_LEVEL=silent in tests that start many servers.
  level: envValue("LOG_LEVEL") ?? (envValue("NODE_ENV") === "test" ? "warn" : "info"),
  base: undefined,
};
// Both loggers write to standard output through one buffer (pino's default: lines logged while a
// write is in flight leave together in the next one, and what is pending is flushed on exit).
// The request log's lines gather first (line-batch.server.ts) and reach it a batch at a time.
const destination = pino.destination({ dest: 1, sync: false });
// 64 KiB, as nginx's `buffer=64k`: at tens of thousands of cached pages a second, 4 KiB batches
// were still about a thousand writes a second (issue 28, the cached-page figure).
const requestLines = createLineBatch((lines) => destination.write(lines), { maxBytes: 64 * 1024 });
process.on("exit", () => {
  requestLines.flush();
  // pino's own exit hook may have flushed already: what was just handed over is written here.
  try {
    destination.flushSync();
  } catch {
    // Closed (EPIPE): nowhere to write.
  }
});

/** One JSON logger for the process; its lines are written at once. */
export const logger = pino(
  { ...options, redact: ["req.headers.cookie", "req.headers.authorization", "*.password"] },
  destination,
);

const requestLinesOn = (pino.levels.values[options.level] ?? Infinity) <= pino.levels.values.info!;
const jsonField = (name: string, value: string | undefined) =>
  value === undefined ? "" : `"${name}":${JSON.stringify(value)},`;

/**
 * The line each request leaves, written within a quarter of a second: pino's line for
 * `info({ method, url, status, ms }, "request")`, field for field, built as one template string.
 * Its fields are fixed and have nothing to redact or serialize, and pino's general path was
 * about a tenth of a cached page's CPU (issue 6, and issue 28's ≥ 0.8× a bare node:http server).
 */
export function logRequestLine(method: string | undefined, url: string | undefined, status: number, ms: number) {
  if (!requestLinesOn) return;
  requestLines.write(
    `{"level":30,"time":${Date.now()},${jsonField("method", method)}${jsonField("url", url)}"status":${status},"ms":${ms},"msg":"request"}\n`,
  );
}
