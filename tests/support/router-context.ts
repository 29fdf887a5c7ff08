import { RouterContextProvider } from "react-router";
import type { DB } from "~/db/client.server";
import { dbContext, requestInfoContext } from "~/lib/request-context";

/**
 * A request's router context as the server builds it (server/request-listener.ts): the database
 * its loaders and actions use, and the visitor's address when one is given. A test hands each
 * request its own database this way, with no module mocked.
 */
export function contextWith(db: DB, clientIp?: string) {
  const context = new RouterContextProvider();
  context.set(dbContext, db);
  if (clientIp !== undefined) context.set(requestInfoContext, { nonce: "", clientIp });
  return context;
}
