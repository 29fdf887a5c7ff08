import type { ReactNode } from "react";
import { Link } from "react-router";
import type { TestStats } from "~/lib/admin/practice-test-actions.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { practiceTestMessages as m } from "~/lib/admin/messages/practice-tests";
import { FLAG_BELOW_PERCENT, FLAG_MIN_ANSWERS } from "~/lib/admin/practice-test-stats";
import { formatMarks } from "~/lib/questions/answers";
import { HeadedSection } from "~/components/ui/headed-section";
import { EmptyRow, HeaderRow, TableRegion, td } from "./manager-table";

// A test's statistics (issue 47, "Staff see how questions perform"): its attempts and the spread of
// its scores, then each question's figures, with "Check the key" on a question few get right. The
// numbers are text in tables (a bar beside a count is decoration), so they read the same to a
// screen reader, without colour, and at 375 px (each table scrolls in its own box).

type Question = TestStats["questions"][number];

/** Marks in thirds as shown, or a dash for none. */
const marks = (thirds: number | null) => (thirds === null ? m.none : formatMarks(thirds));

function Figures({ stats }: { stats: TestStats }) {
  const { scores } = stats;
  const figures: [string, string][] = [
    [m.started, String(stats.started)],
    [m.submitted, String(stats.submitted)],
    [m.inProgress, String(Math.max(0, stats.started - stats.submitted))],
    [m.averageMarks, `${marks(scores.averageThirds)} ${m.outOf(stats.maxMarks)}`],
    [m.highestMarks, `${marks(scores.highestThirds)} ${m.outOf(stats.maxMarks)}`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="test-figures">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A table of the statistics under its heading and hint, scrolling in its own box. */
function StatsTable({
  heading,
  hint,
  columns,
  children,
}: {
  heading: string;
  hint: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <HeadedSection
      heading={heading}
      headingClassName="text-lg font-semibold text-slate-900"
      intro={hint}
      introClassName="text-sm text-slate-600"
      className="space-y-2"
    >
      <TableRegion label={commonMessages.tableRegion(heading)}>
        <HeaderRow columns={[...columns]} />
        <tbody>{children}</tbody>
      </TableRegion>
    </HeadedSection>
  );
}

function Distribution({ stats }: { stats: TestStats }) {
  const most = Math.max(1, ...stats.scores.bins.map((bin) => bin.count));
  return (
    <StatsTable heading={m.distribution} hint={m.distributionHint} columns={m.distributionColumns}>
      {stats.scores.bins.map((bin) => (
        <tr key={bin.label}>
          <th scope="row" className={`${td} font-medium whitespace-nowrap`}>
            {bin.label}
          </th>
          <td className={td}>{bin.count}</td>
          <td className={`${td} w-1/2`}>
            {/* An SVG's own attributes, not a style attribute: the site's CSP allows no inline styles. */}
            <svg
              aria-hidden="true"
              viewBox="0 0 100 4"
              preserveAspectRatio="none"
              className="h-3 w-full rounded bg-slate-100"
            >
              <rect width={(bin.count * 100) / most} height="4" className="fill-brand-700" />
            </svg>
          </td>
        </tr>
      ))}
    </StatsTable>
  );
}

function Chosen({ q }: { q: Question }) {
  if (q.options)
    return (
      <ul className="space-y-0.5">
        {q.options.map((option) => (
          <li key={option.label} className={option.key ? "font-semibold text-emerald-800" : undefined}>
            {m.option(option.label, option.count, option.key)}
          </li>
        ))}
      </ul>
    );
  if (!q.natValues?.length) return <>{m.none}</>;
  return (
    <ul className="space-y-0.5">
      {q.natValues.map((value) => (
        <li key={value.value} className={value.right ? "font-semibold text-emerald-800" : undefined}>
          {m.natAnswers(value.value, value.count, value.right)}
        </li>
      ))}
      {q.natOthers > 0 ? <li>{m.natOthers(q.natOthers)}</li> : null}
    </ul>
  );
}

function PerQuestion({ stats, questionsHref }: { stats: TestStats; questionsHref: (id: number) => string }) {
  return (
    <StatsTable heading={m.perQuestion} hint={m.perQuestionHint} columns={m.statsColumns}>
      {stats.questions.length === 0 ? <EmptyRow colSpan={6} text={m.noQuestions} /> : null}
      {stats.questions.map((q) => (
        <tr key={q.position} data-testid="question-stats">
          <th scope="row" className={`${td} font-semibold`}>
            Q{q.position}
          </th>
          <td className={`${td} max-w-sm`}>
            <span className="block break-words">{q.title}</span>
            <span className="mt-1 block text-xs text-slate-600">
              {m.types[q.type] ?? q.type} · {m.marks(q.marks)} · v{q.version} ·{" "}
              <Link to={questionsHref(q.questionId)} className="underline">
                {m.editQuestion}
              </Link>
            </span>
            {q.flagged ? (
              <span className="mt-2 block">
                <strong className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                  {m.checkKey}
                </strong>
                <span className="mt-1 block text-xs text-amber-900">
                  {m.checkKeyHint(FLAG_BELOW_PERCENT, FLAG_MIN_ANSWERS)}
                </span>
              </span>
            ) : null}
          </td>
          <td className={td}>{m.answered(q.answered, stats.submitted)}</td>
          <td className={td}>{q.percentCorrect === null ? m.none : m.percent(q.percentCorrect)}</td>
          <td className={`${td} whitespace-nowrap`}>
            {q.averageSeconds === null ? m.none : m.seconds(q.averageSeconds)}
          </td>
          <td className={`${td} text-xs whitespace-nowrap`}>
            <Chosen q={q} />
          </td>
        </tr>
      ))}
    </StatsTable>
  );
}

export function TestStatsView({ stats, questionsHref }: { stats: TestStats; questionsHref: (id: number) => string }) {
  return (
    <div className="space-y-6">
      <Figures stats={stats} />
      {stats.submitted === 0 ? <p className="text-slate-700">{m.noAttempts}</p> : <Distribution stats={stats} />}
      <PerQuestion stats={stats} questionsHref={questionsHref} />
    </div>
  );
}
