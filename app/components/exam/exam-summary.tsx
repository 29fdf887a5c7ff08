import type { FormEvent, ReactNode } from "react";
import { countStatuses, EXAM_STATUSES, statusLabels, type ExamStatus } from "~/lib/exam/client-status";
import type { PaletteSection } from "./palette";

// The summary before final submission, as the exam shows it (issue 47): per section, how many
// questions are in each status, then the question whether to submit. Submitting is a form post
// (the page's action submits the attempt once and sends the result); with JavaScript the page first
// waits for the saves still on their way.

export const summaryMessages = {
  heading: "Exam summary",
  table: "Question statuses by section",
  status: "Status",
  questions: "Questions",
  total: "Total",
  evaluated: "Questions answered, and answered and marked for review, will be evaluated.",
  confirm: "Are you sure you want to submit the test? You cannot change your answers after submitting.",
  submit: "Yes, submit the test",
  back: "No, go back to the test",
  sending: "Sending your last answers…",
  offline: "You are offline. The test will be submitted once your answers are sent, when you reconnect.",
} as const;

export function ExamSummary({
  sections,
  statuses,
  action,
  backHref,
  onBack,
  onSubmit,
  waiting,
  headingRef,
}: {
  sections: readonly PaletteSection[];
  statuses: readonly ExamStatus[];
  action: string;
  backHref: string;
  onBack?: () => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** With JavaScript, while the last saves go: what the page is waiting for. */
  waiting?: ReactNode;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  // One column per section (and the total): four columns fit a 360 px phone, where a row per
  // section with a column per status would scroll sideways.
  const columns = [
    ...sections.map((section) => ({
      title: section.title,
      count: section.positions.length,
      counts: countStatuses(section.positions.map((position) => statuses[position - 1] ?? "not_visited")),
    })),
    ...(sections.length > 1
      ? [{ title: summaryMessages.total, count: statuses.length, counts: countStatuses(statuses) }]
      : []),
  ];
  const cell = "border border-slate-300 px-2 py-2";
  return (
    <section aria-labelledby="summary-heading">
      <h2
        id="summary-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-slate-900 focus:outline-none"
      >
        {summaryMessages.heading}
      </h2>
      <table className="mt-3 w-full border-collapse text-sm">
        <caption className="sr-only">{summaryMessages.table}</caption>
        <thead>
          <tr className="bg-slate-100 text-left align-bottom">
            <th scope="col" className={cell}>
              {summaryMessages.status}
            </th>
            {columns.map((column) => (
              <th key={column.title} scope="col" className={`${cell} text-right`}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className={`${cell} text-left font-semibold`}>
              {summaryMessages.questions}
            </th>
            {columns.map((column) => (
              <td key={column.title} className={`${cell} text-right font-semibold tabular-nums`}>
                {column.count}
              </td>
            ))}
          </tr>
          {EXAM_STATUSES.map((status) => (
            <tr key={status}>
              <th scope="row" className={`${cell} text-left font-normal`}>
                {statusLabels[status]}
              </th>
              {columns.map((column) => (
                <td key={column.title} className={`${cell} text-right tabular-nums`}>
                  {column.counts[status]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-slate-700">{summaryMessages.evaluated}</p>
      <form method="post" action={action} onSubmit={onSubmit} className="mt-5">
        <input type="hidden" name="intent" value="submit" />
        <p className="font-semibold text-slate-900">{summaryMessages.confirm}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={waiting !== undefined && waiting !== null}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {summaryMessages.submit}
          </button>
          <a
            href={backHref}
            onClick={
              onBack
                ? (event) => {
                    event.preventDefault();
                    onBack();
                  }
                : undefined
            }
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 bg-white px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {summaryMessages.back}
          </a>
        </div>
        <p aria-live="polite" className="mt-3 text-slate-800">
          {waiting}
        </p>
      </form>
    </section>
  );
}
