import type { LinkStatus } from "~/db/schema";

// What a link check found, in the terms staff act on (issue 48 item 8). The checker
// (./check.server.ts) records every answer it got, redirects included, and the error that ended
// it, if any; this pure function decides:
// - ok: a 2xx, directly or after temporary redirects (302, 303, 307);
// - moved: a 2xx after a permanent redirect (301, 308): it works, but the link should be updated
//   to where it leads now;
// - broken: 404 Not Found or 410 Gone; client-error: any other 4xx (403 refused, 429 too many);
// - server-error: 5xx; redirect-error: more redirects than allowed, or one to nowhere;
// - timeout, dns-error (the host does not exist), tls-error (the certificate or the handshake),
//   connection-error (refused, reset, unreachable).

/** One answer on the way: the address asked, its HTTP status, and its Location if any. */
export interface LinkHop {
  url: string;
  status: number;
  location?: string | null;
}

/** What one check saw: the answers in order, and the error that ended it (none: the last answer is final). */
export interface LinkOutcome {
  hops: LinkHop[];
  error?: { code?: string; message: string } | null;
}

export interface LinkVerdict {
  status: LinkStatus;
  /** The final answer's HTTP status; null when there was none. */
  httpStatus: number | null;
  /** What went wrong, for staff ("HTTP 404 Not Found", "getaddrinfo ENOTFOUND …"); null when it works. */
  error: string | null;
  /** Where a permanent redirect leads (status moved). */
  finalUrl: string | null;
}

/** The redirects a check follows before it gives up. */
export const MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PERMANENT = new Set([301, 308]);

export const isRedirect = (status: number) => REDIRECTS.has(status);

/** Error codes of name resolution (getaddrinfo). */
const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NODATA", "EAI_NONAME", "ENODATA"]);
const TIMEOUT_CODES = new Set(["ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "ESOCKETTIMEDOUT"]);
/** OpenSSL's certificate errors, as Node names them. */
const TLS_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_REVOKED",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "HOSTNAME_MISMATCH",
  "EPROTO",
]);

function errorStatus(code: string | undefined): LinkStatus {
  if (!code) return "connection-error";
  if (TIMEOUT_CODES.has(code)) return "timeout";
  if (DNS_CODES.has(code)) return "dns-error";
  if (TLS_CODES.has(code) || code.startsWith("ERR_TLS_") || code.startsWith("ERR_SSL_") || code.startsWith("CERT_")) {
    return "tls-error";
  }
  return "connection-error";
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  410: "Gone",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

const httpText = (status: number) => `HTTP ${status}${REASONS[status] ? ` ${REASONS[status]}` : ""}`;

export function classifyLinkOutcome(outcome: LinkOutcome, maxRedirects = MAX_REDIRECTS): LinkVerdict {
  const { hops, error } = outcome;
  const last = hops.at(-1);
  if (error) {
    // Node's advice to developers ("; if the root CA is installed locally, try …") is not for staff.
    const message = error.message.split("; if the root CA")[0]!;
    return { status: errorStatus(error.code), httpStatus: null, error: message, finalUrl: null };
  }
  if (!last) return { status: "connection-error", httpStatus: null, error: "No answer", finalUrl: null };

  const status = last.status;
  if (isRedirect(status)) {
    const redirects = hops.filter((hop) => isRedirect(hop.status)).length;
    const message =
      redirects > maxRedirects
        ? `More than ${maxRedirects} redirects`
        : last.location
          ? `Redirects to an address that cannot be followed: ${last.location}`
          : `${httpText(status)} without a Location`;
    return { status: "redirect-error", httpStatus: status, error: message, finalUrl: null };
  }
  if (status >= 200 && status < 300) {
    const moved = hops.slice(0, -1).some((hop) => PERMANENT.has(hop.status));
    return moved
      ? { status: "moved", httpStatus: status, error: null, finalUrl: last.url }
      : { status: "ok", httpStatus: status, error: null, finalUrl: null };
  }
  if (status === 404 || status === 410) {
    return { status: "broken", httpStatus: status, error: httpText(status), finalUrl: null };
  }
  if (status >= 400 && status < 500) {
    return { status: "client-error", httpStatus: status, error: httpText(status), finalUrl: null };
  }
  if (status >= 500 && status < 600) {
    return { status: "server-error", httpStatus: status, error: httpText(status), finalUrl: null };
  }
  // 1xx or 3xx that are no redirects (304 to a request without conditions), or a made-up status.
  return { status: "client-error", httpStatus: status, error: httpText(status), finalUrl: null };
}

/** Whether a checked link counts as one that stopped working. */
export const isFailingStatus = (status: LinkStatus) => status !== "ok" && status !== "moved";
