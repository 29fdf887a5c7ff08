import type { DB } from "../client.server";

// The GATE reference data the demo starts from (issue 24), taken only from
// docs/reference/gate-ch-reference.md and marked with its status there: every figure is
// unverified until staff check it against the organising institute's PDF, no figure that file
// lacks is filled in, and no paper link is made up (the rows of /previous-year start "not yet
// added"). The spec's CS, EC and ME exist as papers, without data. Staff replace all of it in the
// GATE data manager, so it is written only into empty tables.

const papers = [
  { code: "CH", name: "Chemical Engineering" },
  { code: "CS", name: "Computer Science and Information Technology" },
  { code: "EC", name: "Electronics and Communication Engineering" },
  { code: "ME", name: "Mechanical Engineering" },
];

/** CH paper-years: organising institutes, and qualifying marks where a source gave them. */
const chYears = [
  {
    year: 2025,
    institute: "IIT Roorkee",
    qualifying: [27.7, 24.9, 18.4],
    source: "https://engineering.careers360.com/articles/gate-passing-marks-2025",
  },
  {
    year: 2024,
    institute: "IISc Bangalore",
    qualifying: [25.0, 22.5, 16.6],
    source: "https://beta2.collegedunia.com/exams/gate/cutoff",
  },
  // 2023 and 2022: no source gave the qualifying marks, so only the year and its institute.
  { year: 2023, institute: "IIT Kanpur", qualifying: null, source: null },
  { year: 2022, institute: "IIT Kharagpur", qualifying: null, source: null },
] as const;

/**
 * The only CH marks-vs-rank figures seen: a third-party site's expected bands with no stated
 * method (AIR 1–10 at 80+ marks, 11–70 at 60–79, 71–260 at 50–59, 261–740 at 40–49), entered as
 * each band's edges. The page does not say which year; they are filed under the latest one.
 */
const chBandEdges = [
  [80, 10],
  [79, 11],
  [60, 70],
  [59, 71],
  [50, 260],
  [49, 261],
  [40, 740],
] as const;
const bandSource = {
  year: 2025,
  source_label: "Careers360: expected GATE CH marks vs rank (no stated method)",
  source_url: "https://engineering.careers360.com/article/213464",
};

/** The spec's previous-year rows: CH for each year above, and CS, EC and ME for 2024 to 2022. */
const previousPaperYears: Record<string, number[]> = {
  CH: [2025, 2024, 2023, 2022],
  CS: [2024, 2023, 2022],
  EC: [2024, 2023, 2022],
  ME: [2024, 2023, 2022],
};

/** The question bank's demo subjects (the spec's three counts), with the free tests that practise them. */
const chSubjects = [
  {
    name: "Process Calculations and Thermodynamics",
    question_count: 500,
    topics: ["Material and energy balances", "Recycle, bypass and purge", "Phase and reaction equilibria"],
    practice: null,
  },
  {
    name: "Fluid Mechanics and Mechanical Operations",
    question_count: 400,
    topics: ["Flow through pipes and pumps", "Packed and fluidized beds", "Filtration and size reduction"],
    practice: "Fluid Mechanics",
  },
  {
    name: "Heat and Mass Transfer",
    question_count: 450,
    topics: ["Heat exchangers and evaporators", "Distillation and absorption", "HTU, NTU and stage efficiency"],
    practice: "Heat Transfer",
  },
];

export async function seedGateReference(db: DB, stamp: string) {
  const existing = await db.selectFrom("gate_papers").select("id").limit(1).executeTakeFirst();
  if (existing) return;
  const stamps = { created_at: stamp, updated_at: stamp };
  const inserted = await db
    .insertInto("gate_papers")
    .values(papers.map((p, i) => ({ ...p, display_order: i + 1, ...stamps })))
    .returning(["id", "code"])
    .execute();
  const paperId = (code: string) => inserted.find((p) => p.code === code)!.id;
  const ch = paperId("CH");

  await db
    .insertInto("gate_paper_years")
    .values(
      chYears.map((y) => ({
        paper_id: ch,
        year: y.year,
        institute: y.institute,
        qualifying_general: y.qualifying?.[0] ?? null,
        qualifying_obc_ews: y.qualifying?.[1] ?? null,
        qualifying_sc_st_pwd: y.qualifying?.[2] ?? null,
        qualifying_source_url: y.source,
        is_qualifying_verified: false,
        ...stamps,
      })),
    )
    .execute();

  await db
    .insertInto("gate_rank_points")
    .values(
      chBandEdges.map(([marks, air]) => ({
        paper_id: ch,
        marks,
        air,
        kind: "third-party estimate" as const,
        ...bandSource,
        ...stamps,
      })),
    )
    .execute();

  await db
    .insertInto("gate_previous_papers")
    .values(
      Object.entries(previousPaperYears).flatMap(([code, years]) =>
        years.map((year) => ({ paper_id: paperId(code), year, ...stamps })),
      ),
    )
    .execute();

  const subcategories = await db.selectFrom("test_subcategories").select(["id", "name"]).execute();
  await db
    .insertInto("gate_subjects")
    .values(
      chSubjects.map((s, i) => ({
        paper_id: ch,
        name: s.name,
        question_count: s.question_count,
        topics: s.topics.join("\n"),
        free_test_subcategory_id: subcategories.find((c) => c.name === s.practice)?.id ?? null,
        display_order: i + 1,
        ...stamps,
      })),
    )
    .execute();
}
