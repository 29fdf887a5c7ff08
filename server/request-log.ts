import type { IncomingMessage, ServerResponse } from "node:http";
import { logRequestLine } from "~/core/logger.server";

// A query parameter named *token carries a secret: the password-reset link's token works as a
// password for its hour (/admin/reset-password?token=…), and logs are read by more people and
// kept longer than that.
const secretParam = /([?&][^=&#]*token=)[^&#]*/gi;

/** The URL as the log keeps it, with the values of *token parameters masked. */
export function loggedUrl(url: string | undefined): string | undefined {
  return url && /token=/i.test(url) ? url.replace(secretParam, "$1[redacted]") : url;
}

/** The request's line: method, URL, status and the milliseconds since `started` (performance.now()). */
export function logRequest(req: IncomingMessage, status: number, started: number) {
  const ms = Math.round((performance.now() - started) * 10) / 10;
  logRequestLine(req.method, loggedUrl(req.url), status, ms);
}

/** One line per request once its answer has gone (answers sent at once call logRequest instead). */
export function logWhenFinished(req: IncomingMessage, res: ServerResponse, started: number) {
  res.once("finish", () => logRequest(req, res.statusCode, started));
}
