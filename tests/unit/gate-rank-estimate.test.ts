import { describe, expect, it } from "vitest";
import { carryRank, estimateRank, estimateYear, type RankYear } from "~/lib/gate/rank-estimate";

// A small known data set: ranks fall by a factor of 10 every 20 marks, so log-interpolation has
// exact answers in between.
const y2024: RankYear = {
  year: 2024,
  candidates: 20_001,
  points: [
    { marks: 80, air: 10, kind: "official" },
    { marks: 60, air: 100, kind: "candidate-reported" },
    { marks: 40, air: 1000, kind: "candidate-reported" },
  ],
};
const y2023: RankYear = {
  year: 2023,
  candidates: 10_001,
  points: [
    { marks: 70, air: 20, kind: "third-party estimate" },
    { marks: 50, air: 200, kind: "third-party estimate" },
  ],
};

describe("one year", () => {
  it("interpolates on log(AIR) between the two points around the marks", () => {
    const estimate = estimateYear(70, y2024);
    expect(estimate.status).toBe("estimated");
    if (estimate.status !== "estimated") return;
    expect(estimate.air).toBeCloseTo(Math.sqrt(10 * 100), 6);
    expect(estimate.between.map((p) => p.marks)).toEqual([60, 80]);
  });

  it("answers a point's own rank at its marks", () => {
    const estimate = estimateYear(60, y2024);
    expect(estimate).toMatchObject({ status: "estimated", air: 100 });
  });

  it("never extrapolates above the highest point or below the lowest", () => {
    expect(estimateYear(80.01, y2024)).toMatchObject({ status: "above-data", highest: { marks: 80, air: 10 } });
    expect(estimateYear(39.99, y2024)).toMatchObject({ status: "below-data", lowest: { marks: 40, air: 1000 } });
  });

  it("says so for a year without points", () => {
    expect(estimateYear(50, { year: 2022, candidates: null, points: [] })).toEqual({ year: 2022, status: "no-points" });
  });
});

describe("percentile normalisation", () => {
  it("keeps the percentile when carrying a rank between years", () => {
    // AIR 1 is the 100th percentile, AIR N the 0th, in any year.
    expect(carryRank(1, 10_001, 20_001)).toBe(1);
    expect(carryRank(10_001, 10_001, 20_001)).toBe(20_001);
    // The middle of 10 001 candidates is the middle of 20 001.
    expect(carryRank(5_001, 10_001, 20_001)).toBe(10_001);
  });
});

describe("across years", () => {
  it("answers a range from the covered years, carried to the latest year", () => {
    const estimate = estimateRank(60, [y2023, y2024]);
    expect(estimate.referenceYear).toBe(2024);
    // 2024: AIR 100 directly. 2023: 60 marks is √(20 × 200) ≈ 63.2, carried to 2024's field ≈ 125.5.
    const carried = Math.round(carryRank(Math.sqrt(20 * 200), 10_001, 20_001));
    expect(estimate.range).toEqual({ best: 100, conservative: carried });
    expect(estimate.support).toBe("medium");
    expect(estimate.kinds).toEqual(["candidate-reported", "third-party estimate"]);
  });

  it("uses a year's own rank when a candidate count is missing", () => {
    const estimate = estimateRank(60, [{ ...y2023, candidates: null }, y2024]);
    const y = estimate.years.find((e) => e.year === 2023);
    expect(y).toMatchObject({ status: "estimated", air: 63, referenceAir: null });
    expect(estimate.range).toEqual({ best: 63, conservative: 100 });
  });

  it("rests on a single year when only one covers the marks", () => {
    const estimate = estimateRank(75, [y2023, y2024]);
    expect(estimate.support).toBe("low");
    expect(estimate.years.find((e) => e.year === 2023)?.status).toBe("above-data");
    expect(estimate.range).toEqual({ best: 18, conservative: 18 }); // 10^(1 + 5/20) ≈ 17.8
  });

  it("gives no range above or below every year's data", () => {
    expect(estimateRank(95, [y2023, y2024])).toMatchObject({ range: null, support: "none" });
    expect(estimateRank(12, [y2023, y2024])).toMatchObject({ range: null, support: "none" });
  });

  it("gives no range and no reference year without any points", () => {
    expect(estimateRank(50, [])).toEqual({ referenceYear: null, years: [], range: null, support: "none", kinds: [] });
    expect(estimateRank(50, [{ year: 2024, candidates: 100, points: [] }])).toMatchObject({ range: null, years: [] });
  });
});
