// Marks → All-India Rank from the points staff keep, the way the better predictors work
// (docs/reference/gate-ch-reference.md, "Marks and rank"):
// 1. within one year, interpolate on log(AIR) between that year's two points around the marks;
//    never extrapolate past the lowest or highest point;
// 2. make years comparable through percentiles, P = (N − R) / (N − 1), where both years'
//    candidates-appeared N is known, and turn P back into a rank for the reference year;
// 3. answer a range (best and conservative across years) with how many years support it.

export const rankPointKinds = ["official", "candidate-reported", "third-party estimate"] as const;
export type RankPointKind = (typeof rankPointKinds)[number];

export type RankPoint = { marks: number; air: number; kind: RankPointKind };
export type RankYear = { year: number; candidates: number | null; points: RankPoint[] };

export type YearEstimate =
  | {
      year: number;
      status: "estimated";
      /** The rank interpolated in that year's own terms. */
      air: number;
      /** That rank carried to the reference year through percentiles, when both N are known. */
      referenceAir: number | null;
      between: [RankPoint, RankPoint];
    }
  | { year: number; status: "above-data"; highest: RankPoint }
  | { year: number; status: "below-data"; lowest: RankPoint }
  | { year: number; status: "no-points" };

export type DataSupport = "none" | "low" | "medium" | "high";

export type RankEstimate = {
  referenceYear: number | null;
  years: YearEstimate[];
  /** Best and conservative rank across the years that cover the marks; null when none does. */
  range: { best: number; conservative: number } | null;
  support: DataSupport;
  /** The kinds of the points the range rests on. */
  kinds: RankPointKind[];
};

const interpolateLog = (marks: number, low: RankPoint, high: RankPoint) => {
  if (high.marks === low.marks) return Math.sqrt(low.air * high.air);
  const t = (marks - low.marks) / (high.marks - low.marks);
  return Math.exp(Math.log(low.air) + t * (Math.log(high.air) - Math.log(low.air)));
};

/** One year's estimate in its own terms (unrounded): the points around the marks, or why none. */
export function estimateYear(marks: number, year: RankYear): YearEstimate {
  const points = [...year.points].sort((a, b) => a.marks - b.marks || b.air - a.air);
  if (points.length === 0) return { year: year.year, status: "no-points" };
  const lowest = points[0]!;
  const highest = points.at(-1)!;
  if (marks > highest.marks) return { year: year.year, status: "above-data", highest };
  if (marks < lowest.marks) return { year: year.year, status: "below-data", lowest };
  // The last point at or below the marks and the first at or above them.
  const low = points.findLast((p) => p.marks <= marks)!;
  const high = points.find((p) => p.marks >= marks)!;
  const air = interpolateLog(marks, low, high);
  return { year: year.year, status: "estimated", air, referenceAir: null, between: [low, high] };
}

/** A rank of a year with `from` candidates carried to a year with `to`, through the percentile. */
export function carryRank(air: number, from: number, to: number): number {
  const percentile = (from - air) / (from - 1);
  return to - percentile * (to - 1);
}

const wholeRank = (air: number) => Math.max(1, Math.round(air));

export function supportLevel(years: number): DataSupport {
  if (years >= 3) return "high";
  if (years === 2) return "medium";
  return years === 1 ? "low" : "none";
}

/**
 * The estimate for `marks` across the given years. The reference year is the latest one with
 * points; ranks of other years are carried to it where both candidate counts are known, and used
 * as they are otherwise (each year's estimate says which).
 */
export function estimateRank(marks: number, years: RankYear[]): RankEstimate {
  const withPoints = years.filter((y) => y.points.length > 0).sort((a, b) => b.year - a.year);
  const reference = withPoints[0] ?? null;
  const estimates: YearEstimate[] = withPoints.map((year) => {
    const estimate = estimateYear(marks, year);
    if (estimate.status !== "estimated") return estimate;
    const carried =
      year.candidates && reference?.candidates && year !== reference
        ? carryRank(estimate.air, year.candidates, reference.candidates)
        : null;
    return { ...estimate, air: wholeRank(estimate.air), referenceAir: carried === null ? null : wholeRank(carried) };
  });
  const covered = estimates.filter((e) => e.status === "estimated");
  const ranks = covered.map((e) => e.referenceAir ?? e.air);
  const kinds = [...new Set(covered.flatMap((e) => e.between.map((p) => p.kind)))];
  return {
    referenceYear: reference?.year ?? null,
    years: estimates,
    range: ranks.length ? { best: Math.min(...ranks), conservative: Math.max(...ranks) } : null,
    support: supportLevel(covered.length),
    kinds: rankPointKinds.filter((k) => kinds.includes(k)),
  };
}
