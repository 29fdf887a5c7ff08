import type { RankPointRow } from "~/db/queries/gate-rank-points.server";
import type { DataSupport, RankEstimate, RankPoint, YearEstimate } from "~/lib/gate/rank-estimate";
import type { MissingFigure, YearVerdict } from "~/lib/gate/year-verdict";
import { formatCount } from "~/lib/format";
import { cell, GateSection, GateTable } from "./gate-table";
import { DerivedTag, KindTag, SourceLink, VerifiedTag } from "./provenance";
import { HeadedSection } from "~/components/ui/headed-section";

// The rank predictor's answer (issue 24): the rank range with its data support, or plainly why
// there is none; the score and qualifying status of each year; and the points behind it all.

const messages = {
  heading: "Your estimated rank",
  forInput: (marks: number, paper: string, category: string) => `For ${marks} marks in ${paper}, ${category} category`,
  noData: (paper: string) =>
    `We have no rank data for ${paper} yet, so we do not estimate a rank. Staff add marks-vs-rank points as they are published.`,
  range: (best: number, conservative: number) =>
    best === conservative
      ? `About AIR ${formatCount(best)}`
      : `AIR ${formatCount(best)} – ${formatCount(conservative)}`,
  rangeNote: "Best to conservative case across the years whose points cover your marks.",
  above: (p: RankPoint, year: number) =>
    `Better than AIR ${formatCount(p.air)}: your marks are above the best point on record (${p.marks} marks → AIR ${formatCount(p.air)}, ${year}).`,
  below: (p: RankPoint, year: number) =>
    `Beyond AIR ${formatCount(p.air)}: your marks are below the lowest point on record (${p.marks} marks → AIR ${formatCount(p.air)}, ${year}).`,
  noExtrapolation: "We do not estimate past the data, so there is no range for these marks.",
  between: (e: Extract<YearEstimate, { status: "estimated" }>) =>
    e.between[0] === e.between[1]
      ? `${e.year}: AIR ${formatCount(e.air)}, the point on record for ${e.between[0].marks} marks`
      : `${e.year}: about AIR ${formatCount(e.air)}, between ${e.between[1].marks} marks (AIR ${formatCount(e.between[1].air)}) and ${e.between[0].marks} marks (AIR ${formatCount(e.between[0].air)})`,
  carried: (air: number, year: number) => `; AIR ${formatCount(air)} in ${year} terms, through percentiles`,
  support: "Data support",
  supportLevels: {
    none: "None: no year's points cover your marks",
    low: "Low: one year's points cover your marks",
    medium: "Medium: two years' points cover your marks",
    high: "High: three or more years' points cover your marks",
  } satisfies Record<DataSupport, string>,
  thirdParty: "This rests on third-party estimates, not on official GATE data: treat it as a rough guide.",
  yearsHeading: "GATE score and qualifying status by year",
  yearsCaption: (category: string) => `Your marks against each year's figures (${category} category)`,
  year: "Year",
  qualifyingMark: "Qualifying mark",
  status: "Status",
  score: "GATE score",
  qualified: "Qualified",
  notQualified: "Not qualified",
  noQualifying: "Qualifying marks not yet added",
  noScoreBelow: "No score below the qualifying mark",
  missing: {
    qualifying: "the General qualifying mark (Mq)",
    topMean: "the mean of the top 0.1 % (Mt)",
  } satisfies Record<MissingFigure, string>,
  missingFigures: (names: string[]) => `Not computed: ${names.join(" and ")} not yet added`,
  badScale: "Not computed: the figures entered do not define a score scale",
  scoreFormula: "By the official formula S = 350 + 550 × (M − Mq) / (Mt − Mq).",
  pointsHeading: "The points on record, with their sources",
  pointsCaption: (paper: string) => `Marks-vs-rank points on record for ${paper}`,
  marks: "Marks",
  air: "AIR",
  kind: "Kind",
  source: "Source",
  used: "used for your estimate",
  qualifyingSource: (year: number) => `qualifying marks ${year}`,
  pointSource: (year: number, marks: number) => `${year}, ${marks} marks`,
} as const;

