import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchContent } from "~/lib/search/site-search.server";
import { liveLearningAppTests, seedDemoContent } from "~/db/seed/demo-content.server";
import { bumpContentVersion } from "~/db/content-version.server";
import { loader as cutoffsLoader } from "~/routes/public/gate-cutoffs";
import { loader as previousYearLoader } from "~/routes/public/previous-year";
import { loader as questionBankLoader } from "~/routes/public/question-bank";
import { predictRank } from "~/lib/gate/predictor.server";
import { loader as predictorLoader } from "~/routes/public/rank-predictor";
import { contextWith } from "../support/router-context";
import { openTestDb, type TestDb } from "../support/test-db";

// The public GATE tools on the demo's reference data (issue 24, items 2–6): what each page's
// loader hands the page.

function loaderArgs(path: string) {
  const url = new URL(path, "http://localhost");
  return { request: new Request(url), url, pattern: url.pathname, params: {}, context: contextWith(t.db) };
}
const predict = (query: string) => predictRank(t.db, new URLSearchParams(query));
const predictorPage = (query: string) => predictorLoader(loaderArgs(`/rank-predictor?${query}`));

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedDemoContent(t.db);
});
afterAll(() => t.cleanup());

describe(`rank predictor on ${process.env.TEST_ENGINE}`, () => {
  it("offers the papers staff keep, Chemical first and chosen, before anything is entered", async () => {
    const data = await predict("");
    expect(data.branches.map((b) => b.value)).toEqual(["ch", "cs", "ec", "me"]);
    expect(data.branches[0]!.label).toBe("Chemical Engineering (CH)");
    expect(data.state).toEqual({ status: "idle", values: { marks: "", branch: "ch", category: "general" } });
    expect(data.result).toBeNull();
    // The chart of CH's points is there already, with no marks on it.
    expect(data.points).toHaveLength(7);
    expect(data.chart?.marksX).toBeNull();
  });

  it("45 marks in CH: a range from the third-party points, low support, and each year's status", async () => {
    const { result, chart } = await predict("marks=45&branch=ch&category=obc");
    expect(result?.estimate.range).toEqual({ best: 415, conservative: 415 });
    expect(result?.estimate.support).toBe("low");
    expect(result?.estimate.kinds).toEqual(["third-party estimate"]);
    const [year] = result!.estimate.years;
    expect(year).toMatchObject({ year: 2025, status: "estimated", between: [{ marks: 40 }, { marks: 49 }] });
    expect(chart?.marksX).not.toBeNull();
    expect(result?.category).toBe("OBC-NCL");
    // 2025 and 2024 have qualifying marks (no Mt, so no score); 2023 and 2022 have none.
    expect(result?.verdicts.map((v) => [v.year, v.qualifying?.mark ?? null, v.qualified, v.score])).toEqual([
      [2025, 24.9, true, { status: "missing", missing: ["topMean"] }],
      [2024, 22.5, true, { status: "missing", missing: ["topMean"] }],
      [2023, null, null, { status: "missing", missing: ["qualifying", "topMean"] }],
      [2022, null, null, { status: "missing", missing: ["qualifying", "topMean"] }],
    ]);
  });

  it("95 marks in CH: above the data, so no range, only the best point on record", async () => {
    const { result } = await predict("marks=95&branch=ch&category=general");
    expect(result?.estimate.range).toBeNull();
    expect(result?.estimate.support).toBe("none");
    expect(result?.estimate.years).toEqual([
      { year: 2025, status: "above-data", highest: { marks: 80, air: 10, kind: "third-party estimate" } },
    ]);
  });

  it("below the lowest point and below the qualifying mark: no range, not qualified", async () => {
    const { result } = await predict("marks=20&branch=ch&category=general");
    expect(result?.estimate.range).toBeNull();
    expect(result?.estimate.years[0]?.status).toBe("below-data");
    expect(result?.verdicts[0]).toMatchObject({ year: 2025, qualified: false, score: { status: "not-qualified" } });
  });

  it("CS has no rank data: no range, no points, no chart", async () => {
    const { result, points, chart, paper } = await predict("marks=60&branch=cs&category=sc");
    expect(paper?.name).toBe("Computer Science and Information Technology");
    expect(result?.estimate).toMatchObject({ referenceYear: null, range: null, support: "none", years: [] });
    expect(result?.verdicts).toEqual([]);
    expect(points).toEqual([]);
    expect(chart).toBeNull();
  });

  it("renders the answer on the server: the page carries HTML, not the maths", async () => {
    const idle = await predictorPage("");
    expect(idle.resultHtml).toBeNull();
    expect(idle.detailsHtml).toContain('role="img"');
    expect(idle.detailsHtml).not.toContain("Your marks:");
    const inside = await predictorPage("marks=45&branch=ch&category=obc");
    expect(inside.resultHtml).toContain("About AIR 415");
    expect(inside.resultHtml).toContain("third-party estimates");
    expect(inside.detailsHtml).toContain("Your marks: 45");
    expect(inside.detailsHtml).toContain("Unverified");
    const none = await predictorPage("marks=60&branch=cs&category=sc");
    expect(none.resultHtml).toContain("We have no rank data for Computer Science and Information Technology (CS) yet");
    expect(none.detailsHtml).toBe("");
    const invalid = await predictorPage("marks=abc&branch=ch&category=general");
    expect(invalid.state.status).toBe("invalid");
    expect(invalid.resultHtml).toBeNull();
  });

  it("answers invalid input with field errors and no result", async () => {
    const data = await predict("marks=100.01&branch=zz&category=general");
    expect(data.state.status).toBe("invalid");
    expect(data.state.status === "invalid" && Object.keys(data.state.errors)).toEqual(["marks", "branch"]);
    expect(data.result).toBeNull();
  });
});

