import { describe, expect, it } from "vitest";
import { checkPublish, type PublishCheckQuestion } from "~/lib/exam/publish-check";
import {
  countsAsAnswered,
  deadlineOf,
  isBeforeDeadline,
  rankAmong,
  scoreAttempt,
  standingFromCounts,
  type AnswerStatus,
  type SavedAnswer,
  type ScoredQuestion,
} from "~/lib/exam/scoring";
import type { AnswerGiven } from "~/lib/questions/answers";
import { formatMarks } from "~/lib/questions/answers";

// A timed test scored by GATE's rules (issue 47): every edge of the marking on a whole paper,
// which statuses count, the standing among attempts (ties), the deadline to the second, and the
// composition check at publish.

const mcq1: ScoredQuestion = { position: 1, section: "ga", marks: 1, key: { type: "mcq", correct: [2] } };
const mcq2: ScoredQuestion = { position: 2, section: "ga", marks: 2, key: { type: "mcq", correct: [0] } };
const msq2: ScoredQuestion = { position: 3, section: "subject", marks: 2, key: { type: "msq", correct: [0, 3] } };
const msq1: ScoredQuestion = { position: 4, section: "subject", marks: 1, key: { type: "msq", correct: [1] } };
const nat2: ScoredQuestion = {
  position: 5,
  section: "subject",
  marks: 2,
  key: { type: "nat", min: 2.45, max: 2.55, decimals: 2 },
};
const nat1: ScoredQuestion = {
  position: 6,
  section: "subject",
  marks: 1,
  key: { type: "nat", min: -3, max: -3, decimals: 0 },
};

const answered = (position: number, answer: AnswerGiven, status: AnswerStatus = "answered"): SavedAnswer => ({
  position,
  status,
  answer,
});
const choose = (...choices: number[]): AnswerGiven => ({ type: "mcq", choices });
const pick = (...choices: number[]): AnswerGiven => ({ type: "msq", choices });
const typed = (value: string): AnswerGiven => ({ type: "nat", value });

/** The thirds one question earns alone. */
const one = (question: ScoredQuestion, answer: SavedAnswer | null) =>
  scoreAttempt([question], answer ? [{ ...answer, position: question.position }] : []).perQuestion[0]!;

describe("scoring a question by GATE's rules", () => {
  it("MCQ: +1 / +2 when right, −1/3 / −2/3 when wrong", () => {
    expect(one(mcq1, answered(1, choose(2)))).toMatchObject({ thirds: 3, outcome: "correct" });
    expect(one(mcq1, answered(1, choose(1)))).toMatchObject({ thirds: -1, outcome: "wrong" });
    expect(one(mcq2, answered(2, choose(0)))).toMatchObject({ thirds: 6, outcome: "correct" });
    expect(one(mcq2, answered(2, choose(3)))).toMatchObject({ thirds: -2, outcome: "wrong" });
  });

  it("MSQ: marks only for exactly the key; a partial or extra choice is wrong and costs nothing", () => {
    expect(one(msq2, answered(3, pick(3, 0)))).toMatchObject({ thirds: 6, outcome: "correct" });
    expect(one(msq2, answered(3, pick(0)))).toMatchObject({ thirds: 0, outcome: "wrong" });
    expect(one(msq2, answered(3, pick(3)))).toMatchObject({ thirds: 0, outcome: "wrong" });
    expect(one(msq2, answered(3, pick(0, 1, 3)))).toMatchObject({ thirds: 0, outcome: "wrong" });
    expect(one(msq2, answered(3, pick(0, 1, 2, 3)))).toMatchObject({ thirds: 0, outcome: "wrong" });
    expect(one(msq1, answered(4, pick(1)))).toMatchObject({ thirds: 3, outcome: "correct" });
    expect(one(msq1, answered(4, pick(1, 2)))).toMatchObject({ thirds: 0, outcome: "wrong" });
  });

  it("NAT: right at both ends of the range, inclusive; outside by a hundredth is wrong, never negative", () => {
    for (const value of ["2.45", "2.55", "2.5", "2.50", "+2.5"])
      expect(one(nat2, answered(5, typed(value))), value).toMatchObject({ thirds: 6, outcome: "correct" });
    for (const value of ["2.44", "2.56", "-2.5", "25"])
      expect(one(nat2, answered(5, typed(value))), value).toMatchObject({ thirds: 0, outcome: "wrong" });
  });

  it("NAT: more decimals than the question asks for is wrong; a negative whole number is read", () => {
    expect(one(nat2, answered(5, typed("2.500")))).toMatchObject({ thirds: 0, outcome: "wrong" });
    expect(one(nat1, answered(6, typed("-3")))).toMatchObject({ thirds: 3, outcome: "correct" });
    expect(one(nat1, answered(6, typed("-3.0")))).toMatchObject({ thirds: 0, outcome: "wrong" });
    expect(one(nat1, answered(6, typed("3")))).toMatchObject({ thirds: 0, outcome: "wrong" });
  });

  it("an answer of another type, or none, is not right", () => {
    expect(one(nat2, answered(5, choose(1)))).toMatchObject({ thirds: 0, outcome: "wrong" });
    expect(one(mcq1, answered(1, typed("2")))).toMatchObject({ thirds: -1, outcome: "wrong" });
    expect(one(mcq1, null)).toMatchObject({ thirds: 0, outcome: "unattempted" });
    expect(one(mcq1, answered(1, choose()))).toMatchObject({ thirds: 0, outcome: "unattempted" });
    expect(one(nat2, answered(5, typed("  ")))).toMatchObject({ thirds: 0, outcome: "unattempted" });
  });
});

