import { data, Link } from "react-router";
import type { Route } from "./+types/question-report";
import { brandedTitle } from "~/components/static/page-meta";
import { QuestionNotFound } from "~/components/questions/question-parts";
import { ReportForm } from "~/components/questions/report-form";
import { findPublishedQuestion } from "~/db/queries/questions.server";
import { questionReportMessages } from "~/lib/forms/question-report-messages";
import { questionHref } from "~/lib/questions/practice-link";
import { questionTitle } from "~/lib/questions/practice.server";
import { submitQuestionReport } from "~/lib/questions/question-report.server";
import { dbContext } from "~/lib/request-context";

// "Report a problem with this question" (issue 46): the form's page for browsers without
// JavaScript and for the practice page's link; with JavaScript the question's page posts here
// from its own form and stays where it is.

const messages = {
  notFound: "Question not found",
  back: "See the question bank",
  about: "About the question:",
  backToQuestion: "Back to the question",
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const row = await findPublishedQuestion(db, params.slug);
  if (!row) return data({ question: null }, { status: 404 });
  return { question: { slug: row.slug, title: questionTitle(row.text_md) } };
}

export function action({ request, context, params }: Route.ActionArgs) {
  return submitQuestionReport(request, context, params.slug);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: brandedTitle(matches, loaderData?.question ? questionReportMessages.heading : messages.notFound) },
  // A form, not a page to land on from a search engine.
  { name: "robots", content: "noindex" },
];

export default function QuestionReport({ loaderData: { question }, actionData }: Route.ComponentProps) {
  if (!question) return <QuestionNotFound message={messages.notFound} back={messages.back} />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{questionReportMessages.heading}</h1>
      <p className="mt-2 text-slate-700">
        {messages.about}{" "}
        <Link to={questionHref(question.slug)} className="font-medium text-brand-700 underline hover:text-brand-800">
          {question.title}
        </Link>
      </p>
      <p className="mt-2 text-slate-700">{questionReportMessages.intro}</p>
      <section
        aria-label={questionReportMessages.heading}
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <ReportForm slug={question.slug} serverResult={actionData} />
      </section>
      <p className="mt-6">
        <Link to={questionHref(question.slug)} className="font-medium text-brand-700 underline hover:text-brand-800">
          {messages.backToQuestion}
        </Link>
      </p>
    </div>
  );
}
