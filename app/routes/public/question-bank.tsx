import type { Route } from "./+types/question-bank";
import { ContentPage } from "~/components/content/page-header";
import { GateSection } from "~/components/gate/gate-table";
import { SubjectCard } from "~/components/gate/subject-card";
import { staticPageMeta } from "~/components/static/page-meta";
import { getDb } from "~/db/client.server";
import { listSubjectViews } from "~/lib/gate/question-bank.server";
import { noScripts } from "~/lib/route-handle";

const messages = {
  title: "Question Bank",
  description:
    "GATE Chemical Engineering (CH) question bank by subject: how many practice questions each subject has, its topics, and where to practise them free.",
  intro: "Subject-wise practice questions for GATE Chemical Engineering, from concept checks to GATE-level numericals.",
  empty: "No subjects are listed yet.",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => staticPageMeta(matches, messages);

export async function loader() {
  return { subjects: await listSubjectViews(getDb()) };
}

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function QuestionBank({ loaderData: { subjects } }: Route.ComponentProps) {
  const papers = [...new Set(subjects.map((s) => s.paper))];
  return (
    <ContentPage title={messages.title} intro={messages.intro}>
      {subjects.length === 0 ? <p className="mt-8 text-slate-700">{messages.empty}</p> : null}
      {papers.map((paper) => (
        <GateSection key={paper} id={`subjects-${paper.replace(/\W+/g, "-")}`} title={paper} level="large">
          <ul className="grid gap-6 md:grid-cols-3">
            {subjects
              .filter((s) => s.paper === paper)
              .map((subject) => (
                <SubjectCard key={subject.id} subject={subject} />
              ))}
          </ul>
        </GateSection>
      ))}
    </ContentPage>
  );
}
