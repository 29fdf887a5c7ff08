import type { CalendarDate } from "~/core/ist";
import { deadlineOf, deadlineText, type DeadlineState } from "~/lib/job-alerts/job-deadline";

// An alert's deadline as a badge: its words carry the meaning ("Closes in 3 days"), the colour only
// repeats it. Nothing for an alert without a last date (~/lib/job-alerts/job-deadline).

const tones: Record<DeadlineState, string> = {
  open: "border-emerald-700 bg-emerald-50 text-emerald-900",
  closing: "border-amber-700 bg-amber-50 text-amber-900",
  closed: "border-slate-500 bg-slate-100 text-slate-800",
};

export function DeadlineBadge({
  lastDate,
  today,
  className = "",
}: {
  lastDate: CalendarDate | null;
  /** Today in India, as the loader saw it: server and browser render the same words. */
  today: CalendarDate;
  className?: string;
}) {
  const deadline = deadlineOf(lastDate, today);
  if (!deadline) return null;
  return (
    <span
      data-deadline={deadline.state}
      className={`inline-flex w-fit items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tones[deadline.state]} ${className}`}
    >
      {deadlineText(deadline)}
    </span>
  );
}
