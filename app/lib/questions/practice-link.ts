import type { QuestionDifficulty, QuestionSource, QuestionType } from "~/db/schema";

// The addresses of the question bank's public pages (issue 46), for the server and the browser:
// a practice set is /question-bank/practice with its filters as query parameters, in this order,
// and `at`, the id of the question shown (a cursor: "next" is one index seek). The page cache keeps
// exactly these parameters (server/page-cache-key.ts).

export const PRACTICE_PATH = "/question-bank/practice";

/** The practice page's query parameters, in the order its links write them. */
export const PRACTICE_PARAMS = ["subject", "topic", "type", "difficulty", "source", "at"] as const;

export const QUESTION_TYPES = ["mcq", "msq", "nat"] as const satisfies readonly QuestionType[];
export const DIFFICULTIES = ["easy", "medium", "hard"] as const satisfies readonly QuestionDifficulty[];
/** Practice filters by source only for previous-year questions: "previous-year only". */
export const PRACTICE_SOURCES = ["gate"] as const satisfies readonly QuestionSource[];

export const typeLabels: Record<QuestionType, string> = {
  mcq: "MCQ",
  msq: "MSQ",
  nat: "NAT",
};

/** A type as the filter and the question's header name it. */
export const typeNames: Record<QuestionType, string> = {
  mcq: "MCQ (one correct option)",
  msq: "MSQ (one or more correct options)",
  nat: "NAT (numerical answer)",
};

export const difficultyLabels: Record<QuestionDifficulty, string> = {
  easy: "Easy",
  medium: "Medium",
  hard: "Hard",
};

/** The filters of a practice set, as its address carries them. */
export interface PracticeQuery {
  subject?: string;
  topic?: string;
  type?: QuestionType;
  difficulty?: QuestionDifficulty;
  source?: "gate";
  /** The id of the question shown; the set's first when absent. */
  at?: number;
}

/** The address of a practice set, at one of its questions when `at` is given. */
export function practiceHref(query: PracticeQuery): string {
  const params = new URLSearchParams();
  for (const name of PRACTICE_PARAMS) {
    const value = query[name];
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${PRACTICE_PATH}?${search}` : PRACTICE_PATH;
}

/** A published question's own page. */
export const questionHref = (slug: string) => `/question-bank/q/${encodeURIComponent(slug)}`;

/** Where its problem is reported without JavaScript (the form posts there with it too). */
export const questionReportHref = (slug: string) => `${questionHref(slug)}/report`;

/** Where /question-bank shows a subject: its card. */
export const subjectAnchor = (subject: string) => `subject-${subject}`;
