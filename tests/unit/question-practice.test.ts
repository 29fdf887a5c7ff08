import { describe, expect, it } from "vitest";
import { tally } from "~/components/questions/progress";
import { practiceHref, questionHref, questionReportHref } from "~/lib/questions/practice-link";
import { readPracticeQuery } from "~/lib/questions/practice.server";
import { cutText, decimalsHint, gateSourceLabel, givenText, keyText } from "~/lib/questions/question-view";
import { pageKey } from "../../server/page-cache-key";

// The question bank's addresses and words (issue 46): a practice set's address, read back the same,
// kept whole by the page cache; the key and the answer in words; the browser's tally.

const read = (search: string) => readPracticeQuery(new URLSearchParams(search));
const key = (path: string) => pageKey(new URL(path, "http://localhost"));

describe("practice addresses", () => {
  it("writes the filters in one order and reads them back", () => {
    const query = { at: 12, source: "gate", difficulty: "hard", type: "nat", subject: "heat-transfer" } as const;
    const href = practiceHref(query);
    expect(href).toBe("/question-bank/practice?subject=heat-transfer&type=nat&difficulty=hard&source=gate&at=12");
    expect(read(href.split("?")[1]!)).toEqual({ ok: true, query });
    expect(practiceHref({})).toBe("/question-bank/practice");
    expect(questionHref("a-b")).toBe("/question-bank/q/a-b");
    expect(questionReportHref("a-b")).toBe("/question-bank/q/a-b/report");
  });

  it("drops empty filters and a topic of another subject by a redirect; refuses the rest", () => {
    expect(read("subject=heat-transfer&type=&difficulty=")).toEqual({
      ok: false,
      redirect: "/question-bank/practice?subject=heat-transfer",
    });
    expect(read("topic=analogy")).toEqual({ ok: false, redirect: "/question-bank/practice" });
    expect(read("subject=general-aptitude&topic=analogy")).toEqual({
      ok: true,
      query: { subject: "general-aptitude", topic: "analogy" },
    });
    for (const search of [
      "subject=x",
      "topic=nothing",
      "type=mcqs",
      "difficulty=0",
      "source=original",
      "at=0",
      "at=1e3",
    ])
      expect(read(search), search).toEqual({ ok: false });
  });

  it("is cached at its filters and question, fixed for the filters and paged for the question", () => {
    expect(key("/question-bank/practice?utm=1&at=40&subject=heat-transfer&type=nat")).toEqual({
      key: "/question-bank/practice?subject=heat-transfer&type=nat&at=40",
      partition: "paged",
    });
    expect(key("/question-bank/practice?subject=heat-transfer&source=gate")).toEqual({
      key: "/question-bank/practice?subject=heat-transfer&source=gate",
      partition: "fixed",
    });
    expect(key("/question-bank/practice?subject=made-up").partition).toBe("open");
    // A question's page reads no parameter: ?answer=… cannot make a copy of it, nor show an answer.
    expect(key("/question-bank/q/some-question?answer=show")).toEqual({
      key: "/question-bank/q/some-question",
      partition: "fixed",
    });
  });
});

describe("a question's words", () => {
  it("says the key, the answer given and the source", () => {
    expect(keyText({ type: "mcq", correct: [1] })).toBe("B");
    expect(keyText({ type: "msq", correct: [0, 2, 3] })).toBe("A, C and D");
    expect(keyText({ type: "nat", min: 0.79, max: 0.81, decimals: 2 })).toBe("0.79 to 0.81");
    expect(keyText({ type: "nat", min: 0.1 + 0.2, max: 0.1 + 0.2, decimals: 1 })).toBe("0.3");
    // Each end with the decimals the answer is asked to, as the solution writes it.
    expect(keyText({ type: "nat", min: 13.8, max: 13.92, decimals: 2 })).toBe("13.80 to 13.92");
    expect(keyText({ type: "nat", min: 2, max: 2, decimals: 1 })).toBe("2.0");
    expect(givenText({ type: "msq", choices: [1, 3] })).toBe("B and D");
    expect(givenText({ type: "nat", value: " -2.5 " })).toBe("-2.5");
    expect(gateSourceLabel({ source: "gate", gateYear: 2024, gateQuestionNo: 12 })).toBe("GATE 2024, Q12");
    expect(gateSourceLabel({ source: "gate", gateYear: 2023, gateQuestionNo: null })).toBe("GATE 2023");
    expect(gateSourceLabel({ source: "original", gateYear: null, gateQuestionNo: null })).toBeNull();
    expect(decimalsHint(0)).toBe("Enter a whole number.");
    expect(decimalsHint(2)).toBe("Enter a number with up to 2 decimal places.");
  });

  it("cuts a title at a word", () => {
    expect(cutText("short", 70)).toBe("short");
    expect(cutText("A pump delivers water against a head of twenty metres at a rate of two litres", 40)).toBe(
      "A pump delivers water against a head of…",
    );
    expect(cutText("x".repeat(50), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("tallies this browser's progress, over a list or all", () => {
    const progress = { "1": 1, "2": 0, "3": 1 } as const;
    expect(tally(progress)).toEqual({ done: 3, right: 2, wrong: 1 });
    expect(tally(progress, [2, 3, 9])).toEqual({ done: 2, right: 1, wrong: 1 });
  });
});
