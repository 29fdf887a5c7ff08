import type { Route } from "./+types/questions-export";
import { listQuestionsForExport } from "~/db/queries/question-writes.server";
import { download } from "~/lib/admin/downloads.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import { questionsCsv, questionsJson } from "~/lib/questions/question-files.server";
import { questionFilterOf } from "~/lib/schemas/admin/question";
import { dbContext } from "~/lib/request-context";

// The question bank's export (issue 46): /admin/questions/export/questions.csv or .json, every
// question with its current version (or those the list's filters keep), in the columns the import
// reads, so that a file exported, edited and imported again round-trips. Admin-only; never cached.

const files = {
  "questions.csv": { type: "text/csv; charset=utf-8", write: questionsCsv },
  "questions.json": { type: "application/json; charset=utf-8", write: questionsJson },
} as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const file = files[params.file as keyof typeof files] as (typeof files)[keyof typeof files] | undefined;
  if (!file) throw new Response("Not Found", { status: 404 });
  const filter = questionFilterOf(new URL(request.url).searchParams);
  const questions = await listQuestionsForExport(db, filter);
  return download(file.write(questions), params.file, file.type);
}
