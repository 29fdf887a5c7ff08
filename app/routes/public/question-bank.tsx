import { Link } from "react-router";
import type { Route } from "./+types/question-bank";
import { buttonStyles } from "~/components/catalog/buttons";
import { ContentPage } from "~/components/content/page-header";
import { NewTabLink } from "~/components/content/new-tab-link";
import { staticPageMeta } from "~/components/static/page-meta";
import { formatCount } from "~/lib/format";
import { listSubjectPractice } from "~/lib/gate/question-bank.server";
import { readBankOverview, type SubjectCount } from "~/lib/questions/bank-overview.server";
import { practiceHref, subjectAnchor } from "~/lib/questions/practice-link";
import { noScripts } from "~/lib/route-handle";
import { dbContext } from "~/lib/request-context";
import { HeadedSection } from "~/components/ui/headed-section";

// The question bank (issue 46): the CH syllabus's subjects and General Aptitude, each with the
// number of published questions it holds, counted when the page is rendered, and every subject and
// topic that has questions opening a practice set. A subject without any says so.

const messages = {
  title: "Question Bank",
  description:
    "GATE Chemical Engineering (CH) practice questions by subject and topic, with solutions: MCQ, MSQ and numerical answer questions, free and without an account.",
  intro:
    "Practise GATE Chemical Engineering questions by subject and topic, one at a time, with a solution after each.",
  questions: (count: number) => `${formatCount(count)} ${count === 1 ? "question" : "questions"}`,
  total: (count: number, subjects: number) =>
    `${formatCount(count)} published ${count === 1 ? "question" : "questions"} in ${subjects} ${subjects === 1 ? "subject" : "subjects"}.`,
  practiseAll: "Practise all questions",
  previousYear: (count: number) => `Previous-year GATE questions only (${formatCount(count)})`,
  none: "No questions yet",
  bankEmpty: "No questions are published yet. The subjects below will open for practice as questions are added.",
  practise: (count: number) => (count === 1 ? "Practise the question" : `Practise all ${formatCount(count)} questions`),
  inSubject: (title: string) => ` in ${title}`,
  topics: "Topics with questions",
  topicsWithout: (count: number) =>
    `${count} other syllabus ${count === 1 ? "topic has" : "topics have"} no questions yet.`,
  chSubjects: "Chemical Engineering subjects",
  aptitude: "General Aptitude",
  elsewhere: "Also practise in the free tests",
  elsewhereIntro: "Timed tests on these subjects, outside the question bank:",
  freeTests: (name: string) => `Free ${name} tests`,
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [overview, elsewhere] = await Promise.all([readBankOverview(db), listSubjectPractice(db)]);
  return { overview, elsewhere };
}

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function QuestionBank({ loaderData: { overview, elsewhere } }: Route.ComponentProps) {
  const { subjects, total, previousYear } = overview;
  const withQuestions = subjects.filter((subject) => subject.count > 0).length;
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        {total === 0 ? (
          <p className="text-slate-700">{messages.bankEmpty}</p>
        ) : (
          <>
            <p className="font-semibold text-slate-900">{messages.total(total, withQuestions)}</p>
            <div className="mt-3 flex flex-wrap gap-3">
              <Link to={practiceHref({})} className={buttonStyles.primary}>
                {messages.practiseAll}
              </Link>
              {previousYear > 0 ? (
                <Link to={practiceHref({ source: "gate" })} className={buttonStyles.secondary}>
                  {messages.previousYear(previousYear)}
                </Link>
              ) : null}
            </div>
          </>
        )}
      </div>

      {(
        [
          ["subject", messages.chSubjects],
          ["ga", messages.aptitude],
        ] as const
      ).map(([section, heading]) => (
        <section key={section} aria-labelledby={`bank-${section}`} className="mt-8">
          <h2 id={`bank-${section}`} className="text-xl font-bold text-slate-900">
            {heading}
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {subjects
              .filter((subject) => subject.section === section)
              .map((subject) => (
                <SubjectCard key={subject.key} subject={subject} />
              ))}
          </ul>
        </section>
      ))}

      {elsewhere.length > 0 ? (
        <HeadedSection
          heading={messages.elsewhere}
          headingClassName="text-xl font-bold text-slate-900"
          intro={messages.elsewhereIntro}
          introClassName="mt-2 text-slate-700"
          className="mt-10"
        >
          <ul className="mt-3 space-y-2">
            {elsewhere.map(({ id, name, practice }) => (
              <li key={id}>
                <span className="font-medium text-slate-900">{name}: </span>
                {practice.kind === "free-tests" ? (
                  <Link to={practice.href} className="font-semibold text-brand-700 underline hover:text-brand-800">
                    {messages.freeTests(practice.name)}
                  </Link>
                ) : (
                  <NewTabLink
                    href={practice.href}
                    context={practice.name}
                    className="font-semibold text-brand-700 underline hover:text-brand-800"
                  >
                    {practice.name}
                  </NewTabLink>
                )}
              </li>
            ))}
          </ul>
        </HeadedSection>
      ) : null}
    </ContentPage>
  );
}

function SubjectCard({ subject }: { subject: SubjectCount }) {
  const headingId = `${subjectAnchor(subject.key)}-title`;
  return (
    <li
      id={subjectAnchor(subject.key)}
      aria-labelledby={headingId}
      className="flex scroll-mt-20 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {subject.title}
      </h3>
      {subject.count === 0 ? (
        <p className="mt-2 text-slate-700">{messages.none}</p>
      ) : (
        <>
          <p className="mt-2 text-2xl font-extrabold text-brand-700">{messages.questions(subject.count)}</p>
          <h4 className="mt-4 text-sm font-semibold text-slate-900">{messages.topics}</h4>
          <ul className="mt-1 flex-1 space-y-1 text-sm">
            {subject.topics.map((topic) => (
              <li key={topic.key}>
                <Link
                  to={practiceHref({ subject: subject.key, topic: topic.key })}
                  className="inline-flex min-h-8 items-center text-brand-700 underline hover:text-brand-800"
                >
                  {topic.title} ({formatCount(topic.count)})
                </Link>
              </li>
            ))}
          </ul>
          {subject.topicsWithout > 0 ? (
            <p className="mt-2 text-sm text-slate-600">{messages.topicsWithout(subject.topicsWithout)}</p>
          ) : null}
          <div className="mt-4">
            <Link to={practiceHref({ subject: subject.key })} className={buttonStyles.primary}>
              {messages.practise(subject.count)}
              <span className="sr-only">{messages.inSubject(subject.title)}</span>
            </Link>
          </div>
        </>
      )}
    </li>
  );
}
