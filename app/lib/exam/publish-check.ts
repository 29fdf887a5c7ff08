import { GENERAL_APTITUDE } from "~/lib/questions/syllabus-topics";
import type { ExamSection } from "./scoring";

// What a test must be before aspirants can take it (issue 47), checked when staff publish it.
// Every test: at least one question, every question published in the bank, General Aptitude
// questions in the GA section and only there. A full-length mock that is not a sample follows the
// real CH paper (docs/reference/gate-ch-reference.md, "Exam pattern and marking"): 65 questions,
// 100 marks, 180 minutes; General Aptitude 10 questions, 15 marks (5 of 1 mark, 5 of 2 marks); the
// subject 55 questions, 85 marks. Pure: the admin action calls it with what the test holds.

export type TestKind = "topic" | "subject" | "full_mock" | "previous_year";

export interface PublishCheckTest {
  kind: TestKind;
  isSample: boolean;
  durationMinutes: number;
}

export interface PublishCheckQuestion {
  position: number;
  section: ExamSection;
  /** The marks of the version the test uses (frozen, or the current one). */
  marks: number;
  /** The question's syllabus section id (GENERAL_APTITUDE for GA). */
  subject: string;
  /** Whether the question is published in the bank. */
  published: boolean;
}

export type PublishCheck = { ok: true } | { ok: false; problems: string[] };

/** The real CH paper (a full-length mock follows it). */
export const FULL_MOCK = {
  questions: 65,
  marks: 100,
  minutes: 180,
  ga: { questions: 10, marks: 15, oneMark: 5, twoMark: 5 },
  subject: { questions: 55, marks: 85 },
} as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const numbers = (positions: number[]) => positions.join(", ");

export const publishMessages = {
  noQuestions: "Add at least one question before publishing.",
  unpublished: (positions: number[]) =>
    `${positions.length === 1 ? "Question" : "Questions"} ${numbers(positions)} ${positions.length === 1 ? "is a draft" : "are drafts"} in the question bank: publish ${positions.length === 1 ? "it" : "them"} there first, or remove ${positions.length === 1 ? "it" : "them"} from the test.`,
  gaOutside: (positions: number[]) =>
    `${positions.length === 1 ? "Question" : "Questions"} ${numbers(positions)} ${positions.length === 1 ? "is a General Aptitude question" : "are General Aptitude questions"} in the subject section: move ${positions.length === 1 ? "it" : "them"} to General Aptitude.`,
  subjectInGa: (positions: number[]) =>
    `${positions.length === 1 ? "Question" : "Questions"} ${numbers(positions)} in the General Aptitude section ${positions.length === 1 ? "is not a General Aptitude question" : "are not General Aptitude questions"}: move ${positions.length === 1 ? "it" : "them"} to the subject section.`,
  mockQuestions: (n: number) =>
    `A full-length mock has ${FULL_MOCK.questions} questions, as the GATE paper does; this one has ${n}.`,
  mockMarks: (marks: number) =>
    `A full-length mock carries ${FULL_MOCK.marks} marks, as the GATE paper does; this one carries ${marks}.`,
  mockGa: (n: number, one: number, two: number) =>
    `General Aptitude has ${FULL_MOCK.ga.questions} questions and ${FULL_MOCK.ga.marks} marks (${FULL_MOCK.ga.oneMark} of 1 mark, ${FULL_MOCK.ga.twoMark} of 2 marks); this test has ${plural(n, "question")} there (${one} of 1 mark, ${two} of 2 marks).`,
  mockSubject: (n: number, marks: number) =>
    `The subject section has ${FULL_MOCK.subject.questions} questions and ${FULL_MOCK.subject.marks} marks; this test has ${plural(n, "question")} and ${plural(marks, "mark")} there.`,
  mockMinutes: (minutes: number) =>
    `A full-length mock lasts ${FULL_MOCK.minutes} minutes, as the GATE paper does; this one is set to ${plural(minutes, "minute")}.`,
} as const;

/** Whether the test may be published; every problem found, in the order staff would fix them. */
export function checkPublish(test: PublishCheckTest, questions: readonly PublishCheckQuestion[]): PublishCheck {
  const problems: string[] = [];
  if (questions.length === 0) return { ok: false, problems: [publishMessages.noQuestions] };
  const sorted = [...questions].sort((a, b) => a.position - b.position);

  const drafts = sorted.filter((q) => !q.published).map((q) => q.position);
  if (drafts.length) problems.push(publishMessages.unpublished(drafts));
  const gaOutside = sorted.filter((q) => q.section === "subject" && q.subject === GENERAL_APTITUDE);
  if (gaOutside.length) problems.push(publishMessages.gaOutside(gaOutside.map((q) => q.position)));
  const subjectInGa = sorted.filter((q) => q.section === "ga" && q.subject !== GENERAL_APTITUDE);
  if (subjectInGa.length) problems.push(publishMessages.subjectInGa(subjectInGa.map((q) => q.position)));

  if (test.kind === "full_mock" && !test.isSample) {
    const ga = sorted.filter((q) => q.section === "ga");
    const subject = sorted.filter((q) => q.section === "subject");
    const marks = (list: readonly PublishCheckQuestion[]) => list.reduce((sum, q) => sum + q.marks, 0);
    if (sorted.length !== FULL_MOCK.questions) problems.push(publishMessages.mockQuestions(sorted.length));
    if (marks(sorted) !== FULL_MOCK.marks) problems.push(publishMessages.mockMarks(marks(sorted)));
    const one = ga.filter((q) => q.marks === 1).length;
    const two = ga.filter((q) => q.marks === 2).length;
    if (ga.length !== FULL_MOCK.ga.questions || one !== FULL_MOCK.ga.oneMark || two !== FULL_MOCK.ga.twoMark)
      problems.push(publishMessages.mockGa(ga.length, one, two));
    if (subject.length !== FULL_MOCK.subject.questions || marks(subject) !== FULL_MOCK.subject.marks)
      problems.push(publishMessages.mockSubject(subject.length, marks(subject)));
    if (test.durationMinutes !== FULL_MOCK.minutes) problems.push(publishMessages.mockMinutes(test.durationMinutes));
  }
  return problems.length ? { ok: false, problems } : { ok: true };
}
