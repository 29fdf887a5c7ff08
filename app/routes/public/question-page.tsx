import { data, Link } from "react-router";
import type { Route } from "./+types/question-page";
import { AnswerForm } from "~/components/questions/answer-form";
import { ProgressTally } from "~/components/questions/practice-parts";
import {
  Breadcrumbs,
  linkButton,
  QuestionHtml,
  QuestionMeta,
  QuestionNotFound,
} from "~/components/questions/question-parts";
import { staticPageMeta } from "~/components/static/page-meta";
import { findPublishedQuestion } from "~/db/queries/questions.server";
import { markdownToReadableText } from "~/lib/content/markdown.server";
import { mediaUrl } from "~/lib/media/media-url";
import { practiceHref, questionHref, questionReportHref, typeNames } from "~/lib/questions/practice-link";
import { questionTitle, toQuestionView } from "~/lib/questions/practice.server";
import { questionAction } from "~/lib/questions/question-action.server";
import { cutText, gateSourceLabel } from "~/lib/questions/question-view";
import { dbContext } from "~/lib/request-context";

// A page per published question (issue 46): its own address, a title from its text, in
// sitemap.xml and site search, so that previous-year questions with solutions are found. The
// answer is revealed after an attempt (Check) or on request (Show answer): both POST to the action,
// so the page itself, its cached copy and its route data never hold the key or the solution, and
// the revealed answer has no address of its own (the canonical stays this page).

const messages = {
  notFound: "Question not found",
  back: "See the question bank",
  sourcePaper: (label: string) => `Official paper of ${label}`,
  more: (topic: string) => `Practise more on ${topic}`,
  // The report page's heading (~/lib/forms/question-report-messages.ts), which this page does not load.
  report: "Report a problem with this question",
  description: (gate: string | null, type: string, subject: string, topic: string, text: string) =>
    cutText(
      `${gate ? `${gate}. ` : ""}GATE Chemical Engineering ${type} question on ${topic} (${subject}): ${text}`,
      160,
    ),
  titleOf: (gate: string | null, title: string) => (gate ? `${gate}: ${title}` : title),
  // Short, on a phone: the topic is in the breadcrumb above it.
  heading: (gate: string | null, subject: string) => `${gate ?? "Practice question"}: ${subject}`,
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const row = await findPublishedQuestion(db, params.slug);
  if (!row) return data({ question: null }, { status: 404 });
  const question = toQuestionView(row);
  const gate = gateSourceLabel(question);
  return {
    question: {
      ...question,
      title: messages.titleOf(gate, questionTitle(row.text_md)),
      description: messages.description(
        gate,
        typeNames[question.type].split(" ")[0]!,
        question.subject.title,
        question.topic.title,
        markdownToReadableText(row.text_md),
      ),
      sourcePaper:
        row.source_media_hash && row.source_filename
          ? { href: mediaUrl({ hash: row.source_media_hash, filename: row.source_filename }), title: row.source_title }
          : null,
    },
  };
}

export function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  return questionAction(db, request);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const question = loaderData?.question;
  if (!question) return [{ title: messages.notFound }, { name: "robots", content: "noindex" }];
  return staticPageMeta(matches, {
    title: question.title,
    description: question.description,
    canonicalPath: questionHref(question.slug),
  });
};

export default function QuestionPage({ loaderData: { question }, actionData }: Route.ComponentProps) {
  if (!question) return <QuestionNotFound message={messages.notFound} back={messages.back} />;
  const gate = gateSourceLabel(question);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <Breadcrumbs subject={question.subject} topic={question.topic} />
      <article
        aria-labelledby="question-title"
        className="mt-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h1 id="question-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
          {messages.heading(gate, question.subject.title)}
        </h1>
        <div className="mt-2">
          <QuestionMeta question={question} />
        </div>
        {question.sourcePaper && gate ? (
          <p className="mt-2 text-sm">
            <a href={question.sourcePaper.href} className="font-medium text-brand-700 underline hover:text-brand-800">
              {question.sourcePaper.title || messages.sourcePaper(gate)}
            </a>
          </p>
        ) : null}
        <QuestionHtml html={question.textHtml} className="mt-4 text-lg" />
        <AnswerForm
          key={question.id}
          question={question}
          serverResult={actionData}
          canReveal
          after={
            <Link
              to={practiceHref({ subject: question.subject.key, topic: question.topic.key })}
              className={linkButton.primary}
            >
              {messages.more(question.topic.title)}
            </Link>
          }
        />
      </article>
      <ProgressTally />
      {/* The form has a page of its own: this page loads no form code (first-load JavaScript). */}
      <p className="mt-2">
        <Link
          to={questionReportHref(question.slug)}
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline hover:text-brand-800"
        >
          {messages.report}
        </Link>
      </p>
    </div>
  );
}
