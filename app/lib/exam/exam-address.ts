// What an attempt's address says (issue 47): the question on screen (?q=N) and the screen
// (?view=paper|summary|instructions; none for a question). Read alike by the server's page and the
// browser, which keeps the address in step as the candidate moves.

export const EXAM_VIEWS = ["paper", "summary", "instructions"] as const;
export type ExamMode = "question" | (typeof EXAM_VIEWS)[number];

/** The question ?q= names, when it is one of the paper's 1..count; otherwise null. */
export function readPosition(value: string | null, count: number): number | null {
  if (value === null || !/^[1-9]\d{0,3}$/.test(value)) return null;
  const position = Number(value);
  return position <= count ? position : null;
}

/** The screen ?view= names; a question for anything else. */
export function readMode(value: string | null): ExamMode {
  return (EXAM_VIEWS as readonly string[]).includes(value ?? "") ? (value as ExamMode) : "question";
}

/** The address of a screen of the attempt at `attemptPath`. */
export function examHref(attemptPath: string, position: number, mode: ExamMode = "question"): string {
  return mode === "question" ? `${attemptPath}?q=${position}` : `${attemptPath}?view=${mode}&q=${position}`;
}