describe("which statuses count", () => {
  it("answered and answered-and-marked are evaluated", () => {
    expect(one(mcq1, answered(1, choose(2), "answered_marked"))).toMatchObject({ thirds: 3, outcome: "correct" });
    expect(one(mcq2, answered(2, choose(1), "answered_marked"))).toMatchObject({ thirds: -2, outcome: "wrong" });
    expect(countsAsAnswered("answered_marked", choose(2))).toBe(true);
  });

  it("marked for review only, not answered and not visited are not, whatever the row holds", () => {
    for (const status of ["marked", "not_answered", "not_visited"] as const) {
      expect(one(mcq1, answered(1, choose(2), status)), status).toMatchObject({ thirds: 0, outcome: "unattempted" });
      expect(one(mcq2, answered(2, choose(1), status)), status).toMatchObject({ thirds: 0, outcome: "unattempted" });
      expect(countsAsAnswered(status, choose(2))).toBe(false);
    }
    expect(countsAsAnswered("answered", null)).toBe(false);
  });
});

describe("scoring a paper", () => {
  const paper = [mcq1, mcq2, msq2, msq1, nat2, nat1];

  it("adds negative marks into a negative total, exactly, per section and in all", () => {
    const score = scoreAttempt(paper, [
      answered(1, choose(0)), // −1/3
      answered(2, choose(1)), // −2/3
      answered(4, pick(2)), // 0, wrong
      answered(5, typed("9")), // 0, wrong
    ]);
    expect(score.thirds).toBe(-3);
    expect(formatMarks(score.thirds)).toBe("-1.00");
    expect(score.sections.ga).toMatchObject({ thirds: -3, maxThirds: 9, questions: 2, correct: 0, wrong: 2 });
    expect(score.sections.subject).toMatchObject({
      thirds: 0,
      maxThirds: 18,
      questions: 4,
      correct: 0,
      wrong: 2,
      unattempted: 2,
    });
    expect(score).toMatchObject({ maxThirds: 27, questions: 6, correct: 0, wrong: 4, unattempted: 2, accuracy: 0 });
  });

  it("three wrong 1-mark MCQs make exactly −1, and one right 1-mark MCQ with one wrong leaves 2/3", () => {
    const many = [1, 2, 3].map((position) => ({ ...mcq1, position }));
    expect(
      scoreAttempt(
        many,
        many.map((q) => answered(q.position, choose(0))),
      ).thirds,
    ).toBe(-3);
    const mixed = scoreAttempt(many.slice(0, 2), [answered(1, choose(2)), answered(2, choose(0))]);
    expect(mixed.thirds).toBe(2);
    expect(formatMarks(mixed.thirds)).toBe("0.67");
  });

  it("counts correct, wrong and unattempted with the accuracy of what was attempted", () => {
    const score = scoreAttempt(paper, [
      answered(1, choose(2)),
      answered(2, choose(3), "answered_marked"),
      answered(3, pick(0, 3)),
      answered(4, pick(1), "marked"),
      answered(5, typed("2.45")),
    ]);
    expect(score).toMatchObject({ correct: 3, wrong: 1, unattempted: 2, thirds: 3 - 2 + 6 + 6 });
    expect(score.accuracy).toBe(75);
    expect(score.perQuestion.map((q) => q.outcome)).toEqual([
      "correct",
      "wrong",
      "correct",
      "unattempted",
      "correct",
      "unattempted",
    ]);
  });

  it("an untouched paper scores zero with no accuracy", () => {
    const score = scoreAttempt(paper, []);
    expect(score).toMatchObject({ thirds: 0, correct: 0, wrong: 0, unattempted: 6, accuracy: null });
  });

  it("scores in paper order whatever order the rows come in", () => {
    const score = scoreAttempt([nat1, mcq1], [answered(1, choose(2))]);
    expect(score.perQuestion.map((q) => q.position)).toEqual([1, 6]);
  });
});

