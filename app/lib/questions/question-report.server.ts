import { data, type RouterContextProvider } from "react-router";
import { logger } from "~/core/logger.server";
import { findReportedQuestion, insertQuestionReport } from "~/db/queries/questions.server";
import { questionReportMessages } from "~/lib/forms/question-report-messages";
import { formFailure } from "~/lib/forms/read-form.server";
import type { FormSuccess } from "~/lib/forms/submission";
import { visitorSubmissionKey } from "~/lib/forms/idempotency.server";
import { readPublicForm } from "~/lib/forms/public-form.server";
import { pruneRateLimits } from "~/lib/rate-limit.server";
import { dbContext, requestInfoContext } from "~/lib/request-context";
import { QuestionReportSchema } from "~/lib/schemas/question-report";
import { publicFormRule } from "~/lib/forms/visitor-forms.server";

// "Report a problem with this question" (issue 46), by the public forms' rules: body size, the
// honeypot, the per-address limit the contact form has, the schema (control characters refused);
// then stored (once, however often it is posted) before the visitor is told it was received.
// Staff read the reports in the admin, next to the questions.

const BUCKET = "question-report";

export async function submitQuestionReport(
  request: Request,
  context: Readonly<RouterContextProvider>,
  slug: string,
  now = new Date(),
) {
  const db = context.get(dbContext);
  let values: Record<string, string> = {};
  try {
    const read = await readPublicForm(request, context, {
      bucket: BUCKET,
      rule: publicFormRule(),
      schema: QuestionReportSchema,
    });
    if (!read.ok) return read.response;
    values = read.values;
    const question = await findReportedQuestion(db, slug);
    if (!question) return formFailure(404, { formError: questionReportMessages.notFound, values });
    const key = visitorSubmissionKey(BUCKET, context.get(requestInfoContext).clientIp, { slug, ...read.data });
    await insertQuestionReport(
      db,
      { questionId: question.id, versionNo: question.current_version, ...read.data },
      now,
      key,
    );
  } catch (error) {
    logger.error({ err: error, form: BUCKET }, "question report failed");
    return formFailure(503, { formError: questionReportMessages.failure, values });
  }
  await pruneRateLimits(db).catch((error: unknown) => logger.warn({ err: error }, "rate-limit pruning failed"));
  return data<FormSuccess>({ ok: true, message: questionReportMessages.success });
}
