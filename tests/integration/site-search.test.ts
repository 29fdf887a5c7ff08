import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion } from "~/db/content-version.server";
import { insertMissingSiteSettings } from "~/db/queries/site-settings.server";
import { liveLearningAppTests, seedDemoContent } from "~/db/seed/demo-content.server";
import { catalogueYear, seededTitles, seedFixedData } from "~/db/seed/fixed-data.server";
import { loader } from "~/routes/public/search";
import { contextWith } from "../support/router-context";
import { openTestDb, type TestDb } from "../support/test-db";

// /search on the demo seed (issue 27 item 4), through its loader on each engine: the spec's
// catalogue by title substring first, then what aspirants type, typos and synonyms included, best
// first; "did you mean" when nothing matches; synonyms from the site settings.

const search = (q: string) => {
  const url = new URL(`/search?q=${encodeURIComponent(q)}`, "http://localhost");
  return loader({
    request: new Request(url),
    url,
    pattern: "/search",
    params: {},
    context: contextWith(t.db),
  });
};
/** Each group's label and its results' titles and links, in order. */
const shown = async (q: string) =>
  (await search(q)).groups.map((group) => [group.label, group.items.map((item) => [item.title, item.href])]);
const hrefs = async (q: string) => (await search(q)).groups.flatMap((group) => group.items.map((item) => item.href));

const titles = seededTitles(catalogueYear());
/**
 * The groups without the question bank's: its subjects and questions are found with the
 * published questions (issue 46), which tests/integration/question-bank-public.test.ts searches.
 */
const outsideBank = (groups: Awaited<ReturnType<typeof shown>>) =>
  groups.filter(([label]) => label !== "Question Bank" && label !== "Practice Questions");
let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedFixedData(t.db);
  await seedDemoContent(t.db);
  // The learning app's demo tests, live as staff make them once the app exists: the free tests
  // these searches find.
  await liveLearningAppTests(t.db);
  await bumpContentVersion(t.db);
});
afterAll(() => t.cleanup());

/** What /search answers: "rendered", or the redirect's status and Location. */
const answer = async (address: string) => {
  const url = new URL(address, "http://localhost");
  try {
    await loader({
      request: new Request(url),
      url,
      pattern: "/search",
      params: {},
      context: contextWith(t.db),
    });
    return "rendered";
  } catch (thrown) {
    const response = thrown as Response;
    return `${response.status} ${response.headers.get("Location")}`;
  }
};

describe(`/search on ${process.env.TEST_ENGINE}`, () => {
  it("sends an address with untrimmed text on to the trimmed one, its page kept (issue 44)", async () => {
    expect(await answer("/search?q=++GATE+2026++")).toBe("302 /search?q=GATE+2026");
    expect(await answer("/search?q=%20heat%20&page=2")).toBe("302 /search?q=heat&page=2");
    expect(await answer("/search?q=+++")).toBe("302 /search");
    expect(await answer("/search?q=GATE+2026")).toBe("rendered");
  });

  it("keeps the spec's rule: case-insensitive title substring finds the course and the test series, first", async () => {
    const gate = await shown("gate");
    expect(gate.slice(0, 2)).toEqual([
      ["Courses", [[titles.gateCourse, expect.stringMatching(/^\/course\/\d+$/)]]],
      ["Test Series", [[titles.gateSeries, expect.any(String)]]],
    ]);
    const iocl = await shown("iOcL");
    expect(iocl.slice(0, 2).map(([label, items]) => [label, (items as string[][]).map(([title]) => title)])).toEqual([
      ["Courses", [titles.ioclCourse]],
      ["Test Series", [titles.ioclSeries]],
    ]);
  });

  it('"heat transfer" finds the syllabus section, the material and the free tests of that subject, in order', async () => {
    const groups = await shown("heat transfer");
    expect(outsideBank(groups)).toEqual([
      [
        "GATE Syllabus",
        [
          ["Heat Transfer", "/syllabus#heat-transfer"],
          ["Mass Transfer", "/syllabus#mass-transfer"],
        ],
      ],
      ["Free Materials", [["Heat Transfer Formula Sheet", "/free-materials"]]],
      [
        "Free Tests",
        [
          ["Heat Exchangers: LMTD and NTU Methods", "/free-tests"],
          ["Conduction and Insulation", "/free-tests"],
        ],
      ],
      ["Pages", [["Free Tests", "/free-tests"]]],
    ]);
    // Words in any order.
    expect(await shown("transfer heat")).toEqual(groups);
  });

  it('"thermodynamcis" (a typo) finds the Thermodynamics items', async () => {
    expect(outsideBank(await shown("thermodynamcis"))).toEqual([
      [
        "GATE Syllabus",
        [["Process Calculations and Thermodynamics", "/syllabus#process-calculations-and-thermodynamics"]],
      ],
      ["Free Materials", [["Thermodynamics Revision Sheet", "/free-materials"]]],
    ]);
  });

  it('"pyq", "cutoff" and "psu" find the previous-year papers, the cutoffs and the job alerts', async () => {
    expect((await hrefs("pyq"))[0]).toBe("/previous-year");
    expect(await hrefs("pyq")).toContain("/previous-year#ch-2025");
    expect((await hrefs("cutoff")).slice(0, 3)).toEqual([
      "/gate-cutoffs",
      "/gate-cutoffs#ch-2025",
      "/gate-cutoffs#ch-2024",
    ]);
    const psu = await shown("psu");
    expect(psu[0]).toEqual(["Pages", expect.arrayContaining([["Job Alerts", "/job-alerts"]])]);
    expect(psu.map(([label]) => label)).toContain("Job Alerts");
  });

  it('"rank predictor" and "syllabus" find the pages first', async () => {
    expect((await hrefs("rank predictor"))[0]).toBe("/rank-predictor");
    expect((await hrefs("syllabus"))[0]).toBe("/syllabus");
  });

  it("suggests a nearer spelling when nothing matches, keeping the empty text's data", async () => {
    expect(await search("syllabsu")).toMatchObject({ total: 0, groups: [], suggestion: "syllabus" });
    expect(await search("zeolite")).toMatchObject({ total: 0, suggestion: null });
    expect((await search("gate")).suggestion).toBeNull();
  });

  it("reads the synonyms staff keep under Site Settings", async () => {
    expect(await hrefs("lmtd")).toEqual(["/free-tests"]);
    expect(await hrefs("hx")).toEqual([]);
    await t.db.deleteFrom("site_settings").where("key", "=", "search_synonyms").execute();
    await insertMissingSiteSettings(t.db, { search_synonyms: "hx = heat exchangers" });
    expect((await shown("hx"))[0]).toEqual(["Free Tests", [["Heat Exchangers: LMTD and NTU Methods", "/free-tests"]]]);
    // The defaults are gone with the staff's own list.
    expect(await hrefs("pyq")).toEqual([]);
  });
});
