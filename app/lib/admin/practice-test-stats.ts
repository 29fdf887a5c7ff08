import { countsAsAnswered, type AnswerStatus } from "~/lib/exam/scoring";
import { practiceTestMessages } from "./messages/practice-tests";
import {
  formatMarks,
  isAnswered,
  isCorrect,
  OPTION_LABELS,
  type AnswerGiven,
  type QuestionKey,
} from "~/lib/questions/answers";

// How a test's questions performed (issue 47, "Staff see how questions perform"), from the
// submitted attempts: per question, how many answered it, the share of them right, the average
// time candidates spent on it, and how often each option (or each typed NAT value) was chosen; a
// question few get right is flagged so staff check its key. Per test, the scores' distribution in
// ranges of marks. Pure: the loader hands it grouped rows and the keys, the unit tests call it.

/** "Check the key": fewer than this share right… */
export const FLAG_BELOW_PERCENT = 20;
/** …of at least this many candidates who answered. */
export const FLAG_MIN_ANSWERS = 10;
/** The NAT values listed by name; the rest are counted together. */
export const NAT_VALUES_SHOWN = 5;
/** About this many ranges of marks in the distribution. */
const TARGET_BINS = 10;

/** One distinct saved answer of a position, as the database groups them. */
export interface AnswerGroupRow {
  position: number;
  status: string;
  /** JSON of AnswerGiven, or null. */
  answer: string | null;
  count: number;
  seconds: number;
}

export interface KeyedPosition {
  position: number;
  key: QuestionKey;
}

export interface OptionCount {
  label: string;
  count: number;
  key: boolean;
}

export interface NatCount {
  value: string;
  count: number;
  right: boolean;
}

export interface QuestionStats {
  position: number;
  /** Candidates (submitted attempts) who answered it. */
  answered: number;
  correct: number;
  /** Of those who answered; null when nobody did. */
  percentCorrect: number | null;
  /** Seconds, averaged over the candidates who opened it; null when nobody did. */
  averageSeconds: number | null;
  /** MCQ and MSQ: each option and how many chose it. */
  options: OptionCount[] | null;
  /** NAT: the commonest values typed, and how many typed others. */
  natValues: NatCount[] | null;
  natOthers: number;
  flagged: boolean;
}

const STATUSES = new Set<string>(["not_visited", "not_answered", "answered", "marked", "answered_marked"]);

/** A stored answer's JSON as what was given, or null when it is none or unreadable. */
export function readGiven(json: string | null): AnswerGiven | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as unknown;
    if (typeof value !== "object" || value === null) return null;
    const given = value as { type?: unknown; choices?: unknown; value?: unknown };
    if (given.type === "nat" && typeof given.value === "string") return { type: "nat", value: given.value };
    if (
      (given.type === "mcq" || given.type === "msq") &&
      Array.isArray(given.choices) &&
      given.choices.every((c) => Number.isInteger(c) && c >= 0 && c < OPTION_LABELS.length)
    )
      return { type: given.type, choices: given.choices as number[] };
    return null;
  } catch {
    return null;
  }
}

/** Each question's figures, in the paper's order. */
export function questionStats(paper: readonly KeyedPosition[], groups: readonly AnswerGroupRow[]): QuestionStats[] {
  return paper.map(({ position, key }) => {
    let answered = 0;
    let correct = 0;
    let opened = 0;
    let seconds = 0;
    const optionCounts = [0, 0, 0, 0];
    const natCounts = new Map<string, { count: number; right: boolean }>();
    for (const group of groups) {
      if (group.position !== position || !STATUSES.has(group.status)) continue;
      if (group.status !== "not_visited") {
        opened += group.count;
        seconds += group.seconds;
      }
      const given = readGiven(group.answer);
      if (!countsAsAnswered(group.status as AnswerStatus, given) || !isAnswered(given)) continue;
      answered += group.count;
      const right = isCorrect(key, given);
      if (right) correct += group.count;
      if (given.type === "nat") {
        const value = given.value.trim();
        const entry = natCounts.get(value) ?? { count: 0, right };
        entry.count += group.count;
        natCounts.set(value, entry);
      } else for (const choice of new Set(given.choices)) optionCounts[choice]! += group.count;
    }
    const percentCorrect = answered ? Math.round((correct * 100) / answered) : null;
    const natSorted = [...natCounts.entries()]
      .map(([value, { count, right }]) => ({ value, count, right }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    const natValues = key.type === "nat" ? natSorted.slice(0, NAT_VALUES_SHOWN) : null;
    return {
      position,
      answered,
      correct,
      percentCorrect,
      averageSeconds: opened ? seconds / opened : null,
      options:
        key.type === "nat"
          ? null
          : OPTION_LABELS.map((label, index) => ({
              label,
              count: optionCounts[index]!,
              key: key.correct.includes(index),
            })),
      natValues,
      natOthers: natSorted.slice(NAT_VALUES_SHOWN).reduce((sum, entry) => sum + entry.count, 0),
      flagged: answered >= FLAG_MIN_ANSWERS && (correct * 100) / answered < FLAG_BELOW_PERCENT,
    };
  });
}

export interface ScoreBin {
  /** "Below 0", or a range of marks: "10 to 19.67". */
  label: string;
  /** In thirds, inclusive: the range's lowest and highest score. */
  from: number;
  to: number;
  count: number;
}

export interface ScoreSummary {
  submitted: number;
  /** In thirds; null when nobody submitted. */
  averageThirds: number | null;
  highestThirds: number | null;
  bins: ScoreBin[];
}

/**
 * The submitted scores in ranges of whole marks (about ten over the test's marks; a range ends a
 * third below the next one's start, as marks go in thirds), with a range below 0 when negative
 * marks took someone there. `maxThirds`: the test's full marks, in thirds.
 */
export function scoreSummary(scores: readonly { thirds: number; count: number }[], maxThirds: number): ScoreSummary {
  const submitted = scores.reduce((sum, s) => sum + s.count, 0);
  const maxMarks = Math.max(1, Math.ceil(maxThirds / 3));
  const width = Math.max(1, Math.ceil(maxMarks / TARGET_BINS));
  const count = Math.ceil(maxMarks / width);
  const bins: ScoreBin[] = Array.from({ length: count }, (_, i) => {
    const last = i === count - 1;
    const from = 3 * i * width;
    const to = last ? 3 * maxMarks : 3 * (i + 1) * width - 1;
    return {
      label: `${formatMarks(from).replace(/\.00$/, "")} to ${formatMarks(to).replace(/\.00$/, "")}`,
      from,
      to,
      count: 0,
    };
  });
  const below: ScoreBin = { label: practiceTestMessages.belowZero, from: Number.NEGATIVE_INFINITY, to: -1, count: 0 };
  let total = 0;
  let highest: number | null = null;
  for (const { thirds, count: n } of scores) {
    total += thirds * n;
    highest = highest === null ? thirds : Math.max(highest, thirds);
    if (thirds < 0) below.count += n;
    else bins[Math.min(count - 1, Math.floor(thirds / (3 * width)))]!.count += n;
  }
  return {
    submitted,
    averageThirds: submitted ? Math.round(total / submitted) : null,
    highestThirds: highest,
    bins: below.count > 0 ? [below, ...bins] : bins,
  };
}
