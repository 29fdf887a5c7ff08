import { daysBetween, type CalendarDate } from "~/core/ist";
import type { JobSelectionMode } from "~/db/schema";

// When a job alert can still be applied to (issue 26 "Job alerts with deadlines"). Both dates are
// calendar days in India (~/core/ist): the last date is the last whole day to apply, so an alert
// is open through the end of its last date in IST and closed from the next IST midnight. An alert
// without a last date has no deadline: it stays open and shows no badge.

/** Alerts closing within this many days say so ("Closes in 7 days"); later ones say "Open". */
export const CLOSING_SOON_DAYS = 7;

export type DeadlineState = "open" | "closing" | "closed";

export interface Deadline {
  state: DeadlineState;
  /** Whole days from today to the last date: 0 on the last date, negative once closed. */
  daysLeft: number;
}

/** The deadline of an alert with this last date, seen on `today`; null without a last date. */
export function deadlineOf(lastDate: CalendarDate | null, today: CalendarDate): Deadline | null {
  if (!lastDate) return null;
  const daysLeft = daysBetween(today, lastDate);
  const state = daysLeft < 0 ? "closed" : daysLeft <= CLOSING_SOON_DAYS ? "closing" : "open";
  return { state, daysLeft };
}

/** Whether visitors may still apply: no last date, or one not yet past. */
export const isOpen = (lastDate: CalendarDate | null, today: CalendarDate) =>
  deadlineOf(lastDate, today)?.state !== "closed";

/** The badge's words: "Open", "Closes today", "Closes tomorrow", "Closes in 5 days", "Closed". */
export function deadlineText({ state, daysLeft }: Deadline): string {
  if (state === "open") return "Open";
  if (state === "closed") return "Closed";
  if (daysLeft === 0) return "Closes today";
  return daysLeft === 1 ? "Closes tomorrow" : `Closes in ${daysLeft} days`;
}

/** How candidates are selected, as visitors read it ("Through GATE 2027 score"). */
export function selectionText(mode: JobSelectionMode | null, gateYear: number | null): string | null {
  if (mode === "gate-score") return gateYear ? `Through GATE ${gateYear} score` : "Through GATE score";
  if (mode === "written-test") return "Written test";
  if (mode === "interview") return "Interview";
  return null;
}

/** The choices of the admin form's Selection field, in its order. */
export const selectionModes: readonly { value: JobSelectionMode; label: string }[] = [
  { value: "gate-score", label: "Through GATE score" },
  { value: "written-test", label: "Own written test" },
  { value: "interview", label: "Interview" },
];
