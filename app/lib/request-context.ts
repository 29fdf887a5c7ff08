import { createContext } from "react-router";

/** Per-request facts the HTTP server hands to loaders, actions and the document renderer. */
export interface RequestInfo {
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The visitor's address (behind a trusted proxy, from X-Forwarded-For). */
  clientIp: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", clientIp: "unknown" });
