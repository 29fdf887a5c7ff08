import { describe, expect, it } from "vitest";
import { formatMarks, isCorrect, marksInThirds, readChoices, readNat, type QuestionKey } from "~/lib/questions/answers";
import { findTopic, syllabusSubjects, topicKey } from "~/lib/questions/syllabus-topics";

// GATE's marking (docs/reference/gate-ch-reference.md): MCQ +marks / −1/3 or −2/3; MSQ only the
// exact set; NAT within the range, inclusive; no negative marks for MSQ and NAT.

const mcq: QuestionKey = { type: "mcq", correct: [2] };
const msq: QuestionKey = { type: "msq", correct: [0, 3] };
const nat: QuestionKey = { type: "nat", min: 2.45, max: 2.55, decimals: 2 };

describe("MCQ", () => {
  it("is right with the one correct option only", () => {
    expect(isCorrect(mcq, { type: "mcq", choices: [2] })).toBe(true);
    expect(isCorrect(mcq, { type: "mcq", choices: [1] })).toBe(false);
    expect(isCorrect(mcq, { type: "mcq", choices: [2, 1] })).toBe(false);
  });

  it("earns +1 or +2, loses 1/3 or 2/3 when wrong, nothing when left", () => {
    expect(marksInThirds(mcq, 1, { type: "mcq", choices: [2] })).toBe(3);
    expect(marksInThirds(mcq, 2, { type: "mcq", choices: [2] })).toBe(6);
    expect(marksInThirds(mcq, 1, { type: "mcq", choices: [0] })).toBe(-1);
    expect(marksInThirds(mcq, 2, { type: "mcq", choices: [0] })).toBe(-2);
    expect(marksInThirds(mcq, 2, { type: "mcq", choices: [] })).toBe(0);
    expect(marksInThirds(mcq, 2, null)).toBe(0);
  });
});

describe("MSQ", () => {
  it("is right only with exactly the correct options, in any order", () => {
    expect(isCorrect(msq, { type: "msq", choices: [3, 0] })).toBe(true);
    expect(isCorrect(msq, { type: "msq", choices: [0] })).toBe(false);
    expect(isCorrect(msq, { type: "msq", choices: [0, 3, 1] })).toBe(false);
    expect(isCorrect(msq, { type: "msq", choices: [1, 2] })).toBe(false);
  });

  it("gives no partial and no negative marks", () => {
    expect(marksInThirds(msq, 2, { type: "msq", choices: [0, 3] })).toBe(6);
    expect(marksInThirds(msq, 2, { type: "msq", choices: [0] })).toBe(0);
    expect(marksInThirds(msq, 1, { type: "msq", choices: [1] })).toBe(0);
  });
});

describe("NAT", () => {
  it("is right within the range, both ends included", () => {
    for (const value of ["2.45", "2.5", "2.55", "+2.50"])
      expect(isCorrect(nat, { type: "nat", value }), value).toBe(true);
    for (const value of ["2.44", "2.56", "-2.5", ""]) expect(isCorrect(nat, { type: "nat", value }), value).toBe(false);
  });

  it("reads signed decimals up to the stated places, and says what is wrong otherwise", () => {
    expect(readNat("-0.5", 1)).toEqual({ ok: true, value: -0.5 });
    expect(readNat(".5", 2)).toEqual({ ok: true, value: 0.5 });
    expect(readNat("12", 0)).toEqual({ ok: true, value: 12 });
    expect(readNat("2.555", 2)).toEqual({ ok: false, message: "Enter at most 2 decimal places." });
    expect(readNat("2.5", 0)).toEqual({ ok: false, message: "Enter a whole number." });
    expect(readNat("1e3", 2).ok).toBe(false);
    expect(readNat("2,5", 2).ok).toBe(false);
    expect(readNat(" ", 2)).toEqual({ ok: false, message: "Enter a number." });
    expect(readNat("1".repeat(17), 0).ok).toBe(false);
    // More decimals than asked is not read, so it is not right even inside the range.
    expect(isCorrect(nat, { type: "nat", value: "2.500" })).toBe(false);
  });

  it("gives no negative marks", () => {
    expect(marksInThirds(nat, 2, { type: "nat", value: "9" })).toBe(0);
    expect(marksInThirds(nat, 2, { type: "nat", value: "2.5" })).toBe(6);
  });
});

describe("marks", () => {
  it("add up exactly in thirds and show with two decimals", () => {
    const wrongs = [mcq, mcq, mcq].map(() => marksInThirds(mcq, 1, { type: "mcq", choices: [0] }));
    expect(formatMarks(wrongs.reduce((a, b) => a + b, 0))).toBe("-1.00");
    expect(formatMarks(-2)).toBe("-0.67");
    expect(formatMarks(-1)).toBe("-0.33");
    expect(formatMarks(4)).toBe("1.33");
    expect(formatMarks(0)).toBe("0.00");
  });

  it("reads posted options once each, in order, and ignores anything else", () => {
    expect(readChoices(["3", "0", "3", "4", "x", "-1"])).toEqual([0, 3]);
  });
});

describe("syllabus topics", () => {
  it("give every topic line of every subject a key unique in its subject", () => {
    expect(syllabusSubjects.map((s) => s.key)).toContain("general-aptitude");
    for (const subject of syllabusSubjects) {
      const keys = subject.topics.map((t) => t.key);
      expect(new Set(keys).size, subject.key).toBe(keys.length);
      for (const key of keys) expect(key, subject.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(findTopic("engineering-mathematics", "matrix-algebra")?.title).toBe("Matrix algebra");
    expect(syllabusSubjects.find((s) => s.key === "general-aptitude")?.section).toBe("ga");
    expect(topicKey("a ".repeat(40))).toHaveLength(47);
  });
});
