import pino from "pino";

// One JSON logger for the process. LOG_LEVEL=silent in tests that start many servers.
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "*.password"],
});
