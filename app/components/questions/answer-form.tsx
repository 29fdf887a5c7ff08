import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { isAnswered, OPTION_LABELS, readChoices, readNat, type AnswerGiven } from "~/lib/questions/answers";
import { afterNextPaint } from "~/lib/when-idle";
import {
  decimalsHint,
  givenText,
  keyText,
  type QuestionActionResult,
  type QuestionView,
  type ShownKey,
} from "~/lib/questions/question-view";
import { keepNumberCharacters, NatKeypad } from "./nat-keypad";
import { recordAnswer } from "./progress";
import { QuestionHtml } from "./question-parts";

// A question's answer form (issue 46), on the practice page and the question's own page. It posts
// to the page's action (intent=check, or intent=reveal for "Show answer"), which alone holds the
// key. Without JavaScript the page comes back with the verdict and the solution. With it the form
// posts through a fetcher, and the tap shows at once what was sent and "Checking…" (a state
// change in the submit event, the request only after it is painted), then the verdict; nothing
// revalidates.

export const answerMessages = {
  chooseOne: "Choose one option",
  chooseSome: "Choose one or more options",
  chooseOneProblem: "Choose an option.",
  chooseSomeProblem: "Choose one or more options.",
  natLabel: "Your answer",
  check: "Check",
  showAnswer: "Show answer",
  checking: "Checking…",
  revealing: "Loading the answer…",
  yourAnswer: "Your answer",
  correctOption: "Correct answer",
  right: "Right",
  wrong: "Wrong",
  given: (text: string) => `Your answer: ${text}`,
  correctKey: (key: ShownKey) =>
    key.type === "nat"
      ? key.min === key.max
        ? `Correct answer: ${keyText(key)}`
        : `Correct answer: any value from ${keyText(key)}`
      : `Correct answer${key.correct.length > 1 ? "s" : ""}: ${keyText(key)}`,
  solution: "Solution",
} as const;

/** What this form posts, read as the server reads it. */
function givenFrom(data: FormData, question: QuestionView): AnswerGiven {
  return question.type === "nat"
    ? { type: "nat", value: String(data.get("value") ?? "") }
    : { type: question.type, choices: readChoices(data.getAll("choice").map(String)) };
}

/** The answer's problem the server would refuse it for, found before sending. */
function problemOf(given: AnswerGiven, question: QuestionView): string | null {
  if (given.type === "nat") {
    const reading = readNat(given.value, question.natDecimals ?? 0);
    return reading.ok ? null : reading.message;
  }
  if (given.choices.length > 0) return null;
  return question.type === "mcq" ? answerMessages.chooseOneProblem : answerMessages.chooseSomeProblem;
}

const chosen = (given: AnswerGiven | undefined, index: number) =>
  given !== undefined && given.type !== "nat" && given.choices.includes(index);

type Submission = { intent: "check" | "reveal"; given: AnswerGiven | null; before: unknown };

const pendingLine = "hidden rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800";

