import { describe, expect, it } from "vitest";
import { faqJsonLd, faqs } from "~/content/faqs";
import { syllabusSections } from "~/content/syllabus";

describe("static page content (spec §2)", () => {
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

  it("has five FAQs with unique ids, the validity one pointing to each series' page", () => {
    expect(faqs).toHaveLength(5);
    expect(new Set(faqs.map((f) => f.id)).size).toBe(5);
    expect(faqs.find((f) => f.id === "validity")?.answer).toContain("the period shown on its page");
  });

  it("states no product figure or year that staff can change in the catalogue (issue 26)", () => {
    for (const { answer } of faqs) expect(answer).not.toMatch(/\b20\d\d\b|\b\d+ (tests|months|students)\b|₹/);
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
