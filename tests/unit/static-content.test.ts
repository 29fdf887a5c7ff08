import { describe, expect, it } from "vitest";
import { faqJsonLd, faqs } from "~/content/faqs";
import { paperBranches, paperYears } from "~/content/previous-year";
import { questionBankSubjects } from "~/content/question-bank";
import { syllabusSections } from "~/content/syllabus";
import { messages, readRankPredictorQuery } from "~/lib/schemas/rank-predictor";

const query = (q: string) => readRankPredictorQuery(new URLSearchParams(q));

describe("static page content (spec §2)", () => {
  it("lists the previous-year papers for 2024, 2023 and 2022 in the three branches", () => {
    expect(paperYears).toEqual([2024, 2023, 2022]);
    expect(paperBranches).toEqual(["Computer Science", "Electronics", "Mechanical"]);
  });

  it("gives the question bank subjects 500, 400 and 450 questions", () => {
    expect(questionBankSubjects.map((s) => s.questions)).toEqual([500, 400, 450]);
  });

  it("has the nine GATE CH syllabus sections in order, then General Aptitude", () => {
    expect(syllabusSections.map((s) => s.title)).toEqual([
      "Engineering Mathematics",
      "Process Calculations and Thermodynamics",
      "Fluid Mechanics and Mechanical Operations",
      "Heat Transfer",
      "Mass Transfer",
      "Chemical Reaction Engineering",
      "Instrumentation and Process Control",
      "Plant Design and Economics",
      "Chemical Technology",
      "General Aptitude",
    ]);
    expect(syllabusSections.slice(0, 9).map((s) => s.label)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Section ${i + 1}`),
    );
    expect(syllabusSections[0]?.parts.map((p) => p.title)).toEqual([
      "Linear Algebra",
      "Calculus",
      "Differential Equations",
      "Complex Variables",
      "Probability and Statistics",
      "Numerical Methods",
    ]);
  });

  it("gives every syllabus section a unique fragment id and at least one topic", () => {
    const ids = syllabusSections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
    for (const section of syllabusSections) {
      expect(section.parts.flatMap((p) => p.topics).length).toBeGreaterThan(0);
    }
  });

  it("has five FAQs with unique ids, including the 12-month validity", () => {
    expect(faqs).toHaveLength(5);
    expect(new Set(faqs.map((f) => f.id)).size).toBe(5);
    expect(faqs.some((f) => f.answer.includes("12 months"))).toBe(true);
  });

  it("describes the FAQs as schema.org FAQPage data with the same text", () => {
    const data = faqJsonLd(faqs);
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(5);
    expect(data.mainEntity[0]).toEqual({
      "@type": "Question",
      name: faqs[0]?.question,
      acceptedAnswer: { "@type": "Answer", text: faqs[0]?.answer },
    });
  });
});

describe("rank predictor query", () => {
  it("shows nothing before the form is submitted", () => {
    expect(query("")).toEqual({ status: "idle", values: { marks: "", branch: "", category: "" } });
  });

  it("always predicts 1000 - 1500 for valid input", () => {
    for (const q of [
      "marks=0&branch=cs&category=general",
      "marks=56.33&branch=ec&category=obc",
      "marks=100&branch=me&category=st",
    ]) {
      const state = query(q);
      expect(state.status).toBe("predicted");
      if (state.status === "predicted") expect(state.range).toBe("1000 - 1500");
    }
    const state = query("marks=+72.5+&branch=me&category=sc");
    expect(state.status === "predicted" && state.input).toEqual({ marks: 72.5, branch: "me", category: "sc" });
  });

  it("rejects marks that are missing, not a number or outside 0 to 100", () => {
    const cases: [string, string][] = [
      ["", messages.marksRequired],
      ["abc", messages.marksFormat],
      ["-1", messages.marksFormat],
      ["1e2", messages.marksFormat],
      ["100.5", messages.marksRange],
      ["250", messages.marksRange],
    ];
    for (const [marks, message] of cases) {
      const state = query(`marks=${encodeURIComponent(marks)}&branch=cs&category=general`);
      expect(state.status === "invalid" && state.errors).toEqual({ marks: message });
    }
  });

  it("rejects an unknown branch or category and keeps what was typed", () => {
    const state = query("marks=60&branch=ch&category=");
    expect(state).toEqual({
      status: "invalid",
      values: { marks: "60", branch: "ch", category: "" },
      errors: { branch: messages.branchRequired, category: messages.categoryRequired },
    });
  });
});