describe("standing among the attempts of a test", () => {
  it("ties share a rank; the next score is ranked after all of them", () => {
    const scores = [30, 45, 45, 12, 45, 60];
    expect(rankAmong(scores, 60)).toEqual({ rank: 1, percentile: 100, of: 6 });
    expect(rankAmong(scores, 45)).toEqual({ rank: 2, percentile: 40, of: 6 });
    expect(rankAmong(scores, 30)).toEqual({ rank: 5, percentile: 20, of: 6 });
    expect(rankAmong(scores, 12)).toEqual({ rank: 6, percentile: 0, of: 6 });
  });

  it("everyone tied: all first, none below", () => {
    expect(rankAmong([7, 7, 7], 7)).toEqual({ rank: 1, percentile: 0, of: 3 });
  });

  it("alone: rank 1 and no percentile", () => {
    expect(rankAmong([-4], -4)).toEqual({ rank: 1, percentile: null, of: 1 });
    expect(standingFromCounts({ above: 0, below: 0, total: 1 })).toEqual({ rank: 1, percentile: null, of: 1 });
  });

  it("negative scores rank below zero", () => {
    expect(rankAmong([0, -1, -3, 3], -1)).toEqual({ rank: 3, percentile: (100 * 1) / 3, of: 4 });
  });

  it("the database's counts give the same standing", () => {
    expect(standingFromCounts({ above: 1, below: 2, total: 6 })).toEqual(rankAmong([30, 45, 45, 12, 45, 60], 45));
  });
});

describe("the deadline, to the second", () => {
  const start = new Date("2026-11-28T04:30:00.250Z");

  it("is the start plus the duration, to the whole second", () => {
    expect(deadlineOf(start, 20, null).toISOString()).toBe("2026-11-28T04:50:00.000Z");
    expect(deadlineOf(new Date("2026-11-28T04:30:00.000Z"), 180, null).toISOString()).toBe("2026-11-28T07:30:00.000Z");
  });

  it("never runs past the window's close", () => {
    const closes = new Date("2026-11-28T04:40:00.000Z");
    expect(deadlineOf(start, 20, closes).toISOString()).toBe("2026-11-28T04:40:00.000Z");
    expect(deadlineOf(start, 20, new Date("2026-11-29T00:00:00.000Z")).toISOString()).toBe("2026-11-28T04:50:00.000Z");
  });

  it("takes answers up to the last millisecond before it, and none at it", () => {
    const deadline = deadlineOf(start, 20, null);
    expect(isBeforeDeadline(deadline, new Date(deadline.getTime() - 1000))).toBe(true);
    expect(isBeforeDeadline(deadline, new Date(deadline.getTime() - 1))).toBe(true);
    expect(isBeforeDeadline(deadline, deadline)).toBe(false);
    expect(isBeforeDeadline(deadline, new Date(deadline.getTime() + 1000))).toBe(false);
  });
});

