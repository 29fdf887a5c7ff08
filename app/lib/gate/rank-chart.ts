// The geometry of the rank predictor's chart (issue 24): marks on x, All-India Rank on a log
// scale on y (rank 1 at the top), one line per year and kind of point, and the entered marks as
// a vertical line. Plain numbers, so the page draws it as inline SVG on the server.
import { formatCount } from "~/lib/format";
import type { RankPointKind } from "./rank-estimate";

export const CHART = { width: 320, height: 210, left: 44, right: 10, top: 10, bottom: 34 } as const;

type Point = { year: number; marks: number; air: number; kind: RankPointKind };

export type ChartSeries = { year: number; kind: RankPointKind; path: string; dots: { x: number; y: number }[] };

export type ChartGeometry = {
  series: ChartSeries[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  /** Where the entered marks fall; null without marks. */
  marksX: number | null;
};

const round = (n: number) => Math.round(n * 10) / 10;

/** Null without points: there is nothing to draw. */
export function rankChart(points: readonly Point[], marks: number | null): ChartGeometry | null {
  if (points.length === 0) return null;
  const allMarks = [...points.map((p) => p.marks), ...(marks === null ? [] : [marks])];
  let xMin = Math.floor(Math.min(...allMarks) / 10) * 10;
  let xMax = Math.ceil(Math.max(...allMarks) / 10) * 10;
  if (xMax === xMin) xMax += 10;
  const airs = points.map((p) => p.air);
  const yMin = Math.floor(Math.log10(Math.min(...airs)));
  let yMax = Math.ceil(Math.log10(Math.max(...airs)));
  if (yMax === yMin) yMax += 1;

  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const x = (m: number) => round(CHART.left + ((m - xMin) / (xMax - xMin)) * plotWidth);
  const y = (air: number) => round(CHART.top + ((Math.log10(air) - yMin) / (yMax - yMin)) * plotHeight);

  const groups = new Map<string, Point[]>();
  for (const point of points) {
    const key = `${point.year} ${point.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), point]);
  }
  const series = [...groups.values()].map((group) => {
    const dots = [...group].sort((a, b) => a.marks - b.marks).map((p) => ({ x: x(p.marks), y: y(p.air) }));
    const path = dots.map((d, i) => `${i ? "L" : "M"}${d.x} ${d.y}`).join(" ");
    return { year: group[0]!.year, kind: group[0]!.kind, path, dots };
  });

  const step = xMax - xMin > 60 ? 20 : 10;
  const xTicks = [];
  for (let m = xMin; m <= xMax; m += step) xTicks.push({ x: x(m), label: String(m) });
  const yTicks = [];
  for (let d = yMin; d <= yMax; d++) yTicks.push({ y: y(10 ** d), label: formatCount(10 ** d) });

  return { series, xTicks, yTicks, marksX: marks === null ? null : x(marks) };
}
