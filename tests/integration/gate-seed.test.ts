import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listGatePapers, listPaperYears } from "~/db/queries/gate-papers.server";
import { listPreviousPapers } from "~/db/queries/gate-previous-papers.server";
import { listRankPoints } from "~/db/queries/gate-rank-points.server";
import { listSubjects } from "~/db/queries/gate-subjects.server";
import { seedDemoContent } from "~/db/seed/demo-content.server";
import { openTestDb, type TestDb } from "../support/test-db";

// The demo's GATE data is the reference file's and nothing more (issue 24, item 7).
let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedDemoContent(t.db);
});
afterAll(() => t.cleanup());

describe(`GATE reference seed on ${process.env.TEST_ENGINE}`, () => {
  it("has CH first and the spec's CS, EC and ME as papers", async () => {
    const papers = await listGatePapers(t.db);
    expect(papers.map((p) => p.code)).toEqual(["CH", "CS", "EC", "ME"]);
    expect(papers[0]!.name).toBe("Chemical Engineering");
  });

  it("seeds only the sourced CH qualifying marks, all unverified, and no Mt or candidate count", async () => {
    const years = await listPaperYears(t.db);
    expect(
      years.map((y) => [
        y.paper_code,
        y.year,
        y.institute,
        y.qualifying_general,
        y.qualifying_obc_ews,
        y.qualifying_sc_st_pwd,
      ]),
    ).toEqual([
      ["CH", 2025, "IIT Roorkee", 27.7, 24.9, 18.4],
      ["CH", 2024, "IISc Bangalore", 25, 22.5, 16.6],
      ["CH", 2023, "IIT Kanpur", null, null, null],
      ["CH", 2022, "IIT Kharagpur", null, null, null],
    ]);
    for (const y of years) {
      expect(y.is_qualifying_verified).toBe(false);
      expect(y.top_mean_marks).toBeNull();
      expect(y.candidates_appeared).toBeNull();
      expect(y.qualifying_source_url === null).toBe(y.qualifying_general === null);
    }
  });

  it("seeds the third-party CH rank bands labelled as such, and no points for other papers", async () => {
    const papers = await listGatePapers(t.db);
    const points = await listRankPoints(t.db, papers[0]!.id);
    expect(points.map((p) => [p.marks, p.air])).toEqual([
      [80, 10],
      [79, 11],
      [60, 70],
      [59, 71],
      [50, 260],
      [49, 261],
      [40, 740],
    ]);
    expect(new Set(points.map((p) => p.kind))).toEqual(new Set(["third-party estimate"]));
    for (const paper of papers.slice(1)) expect(await listRankPoints(t.db, paper.id)).toEqual([]);
  });

  it("invents no paper links", async () => {
    const rows = await listPreviousPapers(t.db);
    expect(rows.length).toBe(13);
    for (const row of rows)
      expect([row.question_paper_url, row.answer_key_url, row.source_url]).toEqual([null, null, null]);
  });

  it("links question-bank subjects to the free tests that practise them", async () => {
    const subjects = await listSubjects(t.db);
    expect(subjects.map((s) => [s.name, s.question_count, s.subcategory_name])).toEqual([
      ["Process Calculations and Thermodynamics", 500, null],
      ["Fluid Mechanics and Mechanical Operations", 400, "Fluid Mechanics"],
      ["Heat and Mass Transfer", 450, "Heat Transfer"],
    ]);
  });

  it("adds nothing when seeded again", async () => {
    await seedDemoContent(t.db);
    expect((await listGatePapers(t.db)).length).toBe(4);
    expect((await listPaperYears(t.db)).length).toBe(4);
    expect((await listSubjects(t.db)).length).toBe(3);
  });
});
