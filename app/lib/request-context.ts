import { createContext } from "react-router";
import type { DB } from "~/db/client.server";

/** Per-request facts the HTTP server hands to loaders, actions and the document renderer. */
export interface RequestInfo {
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The visitor's address (behind a trusted proxy, from X-Forwarded-For). */
  clientIp: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", clientIp: "unknown" });

/**
 * The database this request's loaders and actions use: the server sets the process's own
 * (server/request-listener.ts), a test its own. No default, so a request without one fails loudly.
 */
export const dbContext = createContext<DB>();
