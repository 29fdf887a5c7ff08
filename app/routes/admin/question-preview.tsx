import type { Route } from "./+types/question-preview";
import { answerPreview } from "~/lib/admin/question-actions.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import { dbContext } from "~/lib/request-context";

// The question editor's live preview (issue 46): the form's fields posted as they are typed,
// answered with the question rendered by the server (Markdown and math to sanitised MathML, as it
// will be stored) or the lines whose math does not parse. Stores nothing. A POST like every form:
// the server's Origin check (server/request-listener.ts) runs before it, and the guard first here.

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  return answerPreview(db, request);
}
