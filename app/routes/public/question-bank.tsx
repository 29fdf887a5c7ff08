import type { Route } from "./+types/question-bank";
import { ComingSoonButton, ComingSoonNote } from "~/components/static/coming-soon-button";
import { staticPageMeta } from "~/components/static/page-meta";
import { ContentPage } from "~/components/content/page-header";
import { questionBankSubjects } from "~/content/question-bank";

const messages = {
  title: "Question Bank",
  description:
    "GATE Chemical Engineering question bank: 500 questions on process calculations and thermodynamics, 400 on fluid mechanics and 450 on heat and mass transfer.",
  intro: "Subject-wise practice questions for GATE Chemical Engineering, from concept checks to GATE-level numericals.",
  soon: "Online practice from the question bank is coming soon.",
  questions: "questions",
  practice: "Start Practice",
} as const;

const noteId = "question-bank-coming-soon";

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export default function QuestionBank() {
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      <ComingSoonNote id={noteId}>{messages.soon}</ComingSoonNote>

      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {questionBankSubjects.map((subject) => (
          <li key={subject.name} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="text-lg font-bold text-slate-900">{subject.name}</h2>
            <p className="mt-3">
              <span className="text-3xl font-extrabold text-brand-700">{subject.questions}</span>{" "}
              <span className="text-slate-700">{messages.questions}</span>
            </p>
            <ul className="mt-4 flex-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {subject.topics.map((topic) => (
                <li key={topic}>{topic}</li>
              ))}
            </ul>
            <div className="mt-5">
              <ComingSoonButton noteId={noteId} context={subject.name}>
                {messages.practice}
              </ComingSoonButton>
            </div>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}
