import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { QuestionType } from "~/db/schema";
import type { ExamIntent } from "~/lib/exam/client-status";
import { NAT_MAX_LENGTH, OPTION_LABELS, readChoices, type AnswerGiven } from "~/lib/questions/answers";
import { decimalsHint } from "~/lib/questions/question-view";
import { keepNumberCharacters, NatKeypad } from "~/components/questions/nat-keypad";
import { QuestionHtml } from "~/components/questions/question-parts";

// One question of the exam as the GATE interface shows it (issue 47): its number, type and marks,
// the text, the options or the NAT box with the on-screen keypad, and the three buttons: Mark for
// Review & Next, Clear Response, Save & Next. It is one form: without JavaScript each button posts it
// (the page's action saves and sends the next question); with it `onIntent` does the same in the
// page, and the save goes through the queue. The fields are the browser's own (uncontrolled), read
// when a button is pressed: an option chosen on a slow phone before the scripts started stays
// chosen (React would set a controlled one back to its state at its first render). The owner gives
// the panel a new key to show another answer (a cleared one).

export const questionMessages = {
  question: (n: number) => `Question ${n}`,
  types: {
    mcq: "Multiple choice: one correct option",
    msq: "Multiple select: one or more correct options",
    nat: "Numerical answer",
  } satisfies Record<QuestionType, string>,
  marks: (marks: number) => (marks === 1 ? "1 mark" : `${marks} marks`),
  negative: (marks: number) => `wrong answer −${marks}/3`,
  noNegative: "no negative marks",
  chooseOne: "Choose one option",
  chooseSome: "Choose one or more options",
  natLabel: "Your answer",
  mark: "Mark for Review & Next",
  clear: "Clear Response",
  save: "Save & Next",
} as const;

export interface PanelQuestion {
  position: number;
  type: QuestionType;
  marks: number;
  textHtml: string;
  options: string[];
  natDecimals: number | null;
}

/** What is on screen for a question: its saved answer to start with, as an answer of its type. */
export function draftOf(type: QuestionType, answer: AnswerGiven | null): AnswerGiven {
  if (type === "nat") return { type: "nat", value: answer?.type === "nat" ? answer.value : "" };
  return { type, choices: answer && answer.type !== "nat" ? [...answer.choices] : [] };
}

const buttonBase =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60";

/** What the form holds: the options chosen, or the number typed. */
export function givenFrom(form: FormData, type: QuestionType): AnswerGiven {
  if (type === "nat") return { type: "nat", value: String(form.get("value") ?? "") };
  return { type, choices: readChoices(form.getAll("choice").map(String)) };
}

