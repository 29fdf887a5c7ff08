import type { QuestionDifficulty, QuestionSource, QuestionType } from "~/db/schema";
import { OPTION_LABELS, type AnswerGiven } from "./answers";

// What the question bank's pages hand the browser (issue 46), for the server and the components:
// a question as shown before it is answered, which never holds its key or solution, and the
// answer the server gives once the aspirant has answered or asked for it.

/** A published question at its current version, as a page shows it before any answer. */
export interface QuestionView {
  id: number;
  slug: string;
  /** The version shown: a check names it, so the answer is marked against what was seen. */
  versionNo: number;
  type: QuestionType;
  marks: number;
  /** Sanitised HTML with MathML, rendered when it was saved. */
  textHtml: string;
  /** The four options' HTML (MCQ, MSQ); none for NAT. */
  options: string[];
  /** NAT: the decimals to enter. */
  natDecimals: number | null;
  subject: { key: string; title: string };
  topic: { key: string; title: string };
  difficulty: QuestionDifficulty;
  source: QuestionSource;
  gateYear: number | null;
  gateQuestionNo: number | null;
  isSample: boolean;
}

/**
 * What a stored version shows to be answered: its options' HTML (a JSON list; none for NAT) and,
 * for NAT, the decimals to enter.
 */
export function answerParts(version: { type: QuestionType; options_html: string; nat_decimals: number | null }) {
  const nat = version.type === "nat";
  return {
    options: nat ? [] : parseOptions(version.options_html),
    natDecimals: nat ? (version.nat_decimals ?? 0) : null,
  };
}

function parseOptions(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The key as shown after an answer: the correct options, or the accepted range and decimals. */
export type ShownKey =
  { type: "mcq" | "msq"; correct: number[] } | { type: "nat"; min: number; max: number; decimals: number };

/** What answering (or asking for the answer) brings: the key and the solution. */
export interface Revealed {
  key: ShownKey;
  solutionHtml: string;
}

/** The question page's and the practice page's action: a checked answer, or the answer asked for. */
export type QuestionActionResult =
  | {
      intent: "check";
      ok: true;
      questionId: number;
      versionNo: number;
      given: AnswerGiven;
      correct: boolean;
      revealed: Revealed;
    }
  | { intent: "reveal"; ok: true; questionId: number; versionNo: number; revealed: Revealed }
  | { intent: "check" | "reveal"; ok: false; questionId: number | null; message: string; given?: AnswerGiven };

/** "GATE 2024, Q12" for a previous-year question; null for an original one. */
export function gateSourceLabel(question: Pick<QuestionView, "source" | "gateYear" | "gateQuestionNo">) {
  if (question.source !== "gate" || question.gateYear === null) return null;
  return question.gateQuestionNo === null
    ? `GATE ${question.gateYear}`
    : `GATE ${question.gateYear}, Q${question.gateQuestionNo}`;
}

/** A number of the key as written: no float noise ("0.30000000000000004" is "0.3"). */
const formatNumber = (value: number) => String(Number(value.toPrecision(12)));

/** A NAT key's end with the decimals the answer is asked to ("13.80", not "13.8"). */
function formatKeyEnd(value: number, decimals: number) {
  const text = formatNumber(value);
  const fraction = text.split(".")[1] ?? "";
  return fraction.length >= decimals || text.includes("e") ? text : value.toFixed(decimals);
}

/** The key in words: "B", "A and C", "2.45 to 2.55", "12". */
export function keyText(key: ShownKey): string {
  if (key.type === "nat") {
    const [min, max] = [formatKeyEnd(key.min, key.decimals), formatKeyEnd(key.max, key.decimals)];
    return min === max ? min : `${min} to ${max}`;
  }
  const labels = key.correct.map((index) => OPTION_LABELS[index] ?? "?");
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

/** The answer given in words: "B", "A and C", "2.5"; "" when nothing was given. */
export function givenText(given: AnswerGiven): string {
  if (given.type === "nat") return given.value.trim();
  return keyText({ type: "msq", correct: [...given.choices] });
}

/** What a NAT question asks to enter: "Enter a whole number." or "Enter the value to 2 decimal places." */
export function decimalsHint(decimals: number): string {
  if (decimals === 0) return "Enter a whole number.";
  return `Enter a number with up to ${decimals} decimal place${decimals === 1 ? "" : "s"}.`;
}

/** Text cut at a word boundary to at most `max` characters, with "…" when cut. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  // Cut before the word the limit falls in, unless the limit falls between words.
  const space = text[max - 1] === " " ? cut.length : cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}
