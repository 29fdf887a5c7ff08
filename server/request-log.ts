import type { IncomingMessage, ServerResponse } from "node:http";
import { requestLogger } from "~/lib/logger.server";

// A query parameter named *token carries a secret: the password-reset link's token works as a
// password for its hour (/admin/reset-password?token=…), and logs are read by more people and
// kept longer than that.
const secretParam = /([?&][^=&#]*token=)[^&#]*/gi;

/** The URL as the log keeps it, with the values of *token parameters masked. */
export function loggedUrl(url: string | undefined): string | undefined {
  return url && /token=/i.test(url) ? url.replace(secretParam, "$1[redacted]") : url;
}

/** One line per request once its answer has gone: method, URL, status and time taken. */
export function logWhenFinished(req: IncomingMessage, res: ServerResponse) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    requestLogger.info(
      { method: req.method, url: loggedUrl(req.url), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
      "request",
    );
  });
}
