import { createHash } from "node:crypto";

// The answer for a feed (issue 49: the job alerts' Atom feeds and calendar). Feed readers and
// calendar apps fetch again on their own every so often: each answer carries an ETag of its bytes,
// and a fetch naming it (If-None-Match) gets 304 without a body, as the cached pages and media
// files do (server/request-listener.ts, ~/lib/media/serve.server.ts). The ETag is weak: the server
// sends the same bytes compressed or not (server/request-listener.ts finishDocument).

/** A copy may be kept this long (seconds) before it is asked for again: a change waits at most this. */
export const FEED_MAX_AGE = 900;

/** Whether If-None-Match names this ETag (weakly compared, RFC 9110 §13.1.2), or is `*`. */
function matches(ifNoneMatch: string | null, etag: string) {
  if (ifNoneMatch === null) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === bare;
  });
}

export function feedResponse(
  request: Request,
  body: string,
  { contentType, filename }: { contentType: string; filename: string },
): Response {
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  const headers = {
    ETag: etag,
    "Cache-Control": `public, max-age=${FEED_MAX_AGE}`,
    // Opened in place (a feed reader, a calendar's subscribe dialog), saved under this name.
    "Content-Disposition": `inline; filename="${filename}"`,
  };
  if (matches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, "Content-Type": contentType } });
}
