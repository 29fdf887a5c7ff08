import type { Route } from "./+types/file";
import { serveMediaFile } from "~/lib/media/serve.server";
import { dbContext } from "~/lib/request-context";

// A file of the media library (issue 45): /media/<hash>/<name>, public, kept a year by browsers
// and caches (~/lib/media/serve.server.ts). A wrong name for a known file redirects to its name.
export function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  return serveMediaFile(db, request, params.hash, params.name);
}