export function AnswerForm({
  question,
  serverResult,
  canReveal = false,
  after,
}: {
  question: QuestionView;
  /** The page's action data from a POST without JavaScript. */
  serverResult?: QuestionActionResult;
  /** "Show answer" beside Check (the question's own page). */
  canReveal?: boolean;
  /** Shown once the answer is out: the next question, say. */
  after?: ReactNode;
}) {
  const fetcher = useFetcher<QuestionActionResult>();
  const id = useId();
  const location = useLocation();
  // Without JavaScript the page comes back from the POST scrolled to the verdict.
  const verdictAnchor = `answer-${question.id}`;
  const own = (result: QuestionActionResult | undefined) =>
    result && result.questionId === question.id && (!result.ok || result.versionNo === question.versionNo)
      ? result
      : undefined;
  const result = own(fetcher.data) ?? own(serverResult);
  const [submission, setSubmission] = useState<Submission | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const answered = result?.ok ? result : undefined;
  const givenBefore = result && result.intent === "check" ? result.given : undefined;
  const [natValue, setNatValue] = useState(givenBefore?.type === "nat" ? givenBefore.value : "");

  // Between the tap and the server's answer: what was sent, shown as sent.
  const waiting = submission !== null && fetcher.data === submission.before ? submission : null;
  const shownGiven = waiting?.given ?? givenBefore;
  const done = answered !== undefined && !waiting;

  // The answer arrives where the tapped button was (now disabled): focus goes to it, so that the
  // keyboard and screen readers carry on from the verdict rather than from the top of the page.
  const verdictRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (fetcher.data !== undefined) verdictRef.current?.focus();
  }, [fetcher.data]);

  // Each checked answer counts in this browser's progress, whether the fetcher or a POST without
  // JavaScript (the page then hydrates with its result) brought it.
  useEffect(() => {
    if (answered?.intent === "check") recordAnswer(answered.questionId, answered.correct);
  }, [answered]);

  const action = `${location.pathname}${location.search}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // What was sent shows at the next frame, before React or the router does any work: the router's
    // submit re-renders the page with its fetcher's state, 70 ms and more of a phone's CPU slowed 6×
    // (issue 46). The form's data-sent attribute lights the "Checking…" line and the chosen option
    // by CSS; the state and the request follow in the task after that frame.
    event.preventDefault();
    const form = event.currentTarget;
    if (form.dataset.sent) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter instanceof HTMLButtonElement && submitter.value === "reveal" ? "reveal" : "check";
    const data = new FormData(form, submitter);
    const given = intent === "check" ? givenFrom(data, question) : null;
    const found = given ? problemOf(given, question) : null;
    if (found !== problem) setProblem(found);
    if (found) return;
    form.dataset.sent = intent;
    const before = fetcher.data;
    afterNextPaint(() => {
      setSubmission({ intent, given, before });
      void fetcher.submit(data, { method: "post", action, defaultShouldRevalidate: false });
    });
  }

  const failure = !waiting && result && !result.ok ? result.message : null;
  const message = problem ?? failure;
  const key = done ? answered.revealed.key : undefined;
  const messageId = `${id}-message`;

  return (
    <fetcher.Form
      method="post"
      action={`${action}#${verdictAnchor}`}
      onSubmit={onSubmit}
      data-sent={waiting?.intent}
      className="group/answer mt-5"
    >
      <input type="hidden" name="question" value={question.id} />
      <input type="hidden" name="version" value={question.versionNo} />
      <fieldset disabled={done || waiting !== null} aria-describedby={message ? messageId : undefined}>
        {question.type === "nat" ? (
          <div>
            <label htmlFor={`${id}-value`} className="font-medium text-slate-900">
              {answerMessages.natLabel}
            </label>
            <p id={`${id}-hint`} className="text-sm text-slate-600">
              {decimalsHint(question.natDecimals ?? 0)}
            </p>
            <input
              id={`${id}-value`}
              name="value"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              maxLength={16}
              value={natValue}
              onChange={(event) => setNatValue(event.currentTarget.value)}
              onBeforeInput={keepNumberCharacters}
              aria-describedby={`${id}-hint`}
              aria-invalid={problem ? true : undefined}
              className="mt-1 block h-12 w-full max-w-xs rounded-lg border border-slate-500 bg-white px-3 font-mono text-lg text-slate-900 aria-invalid:border-red-600"
            />
            <NatKeypad value={natValue} onChange={setNatValue} controls={`${id}-value`} disabled={done} />
          </div>
        ) : (
          <>
            <legend className="text-sm font-medium text-slate-700">
              {question.type === "mcq" ? answerMessages.chooseOne : answerMessages.chooseSome}
            </legend>
            <ul className="mt-2 space-y-2">
              {question.options.map((html, index) => (
                <Option
                  key={OPTION_LABELS[index]}
                  index={index}
                  html={html}
                  type={question.type === "mcq" ? "radio" : "checkbox"}
                  defaultChecked={chosen(givenBefore, index)}
                  picked={chosen(shownGiven, index)}
                  correct={key && key.type !== "nat" ? key.correct.includes(index) : undefined}
                />
              ))}
            </ul>
          </>
        )}
      </fieldset>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          name="intent"
          value="check"
          disabled={done || waiting !== null}
          className="inline-flex min-h-11 min-w-28 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {waiting?.intent === "check" ? answerMessages.checking : answerMessages.check}
        </button>
        {canReveal ? (
          <button
            type="submit"
            name="intent"
            value="reveal"
            disabled={done || waiting !== null}
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 bg-white px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-70"
          >
            {answerMessages.showAnswer}
          </button>
        ) : null}
      </div>

      <div id={verdictAnchor} aria-live="polite" className="mt-4 scroll-mt-20">
        {/* Shown by the form's data-sent (onSubmit) from the frame after the tap. */}
        <p className={`${pendingLine} group-data-[sent=check]/answer:block`}>
          {waiting?.given && isAnswered(waiting.given) ? `${answerMessages.given(givenText(waiting.given))}. ` : ""}
          {answerMessages.checking}
        </p>
        <p className={`${pendingLine} group-data-[sent=reveal]/answer:block`}>{answerMessages.revealing}</p>
        {waiting ? null : message ? (
          <p id={messageId} role="alert" className="font-medium text-red-700">
            {message}
          </p>
        ) : done ? (
          <Verdict result={answered} focusRef={verdictRef} />
        ) : null}
      </div>
      {done && after ? <div className="mt-5">{after}</div> : null}
    </fetcher.Form>
  );
}

