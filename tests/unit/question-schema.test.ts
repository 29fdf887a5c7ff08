import { describe, expect, it } from "vitest";
import { previewQuestion, readQuestionForm, slugBaseOf } from "~/lib/questions/question-form.server";
import { fieldErrors } from "~/lib/schemas/fields";
import {
  questionErrors,
  questionFilterOf,
  questionFormValues,
  QuestionSchema,
  type QuestionInput,
} from "~/lib/schemas/admin/question";

// The question bank's one schema (issue 46), at its edges: what the staff form, its action, the
// live preview and every row of an import accept and refuse, and the rendering that turns a
// question's Markdown into what is stored (math that does not parse names its field and line).

const HASH = "0f".repeat(32);

const mcq = (overrides: Record<string, string | undefined> = {}) =>
  Object.fromEntries(
    Object.entries({
      type: "mcq",
      marks: "1",
      subject: "heat-transfer",
      topic: "equation-of-energy",
      difficulty: "easy",
      source: "original",
      status: "draft",
      text: "Which law gives $q = -k\\nabla T$?",
      option_a: "Fourier's",
      option_b: "Newton's",
      option_c: "Fick's",
      option_d: "Stefan's",
      correct_a: "on",
      solution: "Fourier's law.",
      ...overrides,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

const nat = (overrides: Record<string, string | undefined> = {}) =>
  mcq({
    type: "nat",
    option_a: undefined,
    option_b: undefined,
    option_c: undefined,
    option_d: undefined,
    correct_a: undefined,
    nat_min: "2.40",
    nat_max: "2.60",
    nat_decimals: "2",
    ...overrides,
  });

function errorsOf(values: Record<string, string>) {
  const result = QuestionSchema.safeParse(values);
  expect(result.success).toBe(false);
  return fieldErrors(result.error!);
}

const parsed = (values: Record<string, string>) => QuestionSchema.parse(values);

describe("the question schema: types and keys", () => {
  it("reads an MCQ: four options, one key, no range", () => {
    expect(parsed(mcq())).toMatchObject({
      type: "mcq",
      marks: 1,
      options: ["Fourier's", "Newton's", "Fick's", "Stefan's"],
      correct: [0],
      nat: null,
      gate_year: null,
      is_sample: false,
    });
  });

  it("refuses an MCQ with no key, or with two", () => {
    expect(errorsOf(mcq({ correct_a: undefined })).correct).toBe(questionErrors.mcqKey);
    expect(errorsOf(mcq({ correct_c: "on" })).correct).toBe(questionErrors.mcqOneKey);
  });

  it("reads an MSQ with one or more keys, and refuses one with none", () => {
    expect(parsed(mcq({ type: "msq", correct_c: "on", correct_d: "on" })).correct).toEqual([0, 2, 3]);
    expect(parsed(mcq({ type: "msq" })).correct).toEqual([0]);
    expect(errorsOf(mcq({ type: "msq", correct_a: undefined })).correct).toBe(questionErrors.msqKey);
  });

  it.each(["option_a", "option_d"])("refuses an MCQ or MSQ without %s: four options", (option) => {
    expect(errorsOf(mcq({ [option]: "  " })).options).toBe("MCQ needs four options");
    expect(errorsOf(mcq({ type: "msq", [option]: undefined })).options).toBe("MSQ needs four options");
  });

  it("reads a NAT range and drops options and ticks a NAT question cannot have", () => {
    const q = parsed(nat({ option_a: "left over", correct_b: "on" }));
    expect(q).toMatchObject({ options: [], correct: [], nat: { min: 2.4, max: 2.6, decimals: 2 } });
  });

  it("takes a range of one value, negative numbers and whole numbers", () => {
    expect(parsed(nat({ nat_min: "-0.5", nat_max: "-0.5", nat_decimals: "1" })).nat).toEqual({
      min: -0.5,
      max: -0.5,
      decimals: 1,
    });
    expect(parsed(nat({ nat_min: "12", nat_max: "+14", nat_decimals: "0" })).nat).toEqual({
      min: 12,
      max: 14,
      decimals: 0,
    });
    expect(parsed(nat({ nat_min: ".5", nat_max: "1.2500", nat_decimals: "4" })).nat).toEqual({
      min: 0.5,
      max: 1.25,
      decimals: 4,
    });
  });

  it("refuses a NAT with its low above its high, a missing end, or ends with more decimals than stated", () => {
    expect(errorsOf(nat({ nat_min: "2.61", nat_max: "2.60" })).nat_max).toBe(questionErrors.natOrder);
    expect(errorsOf(nat({ nat_min: "" })).nat_min).toBe(questionErrors.natMin);
    expect(errorsOf(nat({ nat_max: undefined })).nat_max).toBe(questionErrors.natMax);
    expect(errorsOf(nat({ nat_decimals: "" })).nat_decimals).toBe(questionErrors.natDecimalsRequired);
    expect(errorsOf(nat({ nat_min: "2.405" })).nat_min).toBe(questionErrors.natPlaces("The lowest accepted answer", 2));
    expect(errorsOf(nat({ nat_max: "3.1", nat_decimals: "0" })).nat_max).toBe(
      questionErrors.natPlaces("The highest accepted answer", 0),
    );
  });

  it.each(["1e3", "2,5", "two", "--1", "1.", "0x10", "Infinity"])("refuses %s as a NAT range end", (value) => {
    expect(errorsOf(nat({ nat_min: value })).nat_min).toBe(questionErrors.natNumber("The lowest accepted answer"));
  });

  it.each(["5", "-1", "1.5", "x"])("refuses %s decimals", (value) => {
    expect(errorsOf(nat({ nat_decimals: value })).nat_decimals).toBe(questionErrors.natDecimals);
  });
});

describe("the question schema: marks, syllabus, source", () => {
  it.each(["1.5", "0", "3", "", "1.0", "one"])("refuses %j marks", (marks) => {
    expect(errorsOf(mcq({ marks })).marks).toBe(questionErrors.marks);
  });

  it("reads 1 and 2 marks, spaces around them allowed", () => {
    expect(parsed(mcq({ marks: " 2 " })).marks).toBe(2);
    expect(parsed(mcq({ marks: "1" })).marks).toBe(1);
  });

  it("keeps every question on a line of the syllabus: a topic of its own subject", () => {
    expect(errorsOf(mcq({ topic: "no-such-topic" })).topic).toBe(questionErrors.topic("Heat Transfer"));
    expect(errorsOf(mcq({ topic: "matrix-algebra" })).topic).toBe(questionErrors.topic("Heat Transfer"));
    expect(errorsOf(mcq({ subject: "astrophysics" })).subject).toBe(questionErrors.subject);
    expect(parsed(mcq({ subject: "general-aptitude", topic: "reading-and-comprehension" })).subject).toBe(
      "general-aptitude",
    );
  });

  it("asks a GATE question for its year (2000–2100) and number (1–65); an original drops them", () => {
    const gate = { source: "gate", gate_year: "2024", gate_question_no: "65" };
    expect(parsed(mcq(gate))).toMatchObject({ source: "gate", gate_year: 2024, gate_question_no: 65 });
    expect(errorsOf(mcq({ source: "gate" }))).toMatchObject({
      gate_year: questionErrors.gateYearRequired,
      gate_question_no: questionErrors.questionNoRequired,
    });
    expect(errorsOf(mcq({ ...gate, gate_year: "1999" })).gate_year).toBe(questionErrors.gateYear);
    expect(errorsOf(mcq({ ...gate, gate_year: "2101" })).gate_year).toBe(questionErrors.gateYear);
    expect(errorsOf(mcq({ ...gate, gate_question_no: "66" })).gate_question_no).toBe(questionErrors.questionNo);
    expect(errorsOf(mcq({ ...gate, gate_question_no: "0" })).gate_question_no).toBe(questionErrors.questionNo);
    expect(parsed(mcq({ gate_year: "2024", gate_question_no: "3", source_media: HASH }))).toMatchObject({
      gate_year: null,
      gate_question_no: null,
      source_media_hash: null,
    });
  });

  it.each([
    [HASH, HASH],
    [HASH.toUpperCase(), HASH],
    [`/media/${HASH}/gate-2024-ch.pdf`, HASH],
    [`https://www.example.in/media/${HASH}/gate%202024.pdf`, HASH],
  ])("reads the official paper %s as its media hash", (value, hash) => {
    expect(
      parsed(mcq({ source: "gate", gate_year: "2024", gate_question_no: "1", source_media: value })).source_media_hash,
    ).toBe(hash);
  });

  it.each(["javascript:alert(1)", "/media/short/x.pdf", "https://example.com/paper.pdf", `/files/${HASH}`])(
    "refuses %s as the official paper",
    (value) => {
      expect(
        errorsOf(mcq({ source: "gate", gate_year: "2024", gate_question_no: "1", source_media: value })).source_media,
      ).toBe(questionErrors.sourceMedia);
    },
  );

  it("refuses an unknown type, status or difficulty", () => {
    expect(errorsOf(mcq({ type: "essay" })).type).toBe(questionErrors.type);
    expect(errorsOf(mcq({ status: "live" })).status).toBe(questionErrors.status);
    expect(errorsOf(mcq({ difficulty: "brutal" })).difficulty).toBe(questionErrors.difficulty);
  });
});

describe("the question schema: text", () => {
  it("requires the text and the solution, and stores their line breaks as LF", () => {
    expect(errorsOf(mcq({ text: "   " })).text).toBe("Question text is required");
    expect(errorsOf(mcq({ solution: undefined })).solution).toBe("Solution is required");
    expect(parsed(mcq({ text: "Line one\r\nLine two\rthree" })).text).toBe("Line one\nLine two\nthree");
  });

  it("refuses control characters, and a line break in an option (one line each)", () => {
    expect(errorsOf(mcq({ text: "Bad \u0000 text" })).text).toBe(
      "Question text contains characters that are not allowed",
    );
    expect(errorsOf(mcq({ option_b: "two\nlines" })).option_b).toBe(
      "Option B must be one line, without tabs or line breaks",
    );
    expect(errorsOf(mcq({ solution: "x".repeat(20_001) })).solution).toBe("Solution must be at most 20000 characters");
  });

  it("gives a stored question back as the form's values, which read as the same question", () => {
    for (const values of [mcq({ type: "msq", correct_c: "on" }), nat({ nat_min: "2.5", nat_decimals: "2" })]) {
      const input: QuestionInput = parsed(values);
      const form = questionFormValues({ ...input, source_media_hash: input.source_media_hash });
      const strings = Object.fromEntries(
        Object.entries(form).flatMap(([k, v]) => (v === false ? [] : [[k, v === true ? "on" : v]])),
      );
      expect(parsed(strings)).toEqual(input);
    }
    expect(questionFormValues({ ...parsed(nat({ nat_min: "2.5" })) }).nat_min).toBe("2.50");
  });

  it("reads the list's filters, ignoring what is not one", () => {
    const search = new URLSearchParams("type=nat&status=live&subject=heat-transfer&topic=<x>&sort=correct&q=%00half ");
    expect(questionFilterOf(search)).toEqual({
      q: "half",
      subject: "heat-transfer",
      topic: null,
      type: "nat",
      status: null,
      difficulty: null,
      source: null,
      sample: null,
      sort: "correct",
    });
  });
});

describe("a question's rendering when it is saved", () => {
  it("renders text, options (inline) and solution to MathML, nothing of the source's $ left", () => {
    const read = readQuestionForm(mcq({ option_a: "$$\\frac{a}{b}$$", text: "Find $x$:\n\n$$x^2 = 4$$" }));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const { version, slugBase } = read.record;
    expect(version.text_html).toContain('<math display="block"');
    expect(version.options_html[0]).toMatch(/^<math display="block"[^>]*>.*<mfrac>/);
    expect(version.options_html[1]).toBe("Newton's");
    expect(version.correct).toEqual([0]);
    expect(version.text_html).not.toContain("$");
    expect(slugBase).toBe("find-x-x-2-4");
  });

  it("refuses math that does not parse with the field, the line and temml's words", () => {
    const read = readQuestionForm(
      mcq({ solution: "First\n\nSecond\n$$\n\\frac{1}{\n$$", text: "ok $x$", option_c: "$\\unknowncommand$" }),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.solution).toMatch(/^Solution, line 5: Unexpected end of input.*\\frac\{1\}\{/);
    expect(read.errors.option_c).toMatch(/^Option C: .*\\unknowncommand/);
    expect(read.errors.text).toBeUndefined();
  });

  it("previews the fields as typed, each with its errors, whatever else is missing", () => {
    const preview = previewQuestion({ type: "nat", text: "$\\alpha$", solution: "line\n$\\beta^{$", nat_min: "1" });
    expect(preview.text).toContain("<mi>α</mi>");
    expect(preview.options).toEqual([]);
    expect(preview.nat).toEqual({ min: "1", max: "", decimals: "" });
    expect(preview.errors.solution).toMatch(/^Solution, line 2: /);
    expect(previewQuestion({ text: "<script>alert(1)</script> $x$" }).text).not.toContain("<script");
  });

  it("makes a slug's base from the text's first words, within 56 characters", () => {
    expect(slugBaseOf("A **1 m** long pipe carries water at $2\\,\\mathrm{m/s}$ through a bend")).toBe(
      "a-1-m-long-pipe-carries-water-at-2-m-s-through-a-bend",
    );
    const long = slugBaseOf("Calculate the overall heat transfer coefficient of a double pipe exchanger with fouling");
    expect(long.length).toBeLessThanOrEqual(56);
    expect(long).toBe("calculate-the-overall-heat-transfer-coefficient-of-a");
    expect(slugBaseOf("$$\\int$$")).toBe("question");
  });
});
