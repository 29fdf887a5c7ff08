import { describe, expect, it } from "vitest";
import { cutoffsDataset } from "~/lib/gate/cutoffs-dataset";
import { CHART, rankChart } from "~/lib/gate/rank-chart";
import { yearVerdict, type PaperYearFigures } from "~/lib/gate/year-verdict";

// The pure parts of the public GATE tools (issue 24).

const ch2024: PaperYearFigures = {
  year: 2024,
  institute: "IISc Bangalore",
  qualifying_general: 25,
  qualifying_obc_ews: 22.5,
  qualifying_sc_st_pwd: null,
  qualifying_source_url: "https://example.org/cutoff",
  is_qualifying_verified: false,
  top_mean_marks: null,
  top_mean_source_url: null,
  is_top_mean_verified: false,
};

describe("a year's verdict on the entered marks", () => {
  it("uses the stored category mark, or derives it from General by the published rule, labelled", () => {
    expect(yearVerdict(23, "obc", ch2024).qualifying).toEqual({
      mark: 22.5,
      derived: false,
      verified: false,
      sourceUrl: "https://example.org/cutoff",
    });
    // SC/ST/PwD not entered: 2/3 of 25, truncated (16.6), marked derived.
    expect(yearVerdict(16.6, "pwd", ch2024)).toMatchObject({
      qualifying: { mark: 16.6, derived: true },
      qualified: true,
    });
    expect(yearVerdict(16.59, "sc", ch2024).qualified).toBe(false);
  });

  it("gives no score below the qualifying mark, and names the figures staff have not entered", () => {
    expect(yearVerdict(24.99, "general", ch2024).score).toEqual({ status: "not-qualified" });
    expect(yearVerdict(60, "general", ch2024).score).toEqual({ status: "missing", missing: ["topMean"] });
    const bare = { ...ch2024, qualifying_general: null, qualifying_obc_ews: null };
    expect(yearVerdict(60, "obc", bare)).toMatchObject({
      qualifying: null,
      qualified: null,
      score: { status: "missing", missing: ["qualifying", "topMean"] },
    });
  });

  it("scores by the official formula once Mt is entered, verified only when both figures are", () => {
    const withMt = { ...ch2024, top_mean_marks: 80, top_mean_source_url: "https://example.org/mt" };
    // 350 + 550 × (52.5 − 25) / (80 − 25) = 625
    expect(yearVerdict(52.5, "general", withMt).score).toEqual({
      status: "score",
      value: 625,
      verified: false,
      sourceUrl: "https://example.org/mt",
    });
    const verified = { ...withMt, is_qualifying_verified: true, is_top_mean_verified: true };
    expect(yearVerdict(80, "st", verified).score).toMatchObject({ value: 900, verified: true });
    // Mt not above Mq: no scale, and nothing named as missing.
    expect(yearVerdict(30, "general", { ...withMt, top_mean_marks: 25 }).score).toEqual({
      status: "missing",
      missing: [],
    });
  });
});

describe("the rank chart's geometry", () => {
  const points = [
    { year: 2025, marks: 40, air: 740, kind: "third-party estimate" as const },
    { year: 2025, marks: 80, air: 10, kind: "third-party estimate" as const },
    { year: 2025, marks: 60, air: 70, kind: "third-party estimate" as const },
  ];

  it("draws nothing without points", () => {
    expect(rankChart([], 50)).toBeNull();
  });

  it("puts higher marks to the right and better ranks higher, on decades of AIR", () => {
    const chart = rankChart(points, 45)!;
    expect(chart.series).toHaveLength(1);
    const [low, mid, high] = chart.series[0]!.dots;
    expect(low!.x).toBeLessThan(mid!.x);
    expect(mid!.x).toBeLessThan(high!.x);
    expect(high!.y).toBeLessThan(mid!.y);
    expect(mid!.y).toBeLessThan(low!.y);
    expect(chart.yTicks.map((t) => t.label)).toEqual(["10", "100", "1,000"]);
    expect(chart.xTicks.map((t) => t.label)).toEqual(["40", "50", "60", "70", "80"]);
    expect(chart.series[0]!.path.startsWith(`M${low!.x} ${low!.y} L`)).toBe(true);
  });

  it("widens the marks axis to the entered marks and keeps every mark inside the plot", () => {
    const chart = rankChart(points, 95)!;
    expect(chart.xTicks.at(-1)!.label).toBe("100");
    expect(chart.marksX).toBeLessThanOrEqual(CHART.width - CHART.right);
    expect(chart.marksX).toBeGreaterThan(chart.series[0]!.dots.at(-1)!.x);
    expect(rankChart(points, null)!.marksX).toBeNull();
  });

  it("copes with a single point", () => {
    const chart = rankChart([points[0]!], null)!;
    expect(chart.series[0]!.dots).toHaveLength(1);
    expect(Number.isFinite(chart.series[0]!.dots[0]!.y)).toBe(true);
  });
});

const year = (y: number, general: number | null, verified = false) => ({
  year: y,
  qualifying_general: general,
  is_qualifying_verified: verified,
});

describe("the cutoffs Dataset", () => {
  it("describes the years with figures, by this site, and says when some are unverified", () => {
    const [node] = cutoffsDataset(
      "https://site.example",
      [
        { code: "CH", name: "Chemical Engineering", years: [year(2025, 27.7), year(2024, 25), year(2023, null)] },
        { code: "CS", name: "Computer Science", years: [] },
      ],
      "GATE Cutoffs",
      "Qualifying marks.",
    );
    expect(node).toMatchObject({
      "@type": "Dataset",
      creator: { "@id": "https://site.example/#organization" },
      isAccessibleForFree: true,
      temporalCoverage: "2024/2025",
      url: "https://site.example/gate-cutoffs",
    });
    expect(node!.description).toContain("unverified");
    expect(node!.about).toEqual([{ "@type": "Thing", name: "GATE Chemical Engineering (CH)" }]);
  });

  it("is left out while no paper has a figure", () => {
    expect(cutoffsDataset("", [{ code: "CH", name: "Chemical", years: [year(2023, null)] }], "t", "d")).toEqual([]);
  });
});
