import { AsyncLocalStorage } from "node:async_hooks";

// A public list whose read fails shows its empty state (spec §8: "Logged only; the list stays
// empty"), but only in that one response: were it shared, the page cache (server/page-cache.ts)
// would keep serving the empty list to every visitor long after the database is back. The
// helpers that swallow a failed read call markDegraded(); the server renders each request inside
// withDegradedCheck, which turns such a response into `Cache-Control: no-store`, documents and
// route data (.data) alike. Per request through AsyncLocalStorage, so no loader signature changes.

const current = new AsyncLocalStorage<{ degraded: boolean }>();

/** This response shows a failed read as empty: nothing may keep it. Outside a request, nothing. */
export function markDegraded() {
  const state = current.getStore();
  if (state) state.degraded = true;
}

/** Renders, and marks the answer `Cache-Control: no-store` when a read failed while rendering it. */
export async function withDegradedCheck(render: () => Promise<Response>): Promise<Response> {
  const state = { degraded: false };
  const response = await current.run(state, render);
  if (!state.degraded) return response;
  // A copy: a Response's headers may be immutable (Response.redirect).
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