describe(`GATE pages on ${process.env.TEST_ENGINE}`, () => {
  it("cutoffs: every paper, CH's years with their figures, source and verified flag", async () => {
    const { papers } = await cutoffsLoader(loaderArgs("/gate-cutoffs"));
    expect(papers.map((p) => [p.code, p.years.length])).toEqual([
      ["CH", 4],
      ["CS", 0],
      ["EC", 0],
      ["ME", 0],
    ]);
    expect(
      papers[0]!.years.map((y) => [y.year, y.qualifying_general, y.is_qualifying_verified, y.qualifying_source_url]),
    ).toEqual([
      [2025, 27.7, false, "https://engineering.careers360.com/articles/gate-passing-marks-2025"],
      [2024, 25, false, "https://beta2.collegedunia.com/exams/gate/cutoff"],
      [2023, null, false, null],
      [2022, null, false, null],
    ]);
  });

  it("previous-year papers: Chemical first, by year, links only where staff added them", async () => {
    const before = await previousYearLoader(loaderArgs("/previous-year"));
    expect(before.papers.map((p) => [p.code, p.years.map((y) => y.year)])).toEqual([
      ["CH", [2025, 2024, 2023, 2022]],
      ["CS", [2024, 2023, 2022]],
      ["EC", [2024, 2023, 2022]],
      ["ME", [2024, 2023, 2022]],
    ]);
    for (const paper of before.papers)
      for (const y of paper.years) expect([y.question_paper_url, y.answer_key_url]).toEqual([null, null]);
  });

  it("question bank: the free tests staff linked each subject to, never their typed counts (issue 46)", async () => {
    // The demo links two subjects to the learning app's tests, which it writes inactive: no link
    // to a page of tests nobody can open.
    expect((await questionBankLoader(loaderArgs("/question-bank"))).elsewhere).toEqual([]);
    await liveLearningAppTests(t.db);
    const { elsewhere, overview } = await questionBankLoader(loaderArgs("/question-bank"));
    expect(elsewhere.map((s) => [s.name, s.practice.kind])).toEqual([
      ["Fluid Mechanics and Mechanical Operations", "free-tests"],
      ["Heat and Mass Transfer", "free-tests"],
    ]);
    expect(elsewhere[0]!.practice.href).toBe("/free-tests#subcategory-fluid-mechanics");
    // The counts are the bank's published questions, not those staff typed (500, 400, 450).
    expect(overview.subjects.map((subject) => subject.count)).not.toContain(500);
    // A link staff set is used when no free tests practise the subject; an unsafe one never is.
    const [first] = await t.db.selectFrom("gate_subjects").select("id").orderBy("display_order").execute();
    await t.db
      .updateTable("gate_subjects")
      .set({ practice_url: "javascript:alert(1)" })
      .where("id", "=", first!.id)
      .execute();
    expect((await questionBankLoader(loaderArgs("/question-bank"))).elsewhere).toHaveLength(2);
    await t.db
      .updateTable("gate_subjects")
      .set({ practice_url: "https://practice.example/thermo" })
      .where("id", "=", first!.id)
      .execute();
    expect((await questionBankLoader(loaderArgs("/question-bank"))).elsewhere[0]).toMatchObject({
      name: "Process Calculations and Thermodynamics",
      practice: { kind: "external", href: "https://practice.example/thermo" },
    });
  });

  it("site search finds the cutoffs, the papers and the predictor", async () => {
    await bumpContentVersion(t.db);
    const found = async (q: string) => (await searchContent(t.db, q)).map((r) => [r.kind, r.title, r.href]);
    expect(await found("cutoff")).toEqual([
      ["gate-tool", "GATE Cutoffs: qualifying marks by paper, year and category", "/gate-cutoffs"],
      ["gate-cutoff", "GATE CH 2025 cutoff: Chemical Engineering qualifying marks", "/gate-cutoffs#ch-2025"],
      ["gate-cutoff", "GATE CH 2024 cutoff: Chemical Engineering qualifying marks", "/gate-cutoffs#ch-2024"],
    ]);
    // Best first: the shorter title holding both words leads.
    expect(await found("CH 2024")).toEqual([
      ["previous-paper", "GATE CH 2024 question paper and answer key", "/previous-year#ch-2024"],
      ["gate-cutoff", "GATE CH 2024 cutoff: Chemical Engineering qualifying marks", "/gate-cutoffs#ch-2024"],
    ]);
    // Question-bank subjects are the syllabus's, found with their published questions (issue 46),
    // no longer the GATE data's subjects with their typed counts.
    expect((await found("heat transfer questions")).map(([, title]) => title)).not.toContain(
      "Heat and Mass Transfer questions (GATE CH)",
    );
    expect((await found("rank predictor")).map(([, , link]) => link)).toContain("/rank-predictor");
    const [cutoff] = await searchContent(t.db, "CH 2024 cutoff");
    expect(cutoff?.description).toBe("General 25, OBC-NCL/EWS 22.5, SC/ST/PwD 16.6 (unverified)");
  });
});
