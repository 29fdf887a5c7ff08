import { CHART, type ChartGeometry } from "~/lib/gate/rank-chart";

// The predictor's chart (issue 24), drawn on the server as inline SVG: no chart library, nothing
// to download. Its text alternative is the table of points beside it.

const messages = {
  title: (paper: string) => `Marks against All-India Rank, ${paper}`,
  description:
    "Rank on a logarithmic scale, rank 1 at the top; each line joins one year's points of one kind. The table of points below gives the same figures.",
  marksAxis: "Marks",
  rankAxis: "AIR",
  yourMarks: (marks: number) => `Your marks: ${marks}`,
  legendOfficial: "Official or candidate-reported",
  legendEstimate: "Third-party estimate (dashed)",
  legendYou: "Your marks",
} as const;

export function RankChart({ chart, paper, marks }: { chart: ChartGeometry; paper: string; marks: number | null }) {
  const bottom = CHART.height - CHART.bottom;
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-3">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-labelledby="rank-chart-title rank-chart-desc"
        className="h-auto w-full max-w-md text-slate-700"
      >
        <title id="rank-chart-title">{messages.title(paper)}</title>
        <desc id="rank-chart-desc">{messages.description}</desc>
        <g className="text-[9px]" fill="currentColor">
          {chart.yTicks.map((t) => (
            <g key={t.label}>
              <line x1={CHART.left} x2={CHART.width - CHART.right} y1={t.y} y2={t.y} stroke="#e2e8f0" />
              <text x={CHART.left - 4} y={t.y + 3} textAnchor="end">
                {t.label}
              </text>
            </g>
          ))}
          {chart.xTicks.map((t) => (
            <text key={t.label} x={t.x} y={bottom + 12} textAnchor="middle">
              {t.label}
            </text>
          ))}
          <text x={(CHART.left + CHART.width) / 2} y={CHART.height - 4} textAnchor="middle">
            {messages.marksAxis}
          </text>
          <text x={4} y={CHART.top + 4} dominantBaseline="hanging">
            {messages.rankAxis}
          </text>
        </g>
        <line x1={CHART.left} x2={CHART.width - CHART.right} y1={bottom} y2={bottom} stroke="#64748b" />
        {chart.series.map((s) => (
          <g key={`${s.year} ${s.kind}`} stroke="#1d4ed8" fill="#1d4ed8">
            <path
              d={s.path}
              fill="none"
              strokeWidth={1.5}
              strokeDasharray={s.kind === "third-party estimate" ? "4 3" : undefined}
            />
            {s.dots.map((d) => (
              <circle key={`${d.x} ${d.y}`} cx={d.x} cy={d.y} r={2.5} />
            ))}
          </g>
        ))}
        {chart.marksX !== null && marks !== null ? (
          <g stroke="#c2410c" fill="#c2410c">
            <line x1={chart.marksX} x2={chart.marksX} y1={CHART.top} y2={bottom} strokeWidth={2} />
            <text
              x={chart.marksX}
              y={CHART.top + 8}
              dx={chart.marksX > CHART.width / 2 ? -4 : 4}
              textAnchor={chart.marksX > CHART.width / 2 ? "end" : "start"}
              stroke="none"
              className="text-[9px] font-semibold"
            >
              {messages.yourMarks(marks)}
            </text>
          </g>
        ) : null}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {chart.series.some((series) => series.kind !== "third-party estimate") ? (
          <span>
            <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-blue-700 align-middle" />
            {messages.legendOfficial}
          </span>
        ) : null}
        {chart.series.some((series) => series.kind === "third-party estimate") ? (
          <span>
            <span
              aria-hidden="true"
              className="mr-1 inline-block w-4 border-t-2 border-dashed border-blue-700 align-middle"
            />
            {messages.legendEstimate}
          </span>
        ) : null}
        {marks !== null ? (
          <span>
            <span aria-hidden="true" className="mr-1 inline-block h-3 w-0.5 bg-orange-700 align-middle" />
            {messages.legendYou}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
