import { isAnswered, marksInThirds, type AnswerGiven, type QuestionKey } from "~/lib/questions/answers";

// A timed test scored by GATE's rules (issue 47; docs/reference/gate-ch-reference.md, "Exam pattern
// and marking"), on the server, in thirds of a mark (~/lib/questions/answers.ts) so sums are exact.
// What counts is what the aspirant saved: "answered" and "answered and marked for review" are
// evaluated (the real exam's instructions say so); "marked for review" without an answer, "not
// answered" and "not visited" are not, whatever answer the row may hold. Pure: the browser may
// import the types, and the unit tests call it directly.

export const SECTIONS = ["ga", "subject"] as const;
export type ExamSection = (typeof SECTIONS)[number];
/** The section tabs' names, as the CH paper's are. */
export const SECTION_TITLES: Record<ExamSection, string> = { ga: "General Aptitude", subject: "Chemical Engineering" };

/** The five statuses of the real exam's question palette. */
export const ANSWER_STATUSES = ["not_visited", "not_answered", "answered", "marked", "answered_marked"] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

export type Outcome = "correct" | "wrong" | "unattempted";

/** A question of the paper as scoring needs it: where it is, its key and its marks. */
export interface ScoredQuestion {
  position: number;
  section: ExamSection;
  /** 1 or 2. */
  marks: number;
  key: QuestionKey;
}

/** What the aspirant saved for a position. */
export interface SavedAnswer {
  position: number;
  status: AnswerStatus;
  answer: AnswerGiven | null;
}

export interface QuestionScore {
  position: number;
  section: ExamSection;
  thirds: number;
  outcome: Outcome;
}

export interface Tally {
  /** Marks earned, in thirds (negative marks included). */
  thirds: number;
  /** The most the questions can give, in thirds. */
  maxThirds: number;
  questions: number;
  correct: number;
  wrong: number;
  unattempted: number;
}

export interface AttemptScore extends Tally {
  perQuestion: QuestionScore[];
  sections: Record<ExamSection, Tally>;
  /** Correct answers as a percentage of the questions attempted; null when none was. */
  accuracy: number | null;
}

/** Whether a saved answer is evaluated: answered (or answered and marked), with an answer given. */
export function countsAsAnswered(status: AnswerStatus, answer: AnswerGiven | null | undefined): answer is AnswerGiven {
  return (status === "answered" || status === "answered_marked") && isAnswered(answer);
}

const emptyTally = (): Tally => ({ thirds: 0, maxThirds: 0, questions: 0, correct: 0, wrong: 0, unattempted: 0 });

function add(tally: Tally, score: QuestionScore, marks: number) {
  tally.thirds += score.thirds;
  tally.maxThirds += 3 * marks;
  tally.questions += 1;
  tally[score.outcome] += 1;
}

/** One question's marks and outcome for what was saved (undefined: never saved). */
export function scoreQuestion(question: ScoredQuestion, saved: SavedAnswer | undefined): QuestionScore {
  const base = { position: question.position, section: question.section };
  if (!saved || !countsAsAnswered(saved.status, saved.answer)) return { ...base, thirds: 0, outcome: "unattempted" };
  const thirds = marksInThirds(question.key, question.marks, saved.answer);
  // A wrong MSQ or NAT earns 0 but is still wrong: the outcome is the check, not the sign.
  const outcome: Outcome = thirds > 0 ? "correct" : "wrong";
  return { ...base, thirds, outcome };
}

/** The whole paper's score: per question (in paper order), per section and in total. */
export function scoreAttempt(questions: readonly ScoredQuestion[], answers: readonly SavedAnswer[]): AttemptScore {
  const byPosition = new Map(answers.map((a) => [a.position, a]));
  const total = emptyTally();
  const sections: Record<ExamSection, Tally> = { ga: emptyTally(), subject: emptyTally() };
  const perQuestion: QuestionScore[] = [];
  for (const question of [...questions].sort((a, b) => a.position - b.position)) {
    const score = scoreQuestion(question, byPosition.get(question.position));
    perQuestion.push(score);
    add(total, score, question.marks);
    add(sections[question.section], score, question.marks);
  }
  const attempted = total.correct + total.wrong;
  return { ...total, perQuestion, sections, accuracy: attempted ? (100 * total.correct) / attempted : null };
}

/** Where one attempt stands among the submitted attempts of its test. */
export interface Standing {
  /** 1 + the attempts strictly above; ties share a rank. */
  rank: number;
  /** 100 × the other attempts strictly below / the other attempts; null when it is the only one. */
  percentile: number | null;
  /** How many attempts, this one included. */
  of: number;
}

/** The standing from counts (as the database gives them): above and below this score, and in all. */
export function standingFromCounts(counts: { above: number; below: number; total: number }): Standing {
  const others = counts.total - 1;
  return {
    rank: 1 + counts.above,
    percentile: others > 0 ? (100 * counts.below) / others : null,
    of: counts.total,
  };
}

/** The standing of `mine` among `scores` (every submitted attempt's score, this one's included). */
export function rankAmong(scores: readonly number[], mine: number): Standing {
  let above = 0;
  let below = 0;
  for (const score of scores) {
    if (score > mine) above++;
    else if (score < mine) below++;
  }
  return standingFromCounts({ above, below, total: Math.max(scores.length, 1) });
}

// --- the time limit ------------------------------------------------------------------------------

/**
 * When an attempt ends: its start plus the test's duration, to the whole second (the interface
 * shows seconds, and "ends at 14:03:07" must mean it), and never after the test's window closes.
 */
export function deadlineOf(startedAt: Date, durationMinutes: number, closesAt: Date | null): Date {
  const end = Math.floor((startedAt.getTime() + durationMinutes * 60_000) / 1000) * 1000;
  return new Date(closesAt ? Math.min(end, closesAt.getTime()) : end);
}

/** Whether an attempt still takes answers at `now`: strictly before its deadline. */
export function isBeforeDeadline(deadlineAt: Date, now: Date): boolean {
  return now.getTime() < deadlineAt.getTime();
}
