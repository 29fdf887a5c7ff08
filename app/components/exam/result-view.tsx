import { QuestionHtml } from "~/components/questions/question-parts";
import type { ExamResult, ReviewItem } from "~/lib/exam/attempts.server";
import { SECTION_TITLES, type Tally } from "~/lib/exam/scoring";
import { statusLabels } from "~/lib/exam/client-status";
import type { DataSupport } from "~/lib/gate/rank-estimate";
import { formatCount } from "~/lib/format";
import { formatMarks, OPTION_LABELS } from "~/lib/questions/answers";
import { givenText, keyText } from "~/lib/questions/question-view";
import { questionHref } from "~/lib/questions/practice-link";
import { HeadedSection } from "~/components/ui/headed-section";

// A submitted test's result and review (issue 47): the marks (two decimals), per section; right,
// wrong and not attempted; accuracy; time; where the aspirant stands among everyone who submitted
// this test; for a full-length CH mock, what the rank predictor says for those marks, labelled as
// an estimate with its data support; then every question with the answer given, the key and the
// solution, wrong ones first. Server-rendered; nothing here needs a script.

export const resultMessages = {
  marks: "Marks",
  outOf: (max: string) => `out of ${max}`,
  sections: "By section",
  sectionsTable: "Marks by section",
  figure: "Figure",
  correct: "Correct",
  wrong: "Wrong",
  unattempted: "Not attempted",
  accuracy: "Accuracy",
  accuracyNote: "correct answers out of those attempted",
  noAccuracy: "No question attempted",
  time: "Time taken",
  timeOf: (taken: string, limit: number) => `${taken} of ${limit} minutes`,
  averageTime: "Average time per attempted question",
  standing: "Where you stand",
  rank: (rank: number, of: number) => `Rank ${formatCount(rank)} of ${formatCount(of)} test takers`,
  percentile: (value: number) => `Percentile ${value.toFixed(2)}`,
  alone: "You are the first to submit this test: there is nobody to compare with yet.",
  standingNote: "Among everyone who has submitted this test on this site; ties share a rank.",
  predictor: "GATE rank estimate",
  estimateFor: (marks: string) =>
    `If you scored ${marks} marks in GATE Chemical Engineering, the site's rank predictor estimates:`,
  range: (best: number, conservative: number) =>
    best === conservative
      ? `About AIR ${formatCount(best)}`
      : `AIR ${formatCount(best)} – ${formatCount(conservative)}`,
  estimateLabel: "This is an estimate from past years' marks-vs-rank figures, not a prediction of your GATE result.",
  support: "Data support",
  supportLevels: {
    none: "none",
    low: "low (one year's figures)",
    medium: "medium (two years' figures)",
    high: "high (three or more years' figures)",
  } satisfies Record<DataSupport, string>,
  noData: "No data: the rank predictor has no figures that cover these marks, so it gives no estimate.",
  predictorLink: "Open the rank predictor",
  deadline: "The time ran out: everything you saved by then was submitted.",
  review: "Review of every question",
  reviewNote: "Wrong answers first, then those not attempted, then the correct ones.",
  question: (n: number) => `Question ${n}`,
  outcome: { correct: "Correct", wrong: "Wrong", unattempted: "Not attempted" },
  yourAnswer: "Your answer",
  noAnswer: "Not answered",
  key: "Correct answer",
  natKey: (range: string) => `Correct answer: ${range}`,
  solution: "Solution",
  timeSpent: (text: string) => `Time: ${text}`,
  status: (text: string) => `Status: ${text}`,
  questionPage: "This question in the question bank",
} as const;

/** "4 min 05 s", "35 s". */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  if (minutes === 0) return `${rest} s`;
  return `${minutes} min ${String(rest).padStart(2, "0")} s`;
}

/** "+2.00", "−0.67", "0.00". */
const signedMarks = (thirds: number) =>
  thirds > 0 ? `+${formatMarks(thirds)}` : formatMarks(thirds).replace("-", "−");

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const cell = "border border-slate-300 px-2 py-2";

