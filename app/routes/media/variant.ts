import type { Route } from "./+types/variant";
import { serveMediaVariant } from "~/lib/media/serve.server";

// A picture's responsive variant (issue 45): /media/<hash>/v/<width>.<format>, made on first
// request and kept (~/lib/media/variants.server.ts).
export function loader({ request, params }: Route.LoaderArgs) {
  return serveMediaVariant(request, params.hash, params.variant);
}
