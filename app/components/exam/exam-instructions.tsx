import { EXAM_STATUSES, statusLabels, type ExamStatus } from "~/lib/exam/client-status";
import { StatusSymbol } from "./palette";

// The general instructions of the exam interface (issue 47), as GATE's mock-test instructions give
// them (docs/reference/gate-ch-reference.md, "The exam interface"), in this site's words: shown on
// the test's page before the start, and in the exam under "Instructions".

export const instructionMessages = {
  heading: "How the test works",
  timer:
    "The clock is the server's. The timer at the top of the screen shows the time left; when it reaches zero the test ends by itself and what you saved is submitted.",
  paletteIntro: "The question palette shows the status of each question:",
  statusMeaning: {
    not_visited: "You have not seen the question yet.",
    not_answered: "You have seen the question but not answered it.",
    answered: "You have answered the question.",
    marked: "You have not answered the question but marked it for review.",
    answered_marked: "You have answered the question and marked it for review. It will be evaluated.",
  } satisfies Record<ExamStatus, string>,
  answering: [
    "Choose an option, or type a number with the on-screen keypad or your keyboard, then press Save & Next to save it and go to the next question.",
    "Choosing an option does not save it: if you go to another question through the palette without Save & Next, the choice is not kept.",
    "Mark for Review & Next saves the answer (if any) and marks the question to look at again. Clear Response removes the answer.",
    "Use the section tabs and the palette to go to any question; the Question paper shows all questions at once.",
    "A scientific calculator opens from the Calculator button (it needs JavaScript).",
  ],
  marking:
    "Marking, as in GATE: MCQ +1 or +2 for a right answer, −1/3 or −2/3 for a wrong one; MSQ and NAT have no negative marks; an MSQ scores only when exactly the right options are chosen.",
  saving:
    "Your answers are saved on our server as you go. If your connection drops, they are kept in this browser and sent when you reconnect; you can reload the page or come back with the same link.",
} as const;

export function ExamInstructions({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="exam-instructions-heading" className="space-y-3 text-slate-800">
      <Heading id="exam-instructions-heading" className="text-lg font-bold text-slate-900">
        {instructionMessages.heading}
      </Heading>
      <p>{instructionMessages.timer}</p>
      <p>{instructionMessages.paletteIntro}</p>
      <ul className="space-y-2">
        {EXAM_STATUSES.map((status, index) => (
          <li key={status} className="flex items-center gap-3">
            <StatusSymbol status={status} text={String(index + 1)} size="size-8" />
            <span>
              <strong className="font-semibold text-slate-900">{statusLabels[status]}:</strong>{" "}
              {instructionMessages.statusMeaning[status]}
            </span>
          </li>
        ))}
      </ul>
      <ul className="list-disc space-y-1 pl-6">
        {instructionMessages.answering.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>{instructionMessages.marking}</p>
      <p>{instructionMessages.saving}</p>
    </section>
  );
}
