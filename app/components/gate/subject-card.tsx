import { Link } from "react-router";
import { buttonStyles } from "~/components/catalog/buttons";
import { NewTabLink } from "~/components/content/new-tab-link";
import { subjectAnchor } from "~/lib/gate/anchors";
import { formatCount } from "~/lib/format";
import type { SubjectView } from "~/lib/gate/question-bank.server";
import { NotYetAdded } from "./provenance";

// A question-bank subject (issue 24): its count as staff keep it, its topics, and where it is
// practised — the site's free tests of that subject or a link staff set — or plainly not yet.

const messages = {
  questions: (count: number) => (count === 1 ? "question" : "questions"),
  noCount: "Question count not yet added",
  practise: "Practise",
  practiseFree: (name: string) => `Practise free ${name} tests`,
  practiceLink: "Practice link",
} as const;

export function SubjectCard({ subject }: { subject: SubjectView }) {
  const { practice } = subject;
  return (
    <li
      id={subjectAnchor(subject.id)}
      className="flex scroll-mt-20 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 className="text-lg font-bold text-slate-900">{subject.name}</h3>
      <p className="mt-3">
        {subject.count === null ? (
          <span className="text-slate-700">{messages.noCount}</span>
        ) : (
          <>
            <span className="text-3xl font-extrabold text-brand-700">{formatCount(subject.count)}</span>{" "}
            <span className="text-slate-700">{messages.questions(subject.count)}</span>
          </>
        )}
      </p>
      <ul className="mt-4 flex-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {subject.topics.map((topic) => (
          <li key={topic}>{topic}</li>
        ))}
      </ul>
      <div className="mt-5">
        {practice?.kind === "free-tests" ? (
          <Link to={practice.href} className={buttonStyles.primary}>
            {messages.practiseFree(practice.name)}
          </Link>
        ) : practice ? (
          <NewTabLink href={practice.href} context={practice.name} className={buttonStyles.primary}>
            {messages.practise}
          </NewTabLink>
        ) : (
          <p>
            <span className="text-sm font-medium text-slate-800">{messages.practiceLink}: </span>
            <NotYetAdded />
          </p>
        )}
      </div>
    </li>
  );
}
