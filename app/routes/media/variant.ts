import type { Route } from "./+types/variant";
import { serveMediaVariant } from "~/lib/media/serve.server";
import { dbContext } from "~/lib/request-context";

// A picture's responsive variant (issue 45): /media/<hash>/v/<width>.<format>, made on first
// request and kept (~/lib/media/variants.server.ts).
export function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  return serveMediaVariant(db, request, params.hash, params.variant);
}
