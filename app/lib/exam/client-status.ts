import { isAnswered, type AnswerGiven } from "~/lib/questions/answers";
import { ANSWER_STATUSES, type AnswerStatus, type ExamSection } from "./scoring";

// The five statuses of a question in the GATE interface (issue 47; docs/reference/gate-ch-reference.md,
// "The exam interface") and how the interface's buttons move a question between them. Pure, so the
// browser, the server's form posts and the tests all move them alike.
// - Showing a question makes a not-visited one "not answered".
// - Save & Next: "answered" with an answer, "not answered" without.
// - Mark for Review & Next: "answered and marked" with an answer (it is evaluated), "marked" without.
// - Clear Response: the answer goes; a review mark stays.
// - Leaving a question any other way (the palette, a section tab) keeps what was last saved: an
//   unsaved choice is dropped, as the exam's instructions say.

export type ExamStatus = AnswerStatus;
export type { ExamSection };
/** The statuses in the legend's order. */
export const EXAM_STATUSES = ANSWER_STATUSES;

export const statusLabels: Record<ExamStatus, string> = {
  not_visited: "Not Visited",
  not_answered: "Not Answered",
  answered: "Answered",
  marked: "Marked for Review",
  answered_marked: "Answered & Marked for Review",
};

/** The legend's longer line for the one status whose meaning is not in its name. */
export const statusNotes: Partial<Record<ExamStatus, string>> = {
  answered_marked: "will be considered for evaluation",
};

export function isExamStatus(value: unknown): value is ExamStatus {
  return typeof value === "string" && (EXAM_STATUSES as readonly string[]).includes(value);
}

/** The status once the question is on screen. */
export function visited(status: ExamStatus): ExamStatus {
  return status === "not_visited" ? "not_answered" : status;
}

/** The button a candidate pressed on a question. */
export type ExamIntent = "save" | "mark" | "clear";

/** What a question's status and stored answer become when `intent` is pressed with `draft` on screen. */
export function afterIntent(
  intent: ExamIntent,
  status: ExamStatus,
  draft: AnswerGiven | null,
): { status: ExamStatus; answer: AnswerGiven | null } {
  const answer = isAnswered(draft) ? draft : null;
  switch (intent) {
    case "save":
      return { status: answer ? "answered" : "not_answered", answer };
    case "mark":
      return { status: answer ? "answered_marked" : "marked", answer };
    case "clear":
      return { status: status === "marked" || status === "answered_marked" ? "marked" : "not_answered", answer: null };
  }
}

export type StatusCounts = Record<ExamStatus, number>;

/** How many questions are in each status. */
export function countStatuses(statuses: Iterable<ExamStatus>): StatusCounts {
  const counts: StatusCounts = { not_visited: 0, not_answered: 0, answered: 0, marked: 0, answered_marked: 0 };
  for (const status of statuses) counts[status] += 1;
  return counts;
}

/** The palette's accessible name of a question: its number and status, and whether it is on screen. */
export function paletteName(number: number, status: ExamStatus, current: boolean): string {
  return `Question ${number}, ${statusLabels[status]}${current ? " (current question)" : ""}`;
}

/**
 * The position Save & Next and Mark for Review & Next go to: the next one, and from the last
 * question back to the first, as the exam does.
 */
export function nextPosition(position: number, count: number): number {
  return position >= count ? 1 : position + 1;
}
