import { memo, type MouseEvent } from "react";
import {
  countStatuses,
  EXAM_STATUSES,
  paletteName,
  statusLabels,
  statusNotes,
  type ExamSection,
  type ExamStatus,
} from "~/lib/exam/client-status";

// The question palette of the GATE interface (issue 47): one button per question of the section on
// screen, drawn in the shape and colour of its status as the exam draws them (grey square not
// visited, red not answered, green answered, violet circle marked for review, violet circle with a
// green tick answered and marked), with the legend and its counts. Each is a link to ?q=N, which
// works without JavaScript; with it the page moves there itself (`onJump`), without a request.
// Colour is never the only sign: the shapes differ, and each button's name says its status.

const messages = {
  legend: "Question status",
  palette: (section: string) => `Questions: ${section}`,
  sections: "Sections",
} as const;

const shapeBase = "inline-flex items-center justify-center font-semibold tabular-nums";

/** The look of each status (the shape sits in a span: a clip-path would cut a focus ring off). */
const shapes: Record<ExamStatus, string> = {
  not_visited: "rounded-md border border-slate-400 bg-slate-100 text-slate-900",
  not_answered: "bg-red-700 text-white [clip-path:polygon(0_0,100%_0,100%_72%,50%_100%,0_72%)]",
  answered: "bg-emerald-700 text-white [clip-path:polygon(0_28%,50%_0,100%_28%,100%_100%,0_100%)]",
  marked: "rounded-full bg-violet-700 text-white",
  answered_marked: "rounded-full bg-violet-700 text-white",
};

/** A status's symbol holding `text` (a question's number, or a count in the legend). */
export function StatusSymbol({ status, text, size = "size-10" }: { status: ExamStatus; text: string; size?: string }) {
  return (
    <span aria-hidden="true" className={`relative shrink-0 ${size}`}>
      <span className={`${shapeBase} size-full text-sm ${shapes[status]}`}>{text}</span>
      {status === "answered_marked" ? (
        <span className="absolute -right-0.5 -bottom-0.5 inline-flex size-4 items-center justify-center rounded-full border border-white bg-emerald-700 text-[10px] leading-none text-white">
          ✓
        </span>
      ) : null}
    </span>
  );
}

/** The legend: each status's symbol with the number of questions in it, and its name. */
export function StatusLegend({ statuses }: { statuses: readonly ExamStatus[] }) {
  const counts = countStatuses(statuses);
  return (
    <div>
      <h2 className="sr-only">{messages.legend}</h2>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm text-slate-800">
        {EXAM_STATUSES.map((status) => (
          <li key={status} className={`flex items-center gap-2 ${status === "answered_marked" ? "col-span-2" : ""}`}>
            <StatusSymbol status={status} text={String(counts[status])} size="size-8" />
            <span>
              {statusLabels[status]}
              {statusNotes[status] ? <span className="text-slate-600"> ({statusNotes[status]})</span> : null}
              <span className="sr-only">: {counts[status]}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface PaletteSection {
  section: ExamSection;
  title: string;
  positions: number[];
}

/** Whether a click is a plain one the page may handle itself (not a new tab or window). */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** A link's click handler that does `go` in the page on a plain click (else the link is followed); none without `go`. */
export const onPlainClick = (go: (() => void) | undefined) =>
  go
    ? (event: MouseEvent) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        go();
      }
    : undefined;

const PaletteItem = memo(function PaletteItem({
  position,
  status,
  current,
  href,
  onJump,
}: {
  position: number;
  status: ExamStatus;
  current: boolean;
  href: string;
  onJump?: (position: number) => void;
}) {
  return (
    <li>
      <a
        href={href}
        aria-label={paletteName(position, status, current)}
        aria-current={current ? "step" : undefined}
        onClick={onPlainClick(onJump && (() => onJump(position)))}
        className={`inline-flex size-11 items-center justify-center rounded-lg ${current ? "ring-2 ring-brand-700 ring-offset-1" : ""}`}
      >
        <StatusSymbol status={status} text={String(position)} />
      </a>
    </li>
  );
});

/** The palette of one section: a list of links, each named with its number and status. */
export function Palette({
  section,
  statuses,
  current,
  hrefFor,
  onJump,
  idPrefix,
}: {
  section: PaletteSection;
  /** The statuses of all questions, by position − 1. */
  statuses: readonly ExamStatus[];
  current: number;
  hrefFor: (position: number) => string;
  onJump?: (position: number) => void;
  idPrefix: string;
}) {
  const headingId = `${idPrefix}-palette-heading`;
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold text-slate-900">
        {messages.palette(section.title)}
      </h2>
      <ol className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-1">
        {section.positions.map((position) => (
          <PaletteItem
            key={position}
            position={position}
            status={statuses[position - 1] ?? "not_visited"}
            current={position === current}
            href={hrefFor(position)}
            onJump={onJump}
          />
        ))}
      </ol>
    </nav>
  );
}

/** The section tabs: each a link to its first question; the one on screen is marked current. */
export const SectionTabs = memo(function SectionTabs({
  sections,
  current,
  hrefFor,
  onJump,
}: {
  sections: readonly PaletteSection[];
  current: ExamSection | undefined;
  hrefFor: (position: number) => string;
  onJump?: (position: number) => void;
}) {
  if (sections.length < 2) return null;
  return (
    <nav aria-label={messages.sections}>
      <ul className="flex flex-wrap gap-1">
        {sections.map((section) => {
          const first = section.positions[0];
          if (first === undefined) return null;
          const on = section.section === current;
          return (
            <li key={section.section}>
              <a
                href={hrefFor(first)}
                aria-current={on ? "page" : undefined}
                onClick={onPlainClick(onJump && (() => onJump(first)))}
                className={`inline-flex min-h-11 items-center rounded-t-lg border-b-4 px-3 py-2 text-sm font-semibold ${
                  on
                    ? "border-brand-700 bg-brand-50 text-brand-800"
                    : "border-transparent text-slate-700 hover:bg-slate-100"
                }`}
              >
                {section.title}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
});