const question = (position: number, section: "ga" | "subject", marks: number): PublishCheckQuestion => ({
  position,
  section,
  marks,
  subject: section === "ga" ? "general-aptitude" : "heat-transfer",
  published: true,
});

/** The real CH paper: GA 5×1 + 5×2, then the subject 25×1 + 30×2. */
const realPaper = () => {
  const list: PublishCheckQuestion[] = [];
  for (let i = 0; i < 10; i++) list.push(question(list.length + 1, "ga", i < 5 ? 1 : 2));
  for (let i = 0; i < 55; i++) list.push(question(list.length + 1, "subject", i < 25 ? 1 : 2));
  return list;
};

describe("the composition check at publish", () => {
  const mock = { kind: "full_mock" as const, isSample: false, durationMinutes: 180 };

  it("passes the real paper's pattern", () => {
    expect(checkPublish(mock, realPaper())).toEqual({ ok: true });
  });

  it("refuses a full-length mock that strays from it, saying how", () => {
    const short = realPaper().slice(0, 64);
    const result = checkPublish({ ...mock, durationMinutes: 120 }, short);
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toContain("A full-length mock has 65 questions, as the GATE paper does; this one has 64.");
    expect(problems).toContain("A full-length mock carries 100 marks, as the GATE paper does; this one carries 98.");
    expect(problems).toContain(
      "The subject section has 55 questions and 85 marks; this test has 54 questions and 83 marks there.",
    );
    expect(problems).toContain(
      "A full-length mock lasts 180 minutes, as the GATE paper does; this one is set to 120 minutes.",
    );
  });

  it("checks the GA split of 1- and 2-mark questions, not only the totals", () => {
    const paper = realPaper();
    // Swap one GA 1-mark for a 2-mark and one subject 2-mark for a 1-mark: totals unchanged.
    paper[0] = { ...paper[0]!, marks: 2 };
    paper[64] = { ...paper[64]!, marks: 1 };
    const result = checkPublish(mock, paper);
    expect(result.ok ? [] : result.problems).toEqual([
      "General Aptitude has 10 questions and 15 marks (5 of 1 mark, 5 of 2 marks); this test has 10 questions there (4 of 1 mark, 6 of 2 marks).",
      "The subject section has 55 questions and 85 marks; this test has 55 questions and 84 marks there.",
    ]);
  });

  it("a sample mock or a topic test need not follow the pattern", () => {
    const few = [question(1, "ga", 1), question(2, "subject", 2)];
    expect(checkPublish({ ...mock, isSample: true, durationMinutes: 20 }, few)).toEqual({ ok: true });
    expect(checkPublish({ kind: "topic", isSample: false, durationMinutes: 10 }, few)).toEqual({ ok: true });
  });

  it("every test needs a question, published ones only, and GA in its own section", () => {
    const topic = { kind: "topic" as const, isSample: false, durationMinutes: 10 };
    expect(checkPublish(topic, [])).toEqual({ ok: false, problems: ["Add at least one question before publishing."] });
    const result = checkPublish(topic, [
      { ...question(1, "ga", 1), published: false },
      { ...question(2, "subject", 1), subject: "general-aptitude" },
      { ...question(3, "ga", 1), subject: "mass-transfer" },
    ]);
    expect(result.ok ? [] : result.problems).toEqual([
      "Question 1 is a draft in the question bank: publish it there first, or remove it from the test.",
      "Question 2 is a General Aptitude question in the subject section: move it to General Aptitude.",
      "Question 3 in the General Aptitude section is not a General Aptitude question: move it to the subject section.",
    ]);
  });
});