export function QuestionPanel({
  question,
  saved,
  onIntent,
  problem,
  action,
  hidden,
  disabled,
  headingRef,
}: {
  question: PanelQuestion;
  /** The answer shown to start with: the saved one (or one a post could not save). */
  saved: AnswerGiven | null;
  /** With JavaScript: the button pressed and what the form holds; the form is then not posted. */
  onIntent?: (intent: ExamIntent, given: AnswerGiven) => void;
  /** Why the answer cannot be saved (a NAT value the question does not take). */
  problem: { message: string } | null;
  /** Where the form posts without JavaScript. */
  action: string;
  /** The hidden fields the action needs besides the answer. */
  hidden: ReactNode;
  disabled?: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const id = `q${question.position}`;
  const problemId = `${id}-problem`;
  const start = draftOf(question.type, saved);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!onIntent) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const value = submitter instanceof HTMLButtonElement ? submitter.value : "save";
    onIntent(
      value === "mark" || value === "clear" ? value : "save",
      givenFrom(new FormData(event.currentTarget), question.type),
    );
  }

  return (
    <form method="post" action={action} onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
      {hidden}
      <input type="hidden" name="position" value={question.position} />
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 pb-2">
        <h2
          id={`${id}-heading`}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-bold text-slate-900 focus:outline-none"
        >
          {questionMessages.question(question.position)}
        </h2>
        <p className="text-sm text-slate-700">
          {questionMessages.types[question.type]} · {questionMessages.marks(question.marks)} ·{" "}
          {question.type === "mcq" ? questionMessages.negative(question.marks) : questionMessages.noNegative}
        </p>
      </div>
      <QuestionHtml html={question.textHtml} className="mt-4 text-base leading-relaxed sm:text-lg" />

      <fieldset className="mt-5" disabled={disabled}>
        {question.type === "nat" ? (
          <NatAnswer
            question={question}
            start={start.type === "nat" ? start.value : ""}
            problem={problem}
            problemId={problemId}
          />
        ) : (
          <>
            <legend className="text-sm font-medium text-slate-700">
              {question.type === "mcq" ? questionMessages.chooseOne : questionMessages.chooseSome}
            </legend>
            <ul className="mt-2 space-y-2">
              {question.options.map((html, index) => (
                <li key={OPTION_LABELS[index]}>
                  <label className="grid min-h-11 cursor-pointer grid-cols-[1.5rem_1.75rem_minmax(0,1fr)] items-start gap-x-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                    <input
                      type={question.type === "mcq" ? "radio" : "checkbox"}
                      name="choice"
                      value={index}
                      defaultChecked={start.type !== "nat" && start.choices.includes(index)}
                      className="mt-1 size-5 accent-brand-700"
                    />
                    <span className="font-semibold text-slate-900">{OPTION_LABELS[index]}.</span>
                    <QuestionHtml html={html} inline className="min-w-0" />
                  </label>
                </li>
              ))}
            </ul>
          </>
        )}
      </fieldset>

      <div className="mt-6 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
        <button
          type="submit"
          name="intent"
          value="mark"
          disabled={disabled}
          className={`${buttonBase} border border-violet-700 bg-white text-violet-800 hover:bg-violet-50`}
        >
          {questionMessages.mark}
        </button>
        <button
          type="submit"
          name="intent"
          value="clear"
          disabled={disabled}
          className={`${buttonBase} border border-slate-400 bg-white text-slate-800 hover:bg-slate-100`}
        >
          {questionMessages.clear}
        </button>
        <button
          type="submit"
          name="intent"
          value="save"
          disabled={disabled}
          className={`${buttonBase} bg-emerald-700 text-white hover:bg-emerald-800 sm:ml-auto`}
        >
          {questionMessages.save}
        </button>
      </div>
    </form>
  );
}

/**
 * A numeric answer: the box, why a value cannot be saved right below it, and the keypad. A value
 * refused on Save & Next brings the box back into view, its reason beside it (on a phone the
 * buttons are a screen below it).
 */
function NatAnswer({
  question,
  start,
  problem,
  problemId,
}: {
  question: PanelQuestion;
  start: string;
  problem: { message: string } | null;
  problemId: string;
}) {
  const inputId = `q${question.position}-value`;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (problem) input.current?.scrollIntoView({ block: "center" });
  }, [problem]);
  // The keypad works on what the box holds; what was typed before the scripts started is taken in
  // as soon as a key of the keypad is touched.
  const [value, setValue] = useState(start);
  const catchUp = () => {
    if (input.current && input.current.value !== value) setValue(input.current.value);
  };
  const set = (next: string) => {
    if (input.current) input.current.value = next;
    setValue(next);
  };
  return (
    <div onPointerDownCapture={catchUp} onKeyDownCapture={catchUp}>
      <label htmlFor={inputId} className="font-medium text-slate-900">
        {questionMessages.natLabel}
      </label>
      <p id={`${inputId}-hint`} className="text-sm text-slate-600">
        {decimalsHint(question.natDecimals ?? 0)}
      </p>
      <input
        ref={input}
        id={inputId}
        name="value"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        maxLength={NAT_MAX_LENGTH}
        defaultValue={start}
        onChange={(event) => setValue(event.currentTarget.value)}
        onBeforeInput={keepNumberCharacters}
        aria-describedby={problem ? `${inputId}-hint ${problemId}` : `${inputId}-hint`}
        aria-invalid={problem !== null || undefined}
        className="mt-1 block h-12 w-full max-w-xs rounded-lg border border-slate-500 bg-white px-3 font-mono text-lg text-slate-900 aria-invalid:border-red-600"
      />
      {problem ? (
        <p id={problemId} role="alert" className="mt-2 font-medium text-red-700">
          {problem.message}
        </p>
      ) : null}
      <NatKeypad value={value} onChange={set} controls={inputId} />
    </div>
  );
}
