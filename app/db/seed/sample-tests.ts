// Timed tests of the demo (issue 47): one short sample mock in the GATE interface and five topic
// tests, built only from the original sample questions of ./sample-questions.ts (by their refs),
// each marked as a sample. No GATE paper is invented: the titles say "sample questions", and a
// full-length mock that is not a sample must pass the real paper's composition check. Each is
// also a free test on /free-tests (`freeTest`): the demo's free tests are the site's own.
//
// Data only, with no import but the slug rule: the db layer may not import the renderer (the
// instructions are rendered when seeded, in ~/lib/exam/sample-tests-seed.server.ts; the rows:
// ./sample-test-rows.server.ts).

import { slugify } from "~/core/slug";

export interface SampleTest {
  slug: string;
  title: string;
  kind: "topic" | "subject" | "full_mock" | "previous_year";
  durationMinutes: number;
  instructions: string;
  /** Sample question refs in paper order, by section. */
  ga: readonly string[];
  subject: readonly string[];
  /** Where /free-tests lists it, and what it says there. */
  freeTest: { category: string; subcategory: string; description: string };
}

const mockTests = { category: "GATE CH Mock Tests", subcategory: "Mock Tests in the GATE Interface" } as const;
const topicTests = { category: "GATE CH Topic Tests", subcategory: "Topic Tests in the GATE Interface" } as const;
const onThisSite = "Take it on this site in the GATE interface, then see your score and a review of every question.";

const SECTIONS_RULE =
  "- Move between the General Aptitude and Chemical Engineering sections freely; there is no time limit per section.";

/** The exam's rules as a test's instructions give them; the sections line only for a test with both. */
const rules = (bothSections: boolean) =>
  [
    "- The clock starts when you press **Start**, and the test ends on its own when the time is up. Your answers are saved on our server as you go.",
    ...(bothSections ? [SECTIONS_RULE] : []),
    "- **Save & Next** saves the answer and moves on; **Mark for Review & Next** keeps the question for another look (a marked question that has an answer is counted); **Clear Response** removes the answer.",
    "- MCQ: one correct option. A wrong answer costs 1/3 of a mark for a 1-mark question and 2/3 of a mark for a 2-mark question.",
    "- MSQ: one or more correct options; marks only when exactly the correct options are chosen. No negative marks.",
    "- NAT: type the number with the on-screen keypad, with the decimals the question asks for. No negative marks.",
    "- Use the on-screen calculator, as in the exam.",
  ].join("\n");

/** What /free-tests says of a test: its size and time, then `rest`. */
const freeTestLine = (questions: number, minutes: number, rest: string) =>
  `${questions} sample questions · ${minutes} minutes. ${rest}`;

export const SAMPLE_MOCK_SLUG = "sample-mock-test";

/** A topic test of one subject's sample questions, its texts counting them. */
function topicTest(
  topic: string,
  durationMinutes: number,
  refs: { ga?: readonly string[]; subject?: readonly string[] },
): SampleTest {
  const ga = refs.ga ?? [];
  const subjectRefs = refs.subject ?? [];
  const questions = ga.length + subjectRefs.length;
  return {
    slug: `sample-topic-test-${slugify(topic)}`,
    title: `Topic test: ${topic} (sample questions)`,
    kind: "topic",
    durationMinutes,
    instructions: [
      `A topic test of ${questions} sample questions on ${topic}, written for this site, in ${durationMinutes} minutes, in the GATE interface.`,
      "",
      rules(ga.length > 0 && subjectRefs.length > 0),
    ].join("\n"),
    ga,
    subject: subjectRefs,
    freeTest: { ...topicTests, description: freeTestLine(questions, durationMinutes, onThisSite) },
  };
}

export const sampleTests: readonly SampleTest[] = [
  {
    slug: SAMPLE_MOCK_SLUG,
    title: "Sample mock test (sample questions)",
    kind: "full_mock",
    durationMinutes: 20,
    instructions: [
      "A short sample of a mock test in the GATE interface: 10 sample questions written for this site in the style of the GATE Chemical Engineering paper, in both sections, in 20 minutes. It is not a GATE paper and not a full-length mock (that has 65 questions, 100 marks and 180 minutes).",
      "",
      rules(true),
      "",
      "When you submit, or when the time is up, you see your marks, each section, where you stand among everyone who took this test, and a review of every question with its solution.",
    ].join("\n"),
    ga: ["ga-neither-nor", "ga-mixing-ratio", "ga-same-colour"],
    subject: [
      "pct-phase-rule",
      "fm-reynolds",
      "em-poisson",
      "cre-half-life",
      "ht-composite-wall",
      "mt-minimum-reflux",
      "cre-cstr-rtd",
    ],
    freeTest: {
      ...mockTests,
      description: freeTestLine(
        10,
        20,
        "Take it on this site in the GATE interface, then see your score, your rank among everyone who took it and a review.",
      ),
    },
  },
  topicTest("General Aptitude", 10, {
    ga: ["ga-neither-nor", "ga-meticulous", "ga-same-colour", "ga-mixing-ratio", "ga-plant-p-logic"],
  }),
  topicTest("Process Calculations and Thermodynamics", 10, {
    subject: ["pct-ideal-gas-mass", "pct-evaporator-bypass", "pct-phase-rule", "pct-isothermal-expansion"],
  }),
  topicTest("Fluid Mechanics", 8, { subject: ["fm-reynolds", "fm-laminar-pressure-drop", "fm-manometer"] }),
  topicTest("Mass Transfer", 8, { subject: ["mt-stagnant-film", "mt-minimum-reflux", "mt-kl-theories"] }),
  topicTest("Chemical Reaction Engineering", 8, { subject: ["cre-half-life", "cre-cstr-pfr-ratio", "cre-cstr-rtd"] }),
];
