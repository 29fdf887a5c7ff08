import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequest } from "@remix-run/node-fetch-server";

// A request's body, as the router takes it: within a limit, and never left half-read on a
// keep-alive connection (issues 7 and 22).

/** Every form of the site posts a few kilobytes; a body larger than this is refused with 413. */
const MAX_BODY_BYTES = 1024 * 1024;

/** How long the rest of a body the route did not read may take to arrive before the connection closes. */
const DISCARD_BODY_MS = 5_000;

/** Why a request was refused before the router saw it: answered as plain text, closing the connection. */
export interface Refusal {
  status: 400 | 413;
  message: string;
}

const tooLarge: Refusal = { status: 413, message: "Payload Too Large" };

/**
 * The request as the router takes it, or a refusal (issue 7, bad input): a body over
 * MAX_BODY_BYTES gets 413 before anything reads it, a request fetch cannot represent (a Host
 * header that is no host, TRACE or CONNECT) gets 400. Never a 500 for the client's mistakes.
 *
 * An upload (`upload`: the media library's address, ~/lib/media/media-url.ts MEDIA_UPLOAD_PATHS)
 * may be as large as the largest file the library takes (issue 45); its action reads it as it
 * arrives and counts a body of unknown length itself, so neither is buffered here. An anonymous
 * 25 MB POST there is answered by the action's guard before a byte of it is read; the rest is
 * then read and dropped within DISCARD_BODY_MS, or the connection closes (discardUnreadBody).
 */
export async function readRequest(
  req: IncomingMessage,
  res: ServerResponse,
  /** `host`: the host the request was addressed to (site-origins.ts), the Request URL's host. */
  url: { trustProxy: boolean; host: string | undefined },
  upload?: { maxBytes: number },
): Promise<Request | Refusal> {
  if (Number(req.headers["content-length"] ?? 0) > (upload?.maxBytes ?? MAX_BODY_BYTES)) return tooLarge;
  let request: Request;
  try {
    request = createRequest(req, res, url);
  } catch {
    return { status: 400, message: "Bad Request" };
  }
  if (!request.body) return request;
  if (req.headers["content-length"] !== undefined || upload) {
    res.once("finish", () => discardUnreadBody(req, request));
    return request;
  }
  // A body of unknown length (chunked): read it here, within the limit, so the same rule holds.
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) return tooLarge;
    chunks.push(chunk);
  }
  return new Request(request, { method: request.method, body: Buffer.concat(chunks) });
}

/**
 * A route that refuses a form over its own limit stops reading the body (it is under
 * MAX_BODY_BYTES, or readRequest had refused it). Left unread, the rest stays on the keep-alive
 * connection and the browser's next request on it is never answered (issue 22): so it is read and
 * dropped, and a client that does not send it within DISCARD_BODY_MS loses the connection.
 */
function discardUnreadBody(req: IncomingMessage, request: Request) {
  if (req.complete || req.destroyed) return;
  const deadline = setTimeout(() => req.socket.destroy(), DISCARD_BODY_MS);
  req.once("end", () => clearTimeout(deadline));
  req.once("close", () => clearTimeout(deadline));
  // The request's body stream stops taking data (it would pause the socket again when full).
  if (request.body && !request.body.locked) void request.body.cancel().catch(() => undefined);
  req.removeAllListeners("data");
  req.resume();
}