export function ResultSummary({ result }: { result: ExamResult }) {
  const { score, standing, attempt, test, rankPrediction } = result;
  const sections = (["ga", "subject"] as const)
    .map((section) => ({ section, tally: score.sections[section] }))
    .filter((s) => s.tally.questions > 0);
  const attempted = score.correct + score.wrong;
  // Over the questions answered: the time an aspirant needs per answer, which unseen questions
  // would dilute.
  const answeredSeconds = result.review
    .filter((item) => item.outcome !== "unattempted")
    .reduce((sum, item) => sum + item.secondsSpent, 0);
  return (
    <div className="space-y-5">
      {attempt.submitReason === "deadline" ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {resultMessages.deadline}
        </p>
      ) : null}
      <HeadedSection
        heading={resultMessages.marks}
        headingClassName="text-sm font-semibold text-slate-700"
        className={card}
      >
        <p className="mt-1 text-4xl font-extrabold text-brand-800 tabular-nums">
          {formatMarks(score.thirds)}{" "}
          <span className="text-lg font-semibold text-slate-700">
            {resultMessages.outOf(formatMarks(score.maxThirds))}
          </span>
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(
            [
              [resultMessages.correct, String(score.correct)],
              [resultMessages.wrong, String(score.wrong)],
              [resultMessages.unattempted, String(score.unattempted)],
              [
                resultMessages.accuracy,
                score.accuracy === null ? resultMessages.noAccuracy : `${score.accuracy.toFixed(2)} %`,
              ],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {score.accuracy !== null ? (
          <p className="mt-2 text-sm text-slate-700">
            {resultMessages.accuracy}: {resultMessages.accuracyNote} ({score.correct} of {attempted}).
          </p>
        ) : null}
        <p className="mt-3 text-slate-800">
          <span className="font-semibold">{resultMessages.time}:</span>{" "}
          {resultMessages.timeOf(durationText(attempt.timeTakenSeconds), test.durationMinutes)}.{" "}
          {attempted > 0 ? (
            <>
              <span className="font-semibold">{resultMessages.averageTime}:</span>{" "}
              {durationText(answeredSeconds / attempted)}.
            </>
          ) : null}
        </p>
      </HeadedSection>

      {sections.length > 1 ? (
        <HeadedSection heading={resultMessages.sections} headingClassName="font-bold text-slate-900" className={card}>
          {/* A column per section: it fits a 360 px phone without scrolling sideways. */}
          <table className="mt-3 w-full border-collapse text-sm">
            <caption className="sr-only">{resultMessages.sectionsTable}</caption>
            <thead>
              <tr className="bg-slate-100 align-bottom">
                <th scope="col" className={cell}>
                  <span className="sr-only">{resultMessages.figure}</span>
                </th>
                {sections.map(({ section }) => (
                  <th key={section} scope="col" className={`${cell} text-right`}>
                    {SECTION_TITLES[section]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(
                [
                  [resultMessages.marks, (t: Tally) => `${formatMarks(t.thirds)} / ${formatMarks(t.maxThirds)}`],
                  [resultMessages.correct, (t: Tally) => String(t.correct)],
                  [resultMessages.wrong, (t: Tally) => String(t.wrong)],
                  [resultMessages.unattempted, (t: Tally) => String(t.unattempted)],
                ] as const
              ).map(([label, value]) => (
                <tr key={label}>
                  <th scope="row" className={`${cell} text-left font-semibold`}>
                    {label}
                  </th>
                  {sections.map(({ section, tally }) => (
                    <td key={section} className={`${cell} text-right tabular-nums`}>
                      {value(tally)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </HeadedSection>
      ) : null}

      <HeadedSection heading={resultMessages.standing} headingClassName="font-bold text-slate-900" className={card}>
        {standing.percentile === null ? (
          <p className="mt-2 text-slate-800">{resultMessages.alone}</p>
        ) : (
          <p className="mt-2 text-xl font-bold text-slate-900">
            {resultMessages.rank(standing.rank, standing.of)} · {resultMessages.percentile(standing.percentile)}
          </p>
        )}
        <p className="mt-1 text-sm text-slate-700">{resultMessages.standingNote}</p>
      </HeadedSection>

      {rankPrediction ? (
        <HeadedSection
          heading={resultMessages.predictor}
          headingClassName="font-bold text-brand-800"
          className="rounded-xl border border-brand-100 bg-brand-50 p-5"
        >
          {rankPrediction.kind === "estimate" && rankPrediction.estimate.range ? (
            <>
              <p className="mt-1 text-sm text-slate-800">
                {resultMessages.estimateFor(rankPrediction.marks.toFixed(2))}
              </p>
              <p className="mt-2 text-2xl font-extrabold text-brand-800">
                {resultMessages.range(rankPrediction.estimate.range.best, rankPrediction.estimate.range.conservative)}
              </p>
              <p className="mt-2 text-sm">
                <span className="font-semibold">{resultMessages.support}:</span>{" "}
                {resultMessages.supportLevels[rankPrediction.estimate.support]}
              </p>
              <p className="mt-2 text-sm font-medium text-slate-800">{resultMessages.estimateLabel}</p>
            </>
          ) : (
            <p className="mt-2 text-slate-800">{resultMessages.noData}</p>
          )}
          <p className="mt-3">
            <a
              href={`/rank-predictor?marks=${encodeURIComponent(rankPrediction.marks.toFixed(2))}`}
              className="font-semibold text-brand-700 underline hover:text-brand-800"
            >
              {resultMessages.predictorLink}
            </a>
          </p>
        </HeadedSection>
      ) : null}
    </div>
  );
}

const outcomeLooks = {
  correct: "bg-emerald-100 text-emerald-900",
  wrong: "bg-red-100 text-red-900",
  unattempted: "bg-slate-200 text-slate-800",
} as const;

export function ReviewList({ items }: { items: readonly ReviewItem[] }) {
  return (
    <HeadedSection
      heading={resultMessages.review}
      headingClassName="text-xl font-bold text-slate-900"
      intro={resultMessages.reviewNote}
      introClassName="mt-1 text-slate-700"
    >
      <ol className="mt-4 space-y-4">
        {items.map((item) => (
          <li key={item.position}>
            <ReviewCard item={item} />
          </li>
        ))}
      </ol>
    </HeadedSection>
  );
}

function ReviewCard({ item }: { item: ReviewItem }) {
  const id = `review-${item.position}`;
  const chosen = item.answer && item.answer.type !== "nat" ? item.answer.choices : [];
  const correct = item.key.type === "nat" ? [] : item.key.correct;
  return (
    <article aria-labelledby={id} className={card}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={id} className="font-bold text-slate-900">
          {resultMessages.question(item.position)}
        </h3>
        <span className={`rounded px-2 py-0.5 text-sm font-semibold ${outcomeLooks[item.outcome]}`}>
          {resultMessages.outcome[item.outcome]} {signedMarks(item.thirds)}
        </span>
        <span className="text-sm text-slate-700">
          {resultMessages.timeSpent(durationText(item.secondsSpent))} ·{" "}
          {resultMessages.status(statusLabels[item.status])}
        </span>
      </div>
      <QuestionHtml html={item.textHtml} className="mt-3" />
      {item.options.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {item.options.map((html, index) => {
            const isKey = correct.includes(index);
            const isChosen = chosen.includes(index);
            return (
              <li
                key={OPTION_LABELS[index]}
                className={`grid grid-cols-[1.75rem_minmax(0,1fr)] gap-x-2 rounded-lg border px-3 py-2 ${
                  isKey
                    ? "border-emerald-600 bg-emerald-50"
                    : isChosen
                      ? "border-red-600 bg-red-50"
                      : "border-slate-200"
                }`}
              >
                <span className="font-semibold">{OPTION_LABELS[index]}.</span>
                <span className="min-w-0">
                  <QuestionHtml html={html} inline />
                  {isChosen || isKey ? (
                    <span className="mt-1 flex flex-wrap gap-2 text-sm font-semibold">
                      {isChosen ? <span className="text-slate-800">{resultMessages.yourAnswer}</span> : null}
                      {isKey ? <span className="text-emerald-800">{resultMessages.key}</span> : null}
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="mt-3 text-slate-900">
        <span className="font-semibold">{resultMessages.yourAnswer}:</span>{" "}
        {item.answer && (item.status === "answered" || item.status === "answered_marked")
          ? givenText(item.answer)
          : resultMessages.noAnswer}
      </p>
      <p className="font-semibold text-emerald-800">
        {item.key.type === "nat"
          ? resultMessages.natKey(keyText(item.key))
          : `${resultMessages.key}: ${keyText({ type: item.key.type, correct: [...item.key.correct] })}`}
      </p>
      <h4 className="mt-3 font-bold text-slate-900">{resultMessages.solution}</h4>
      <QuestionHtml html={item.solutionHtml} className="mt-1" />
      <p className="mt-3 text-sm">
        <a href={questionHref(item.questionSlug)} className="font-medium text-brand-700 underline hover:text-brand-800">
          {resultMessages.questionPage}
        </a>
      </p>
    </article>
  );
}