export function RankResult({
  paper,
  category,
  marks,
  estimate,
}: {
  paper: string;
  category: string;
  marks: number;
  estimate: RankEstimate;
}) {
  const edges = estimate.years.filter((e) => e.status === "above-data" || e.status === "below-data");
  return (
    <HeadedSection
      heading={messages.heading}
      headingClassName="font-semibold text-brand-800"
      intro={messages.forInput(marks, paper, category)}
      introClassName="mt-1 text-sm text-slate-700"
      className="rounded-xl border border-brand-100 bg-brand-50 p-5"
    >
      {estimate.referenceYear === null ? (
        <p className="mt-3 font-semibold text-slate-900">{messages.noData(paper)}</p>
      ) : (
        <>
          {estimate.range ? (
            <>
              <p className="mt-3 text-3xl font-extrabold text-brand-800">
                {messages.range(estimate.range.best, estimate.range.conservative)}
              </p>
              <p className="mt-1 text-sm text-slate-700">{messages.rangeNote}</p>
            </>
          ) : null}
          <ul className={`mt-3 space-y-1 text-slate-800 ${estimate.range ? "text-sm" : "text-lg"}`}>
            {estimate.years.map((e) =>
              e.status === "estimated" ? (
                <li key={e.year}>
                  {messages.between(e)}
                  {e.referenceAir !== null && estimate.referenceYear !== null
                    ? messages.carried(e.referenceAir, estimate.referenceYear)
                    : null}
                </li>
              ) : null,
            )}
            {edges.map((e) => (
              <li key={e.year} className="font-semibold">
                {e.status === "above-data" ? messages.above(e.highest, e.year) : null}
                {e.status === "below-data" ? messages.below(e.lowest, e.year) : null}
              </li>
            ))}
          </ul>
          {estimate.range ? null : <p className="mt-2 text-sm text-slate-800">{messages.noExtrapolation}</p>}
          <p className="mt-3 text-sm">
            <span className="font-semibold">{messages.support}:</span> {messages.supportLevels[estimate.support]}
          </p>
          {estimate.kinds.includes("third-party estimate") ||
          (!estimate.range && edges.some((e) => edgePoint(e).kind === "third-party estimate")) ? (
            <p className="mt-3 rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              {messages.thirdParty}
            </p>
          ) : null}
        </>
      )}
    </HeadedSection>
  );
}

const edgePoint = (e: Extract<YearEstimate, { status: "above-data" | "below-data" }>) =>
  e.status === "above-data" ? e.highest : e.lowest;

function ScoreCell({ verdict }: { verdict: YearVerdict }) {
  const score = verdict.score;
  if (score.status === "score")
    return (
      <>
        <span className="font-semibold">{score.value}</span>
        <VerifiedTag verified={score.verified} />
      </>
    );
  if (score.status === "not-qualified") return <>{messages.noScoreBelow}</>;
  if (score.missing.length === 0) return <>{messages.badScale}</>;
  return <>{messages.missingFigures(score.missing.map((m) => messages.missing[m]))}</>;
}

/** Each year's qualifying mark for the category, qualified or not, and the GATE score. */
export function YearVerdicts({ verdicts, category }: { verdicts: YearVerdict[]; category: string }) {
  if (verdicts.length === 0) return null;
  return (
    <GateSection id="years-heading" title={messages.yearsHeading}>
      <p className="text-sm text-slate-700">{messages.scoreFormula}</p>
      <GateTable
        caption={messages.yearsCaption(category)}
        columns={[messages.year, messages.qualifyingMark, messages.status, messages.score]}
      >
        {verdicts.map((v) => (
          <tr key={v.year}>
            <th scope="row" className={`${cell} text-left font-semibold`}>
              {v.year}
              {v.institute ? <span className="block font-normal text-slate-600">{v.institute}</span> : null}
            </th>
            <td className={cell}>
              {v.qualifying ? (
                <>
                  {v.qualifying.mark}
                  {v.qualifying.derived ? <DerivedTag /> : null}
                  <VerifiedTag verified={v.qualifying.verified} />
                  <span className="block">
                    <SourceLink url={v.qualifying.sourceUrl} context={messages.qualifyingSource(v.year)} />
                  </span>
                </>
              ) : (
                messages.noQualifying
              )}
            </td>
            <td className={`${cell} font-semibold`}>
              {v.qualified === null ? "—" : v.qualified ? messages.qualified : messages.notQualified}
            </td>
            <td className={cell}>
              <ScoreCell verdict={v} />
            </td>
          </tr>
        ))}
      </GateTable>
    </GateSection>
  );
}

const isUsed = (point: RankPointRow, estimate: RankEstimate | null) =>
  estimate?.years.some(
    (e) =>
      e.status === "estimated" &&
      e.year === point.year &&
      e.between.some((p) => p.marks === point.marks && p.air === point.air),
  ) ?? false;

/** Every point on record for the paper, with its kind and source: the chart's text alternative. */
export function RankPointsTable({
  points,
  paper,
  estimate,
}: {
  points: RankPointRow[];
  paper: string;
  estimate: RankEstimate | null;
}) {
  return (
    <GateSection id="points-heading" title={messages.pointsHeading}>
      <GateTable
        caption={messages.pointsCaption(paper)}
        columns={[messages.year, messages.marks, messages.air, messages.kind, messages.source]}
      >
        {points.map((p) => {
          const used = isUsed(p, estimate);
          return (
            <tr key={p.id} className={used ? "bg-amber-50" : undefined}>
              <td className={cell}>{p.year}</td>
              <td className={cell}>
                {p.marks}
                {used ? <span className="block text-xs font-semibold text-slate-800">{messages.used}</span> : null}
              </td>
              <td className={cell}>{formatCount(p.air)}</td>
              <td className={cell}>
                <KindTag kind={p.kind} />
              </td>
              <td className={cell}>
                <SourceLink url={p.source_url} label={p.source_label} context={messages.pointSource(p.year, p.marks)} />
              </td>
            </tr>
          );
        })}
      </GateTable>
    </GateSection>
  );
}
