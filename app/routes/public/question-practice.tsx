import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/question-practice";
import { AnswerForm } from "~/components/questions/answer-form";
import { PracticeFilters, ProgressTally, QuestionList } from "~/components/questions/practice-parts";
import {
  Breadcrumbs,
  linkButton,
  partMessages,
  QuestionHtml,
  QuestionMeta,
} from "~/components/questions/question-parts";
import { staticPageMeta } from "~/components/static/page-meta";
import {
  difficultyLabels,
  practiceHref,
  questionHref,
  questionReportHref,
  typeLabels,
} from "~/lib/questions/practice-link";
import { loadPracticePage, readPracticeQuery } from "~/lib/questions/practice.server";
import { cutText } from "~/lib/questions/question-view";
import { questionAction } from "~/lib/questions/question-action.server";
import { findSubject, findTopic, syllabusSubjects } from "~/lib/questions/syllabus-topics";
import { dbContext } from "~/lib/request-context";

// Practice mode (issue 46): one question of a set at a time, the set named by the address
// (~/lib/questions/practice-link.ts). The page holds no key or solution: Check posts to the action,
// which marks the answer, stores it and answers with the verdict and the solution.

const messages = {
  all: "All subjects",
  heading: (scope: string) => `Practice: ${scope}`,
  previousYear: "previous-year questions",
  description: (scope: string) =>
    `Practise GATE Chemical Engineering questions on ${scope}, one at a time, with the solution after each answer.`,
  narrowed: "Showing",
  topic: "Topic",
  empty: "No questions yet",
  emptyHere: "No published questions match these filters yet.",
  clearFilters: "Show all questions",
  previous: "← Previous",
  next: "Next →",
  nextQuestion: "Next question",
  lastDone: "That was the last question of this set.",
  startAgain: "Start the set again",
  ownPage: "This question's own page",
  report: "Report a problem with this question",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const read = readPracticeQuery(new URL(request.url).searchParams);
  if (!read.ok) {
    if ("redirect" in read) throw redirect(read.redirect);
    throw data(null, { status: 404 });
  }
  const { query } = read;
  const page = await loadPracticePage(db, query);
  if (!page) {
    // An id no longer in the set (unpublished since, an old link): the set from its start.
    if (query.at !== undefined) throw redirect(practiceHref({ ...query, at: undefined }));
    throw data(null, { status: 404 });
  }
  const subject = query.subject ? findSubject(query.subject) : undefined;
  const topic = subject && query.topic ? findTopic(subject.key, query.topic) : undefined;
  return {
    ...page,
    scope: {
      subject: subject ? { key: subject.key, title: subject.title } : undefined,
      topic: topic ? { key: topic.key, title: topic.title } : undefined,
    },
    choices: {
      subjects: syllabusSubjects.map(({ key, title }) => ({ key, title })),
      topics: subject?.topics.map(({ key, title }) => ({ key, title })) ?? [],
    },
  };
}

export function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  return questionAction(db, request);
}

/** What the set is of, for its title: the topic (cut), else the subject, else all subjects. */
function scopeOf(loaderData: Route.ComponentProps["loaderData"] | undefined, withTopic: boolean) {
  const topic = withTopic && loaderData?.scope.topic ? cutText(loaderData.scope.topic.title, 60) : undefined;
  const scope = topic ?? loaderData?.scope.subject?.title ?? messages.all;
  return loaderData?.query.source === "gate" ? `${scope}, ${messages.previousYear}` : scope;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const scope = scopeOf(loaderData, true);
  return [
    ...staticPageMeta(matches, { title: messages.heading(scope), description: messages.description(scope) }),
    // Endless combinations of filters: each question is indexed at its own page instead.
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function QuestionPractice({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, question, number, previous, next, palette, paletteStart, scope, choices } = loaderData;
  const narrowed = [
    query.type && typeLabels[query.type],
    query.difficulty && difficultyLabels[query.difficulty],
  ].filter(Boolean);
  const first = practiceHref({ ...query, at: undefined });
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <Breadcrumbs subject={scope.subject} topic={scope.topic} />
      {/* The subject: a topic's syllabus line can run to several lines on a phone, and is below. */}
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">
        {messages.heading(scopeOf(loaderData, false))}
      </h1>
      {scope.topic ? (
        <p className="mt-1 text-slate-800">
          {messages.topic}: {scope.topic.title}
        </p>
      ) : null}
      {narrowed.length > 0 ? (
        <p className="mt-1 text-sm text-slate-700">
          {messages.narrowed}: {narrowed.join(" · ")}
        </p>
      ) : null}
      <PracticeFilters query={query} choices={choices} open={total === 0} />
      <ProgressTally />

      {question ? (
        <>
          <article
            aria-labelledby="practice-question"
            className="mt-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h2 id="practice-question" className="text-sm font-semibold text-slate-900">
                {partMessages.number(number, total)}
              </h2>
              <QuestionMeta question={question} />
            </div>
            <QuestionHtml html={question.textHtml} className="mt-3 text-lg" />
            <AnswerForm
              key={question.id}
              question={question}
              serverResult={actionData}
              after={
                next ? (
                  <Link to={practiceHref({ ...query, at: next })} className={linkButton.primary}>
                    {messages.nextQuestion}
                  </Link>
                ) : (
                  <p className="text-slate-800">
                    {messages.lastDone}{" "}
                    <Link to={first} className="font-semibold text-brand-700 underline hover:text-brand-800">
                      {messages.startAgain}
                    </Link>
                  </p>
                )
              }
            />
          </article>
          <div className="mt-4 flex justify-between gap-3">
            {previous ? (
              <Link to={practiceHref({ ...query, at: previous })} className={linkButton.secondary}>
                {messages.previous}
              </Link>
            ) : (
              <span />
            )}
            {next ? (
              <Link to={practiceHref({ ...query, at: next })} className={linkButton.secondary}>
                {messages.next}
              </Link>
            ) : null}
          </div>
          <QuestionList query={query} ids={palette} start={paletteStart} current={question.id} />
          <p className="mt-6 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <Link
              to={questionHref(question.slug)}
              className="font-medium text-brand-700 underline hover:text-brand-800"
            >
              {messages.ownPage}
            </Link>
            <Link
              to={questionReportHref(question.slug)}
              className="font-medium text-brand-700 underline hover:text-brand-800"
            >
              {messages.report}
            </Link>
          </p>
        </>
      ) : (
        <>
          <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <h2 className="text-lg font-bold text-slate-900">{messages.empty}</h2>
            <p className="mt-2 text-slate-700">{messages.emptyHere}</p>
          </div>
          {narrowed.length > 0 || query.topic || query.source ? (
            <p className="mt-4 text-center">
              <Link to={practiceHref({ subject: query.subject })} className={linkButton.secondary}>
                {messages.clearFilters}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