function Option({
  index,
  html,
  type,
  defaultChecked,
  picked,
  correct,
}: {
  index: number;
  html: string;
  type: "radio" | "checkbox";
  defaultChecked: boolean;
  /** Chosen in what was sent. */
  picked: boolean;
  /** Once the key is out: whether this option is one of its options. */
  correct?: boolean;
}) {
  const look =
    correct === true
      ? "border-emerald-600 bg-emerald-50"
      : correct === false && picked
        ? "border-red-600 bg-red-50"
        : picked
          ? "border-brand-600 bg-brand-50"
          : "border-slate-300 bg-white";
  const label = OPTION_LABELS[index];
  return (
    <li>
      <label
        className={`grid min-h-11 cursor-pointer grid-cols-[1.5rem_1.75rem_minmax(0,1fr)] items-start gap-x-2 rounded-lg border px-3 py-2.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 group-data-[sent=check]/answer:has-checked:border-brand-600 group-data-[sent=check]/answer:has-checked:bg-brand-50 ${look}`}
      >
        <input
          type={type}
          name="choice"
          value={index}
          defaultChecked={defaultChecked}
          className="mt-1 size-5 accent-brand-700"
        />
        <span className="font-semibold text-slate-900">{label}.</span>
        <span className="min-w-0">
          <QuestionHtml html={html} inline />
          {picked || correct ? (
            <span className="mt-1 flex flex-wrap gap-2 text-sm font-semibold">
              {picked ? <span className="text-slate-800">{answerMessages.yourAnswer}</span> : null}
              {correct ? <span className="text-emerald-800">{answerMessages.correctOption}</span> : null}
            </span>
          ) : null}
        </span>
      </label>
    </li>
  );
}

function Verdict({
  result,
  focusRef,
}: {
  result: Extract<QuestionActionResult, { ok: true }>;
  focusRef: React.Ref<HTMLElement>;
}) {
  const { key, solutionHtml } = result.revealed;
  return (
    <section
      ref={focusRef}
      tabIndex={-1}
      aria-label={answerMessages.solution}
      className="rounded-xl border border-slate-200 bg-white p-4 focus:outline-none focus-visible:outline-2"
    >
      {result.intent === "check" ? (
        <p className={`text-xl font-bold ${result.correct ? "text-emerald-800" : "text-red-700"}`}>
          {result.correct ? `✓ ${answerMessages.right}` : `✗ ${answerMessages.wrong}`}
        </p>
      ) : null}
      {result.intent === "check" ? (
        <p className="mt-1 text-slate-800">{answerMessages.given(givenText(result.given))}</p>
      ) : null}
      <p className="mt-1 font-semibold text-slate-900">{answerMessages.correctKey(key)}</p>
      <h3 className="mt-4 font-bold text-slate-900">{answerMessages.solution}</h3>
      <QuestionHtml html={solutionHtml} className="mt-2" />
    </section>
  );
}
