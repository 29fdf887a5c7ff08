// How an answer to a GATE question is read, checked and marked (issue 46, practice; issue 47, the
// exam), by the exam's rules (docs/reference/gate-ch-reference.md, "Exam pattern and marking"):
// - MCQ: four options, one correct; right +marks, wrong −1/3 of a 1-mark or −2/3 of a 2-mark.
// - MSQ: four options, one or more correct; marks only when exactly the correct options are
//   chosen; no negative marks.
// - NAT: a signed number typed on a keypad, with the decimals the question states; right when it
//   falls in the accepted range (inclusive); no negative marks.
// Marks are counted in thirds of a mark, whole numbers, so that sums of −1/3 and −2/3 are exact;
// they are shown with two decimals. The keys never leave the server; this module also runs in the
// browser only to read what was typed.

export type QuestionKey =
  | { type: "mcq"; correct: readonly number[] }
  | { type: "msq"; correct: readonly number[] }
  | { type: "nat"; min: number; max: number; decimals: number };

/** What an aspirant gave: the options chosen (MCQ, MSQ, indices 0–3) or the number as typed (NAT). */
export type AnswerGiven = { type: "mcq" | "msq"; choices: readonly number[] } | { type: "nat"; value: string };

export const OPTION_LABELS = ["A", "B", "C", "D"] as const;
export const OPTION_COUNT = OPTION_LABELS.length;

/** The longest number a NAT answer may be, keys included: a keypad's worth. */
export const NAT_MAX_LENGTH = 16;

export type NatReading = { ok: true; value: number } | { ok: false; message: string };

const NAT_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A NAT answer as typed: a signed decimal number ("-0.5", "12", "3.14", ".5"), at most `decimals`
 * digits after the point (the question says how many to enter; 0 means a whole number).
 */
export function readNat(text: string, decimals: number): NatReading {
  const typed = text.trim();
  if (typed === "") return { ok: false, message: "Enter a number." };
  if (typed.length > NAT_MAX_LENGTH || !NAT_PATTERN.test(typed))
    return { ok: false, message: "Enter a number, such as 12, -0.5 or 3.14." };
  const places = typed.includes(".") ? typed.length - typed.indexOf(".") - 1 : 0;
  if (places > decimals)
    return {
      ok: false,
      message:
        decimals === 0
          ? "Enter a whole number."
          : `Enter at most ${decimals} decimal place${decimals === 1 ? "" : "s"}.`,
    };
  return { ok: true, value: Number(typed) };
}

/** The same set of indices, whatever the order: MSQ is right only when exactly the key is chosen. */
const sameChoices = (a: readonly number[], b: readonly number[]) =>
  new Set(a).size === b.length && b.every((index) => a.includes(index)) && new Set(b).size === b.length;

/** Whether an answer is right; an answer of another type, or unreadable, is not. */
export function isCorrect(key: QuestionKey, given: AnswerGiven): boolean {
  if (key.type === "nat") {
    if (given.type !== "nat") return false;
    const reading = readNat(given.value, key.decimals);
    return reading.ok && reading.value >= key.min && reading.value <= key.max;
  }
  if (given.type === "nat") return false;
  if (key.type === "mcq" && given.choices.length !== 1) return false;
  return sameChoices(given.choices, key.correct);
}

/** Whether an answer was given at all: an option chosen, or something typed. */
export function isAnswered(given: AnswerGiven | null | undefined): given is AnswerGiven {
  if (!given) return false;
  return given.type === "nat" ? given.value.trim() !== "" : given.choices.length > 0;
}

/**
 * The marks an answer earns, in thirds of a mark: +3 × marks when right; when wrong, −marks for an
 * MCQ (−1/3 or −2/3 of a mark) and 0 for MSQ and NAT; 0 when not answered.
 */
export function marksInThirds(key: QuestionKey, marks: number, given: AnswerGiven | null | undefined): number {
  if (!isAnswered(given)) return 0;
  if (isCorrect(key, given)) return 3 * marks;
  return key.type === "mcq" ? -marks : 0;
}

/** Marks in thirds as the exam shows them: two decimals ("-0.67", "1.33", "0.00"). */
export function formatMarks(thirds: number): string {
  const value = thirds / 3;
  const text = (Math.round(value * 100) / 100).toFixed(2);
  return text === "-0.00" ? "0.00" : text;
}

/** The options' indices a form posted ("0"–"3"), each once, in order; anything else dropped. */
export function readChoices(values: readonly string[]): number[] {
  const chosen = new Set<number>();
  for (const value of values) {
    if (/^[0-3]$/.test(value)) chosen.add(Number(value));
  }
  return [...chosen].sort((a, b) => a - b);
}
