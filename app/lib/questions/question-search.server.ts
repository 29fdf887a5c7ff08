import type { DB } from "~/db/client.server";
import type { SearchRow } from "~/db/queries/content-search.server";
import { listSearchableQuestions } from "~/db/queries/questions.server";
import { markdownToText } from "~/lib/content/markdown.server";
import { readBankOverview } from "./bank-overview.server";
import { questionHref, subjectAnchor, typeLabels } from "./practice-link";
import { questionTitle } from "./practice.server";
import { gateSourceLabel } from "./question-view";
import { findSubject, findTopic } from "./syllabus-topics";

// What site search finds of the question bank (issue 46): each subject that has published
// questions, with its computed count, and each published question by its text, its subject, topic
// and source (never its key or solution), linking to the question's own page.

const messages = {
  subject: (title: string) => `${title} questions (GATE CH)`,
  subjectDescription: (count: number, topics: string[]) =>
    [`${count} practice ${count === 1 ? "question" : "questions"} with solutions`, ...topics].join(" · "),
  sample: "Sample question",
  keywords: "practice question solution",
  previousYear: "previous year question PYQ",
} as const;

/** A search row that also carries text searched but not shown. */
type TextRow = SearchRow & { text: string };

const words = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" ");

export async function readQuestionSearchRows(db: DB): Promise<SearchRow[]> {
  const [overview, questions] = await Promise.all([readBankOverview(db), listSearchableQuestions(db)]);
  const subjects: SearchRow[] = overview.subjects
    .filter((subject) => subject.count > 0)
    .map((subject) => ({
      kind: "question-bank",
      title: messages.subject(subject.title),
      description: messages.subjectDescription(
        subject.count,
        subject.topics.map((topic) => topic.title),
      ),
      href: `/question-bank#${subjectAnchor(subject.key)}`,
      keywords: messages.keywords,
    }));
  const rows = questions.map((question): TextRow => {
    const subject = findSubject(question.subject)?.title ?? question.subject;
    const topic = findTopic(question.subject, question.topic)?.title ?? question.topic;
    const gate = gateSourceLabel({
      source: question.source,
      gateYear: question.gate_year,
      gateQuestionNo: question.gate_question_no,
    });
    // The title as the page reads (τ, V₁); the searched text keeps the LaTeX too ("tau").
    const title = questionTitle(question.text_md);
    const text = `${markdownToText(question.text_md)} ${title}`;
    return {
      kind: "question",
      title: gate ? `${gate}: ${title}` : title,
      description: [subject, topic, question.is_sample ? messages.sample : null].filter(Boolean).join(" · "),
      href: questionHref(question.slug),
      keywords: words(
        subject,
        topic,
        typeLabels[question.type],
        messages.keywords,
        gate ? messages.previousYear : null,
      ),
      text,
    };
  });
  return [...subjects, ...rows];
}
