import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from "react";
import { useNavigate, useSubmit } from "react-router";
import { useHydrated } from "~/components/layout/use-hydrated";
import { closeOnBackdropClick, useModalDialog } from "~/components/layout/use-modal-dialog";
import { CloseButton } from "~/components/layout/close-button";
import { QuestionHtml } from "~/components/questions/question-parts";
import type { ExamView } from "~/lib/exam/attempts.server";
import { nextSeq, overlaySaves, type AnswerSave, type QuestionState } from "~/lib/exam/client-save-queue";
import {
  afterIntent,
  nextPosition,
  visited,
  type ExamIntent,
  type ExamSection,
  type ExamStatus,
} from "~/lib/exam/client-status";
import { clockOffset, documentReceivedAt } from "~/lib/exam/client-timer";
import { examHref, type ExamMode } from "~/lib/exam/exam-address";
import { readNat, type AnswerGiven } from "~/lib/questions/answers";
import { ExamInstructions } from "./exam-instructions";
import { ExamSummary, summaryMessages } from "./exam-summary";
import { ExamTimer } from "./exam-timer";
import { isPlainClick, Palette, SectionTabs, StatusLegend, type PaletteSection } from "./palette";
import { QuestionPaper, paperMessages } from "./question-paper";
import { QuestionPanel } from "./question-panel";
import { SaveStatus, savedOnServer } from "./save-status";
import { useExamSaves } from "./use-exam-saves";

// The GATE exam interface (issue 47). The server renders whichever screen the address names (a
// question, ?q=N; the question paper, the instructions or the summary, ?view=…), and without
// JavaScript every control is a link or a form post. With it, the whole paper is in the page: a tap
// on Save & Next, the palette or a section tab changes the screen in the page at once (no request
// in that path), and the save goes to a queue (use-exam-saves.ts) that sends it after the frame is
// painted, keeps it through a reload or a dropped connection, and says Saved, Saving… or Offline.

export interface ExamPaths {
  attempt: string;
  save: string;
  result: string;
}

export const examInterfaceMessages = {
  skip: "Skip to the question",
  palette: "Question palette",
  closePalette: "Close the question palette",
  calculator: "Calculator",
  loadingCalculator: "Loading the calculator…",
  paper: paperMessages.heading,
  instructions: "Instructions",
  submit: "Submit",
  back: paperMessages.back,
  timeUp: "Time is up. Your answers are being submitted…",
  timeUpOffline: "Time is up. You are offline: your saved answers are kept, and the result opens when you reconnect.",
} as const;

/** Whether the palette sits beside the question (Tailwind's lg), as a store of the media query. */
const WIDE = "(min-width: 64rem)";
// One query for the page's life: a new one at each render (each tap) cost 2–3 ms at 6×.
let wideQuery: MediaQueryList | undefined;
const widthQuery = () => (wideQuery ??= window.matchMedia(WIDE));
const subscribeWide = (change: () => void) => {
  const query = widthQuery();
  query.addEventListener("change", change);
  return () => query.removeEventListener("change", change);
};
const isWide = () => widthQuery().matches;

/**
 * The calculator's code and math.js load only when it is first opened (a chunk of their own). The
 * server never renders it open, and leaves it out of its bundle: the server's one-file bundle would
 * otherwise import math.js at start, about 60 MiB of resident memory for every instance.
 */
const CalculatorDialog = import.meta.env.SSR ? () => null : lazy(() => import("./calculator-dialog"));

const linkButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100";

function statesOf(view: ExamView, position: number): QuestionState[] {
  return view.questions.map((q) => ({
    status: q.position === position ? visited(q.status) : q.status,
    answer: q.answer,
    secondsSpent: q.secondsSpent,
    seq: q.seq,
  }));
}

export function ExamInterface({
  view,
  paths,
  initialPosition,
  initialMode,
  serverProblem,
}: {
  view: ExamView;
  paths: ExamPaths;
  initialPosition: number;
  initialMode: ExamMode;
  /** A post without JavaScript that could not be saved: the answer as typed, and why. */
  serverProblem?: { position: number; message: string; answer: AnswerGiven };
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const submit = useSubmit();
  const { questions, sections } = view;
  const count = questions.length;

  const [position, setPosition] = useState(initialPosition);
  const [mode, setMode] = useState<ExamMode>(initialMode);
  const [states, setStates] = useState(() => statesOf(view, initialPosition));
  // The answer the question on screen starts from (its fields are the browser's own, read at each
  // button), and a count that gives the panel a new key when it must show another one.
  const [shownAnswer, setShownAnswer] = useState<AnswerGiven | null>(
    () => serverProblem?.answer ?? questions[initialPosition - 1]!.answer,
  );
  const [panelVersion, setPanelVersion] = useState(0);
  // A new object for each refusal, so that the same message twice still brings the box into view.
  const [problem, setProblem] = useState<{ message: string } | null>(
    serverProblem ? { message: serverProblem.message } : null,
  );
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [calculator, setCalculator] = useState<"closed" | "open" | "loaded">("closed");
  const [finishing, setFinishing] = useState<"submit" | "time" | null>(null);
  // On a phone the palette moves to the drawer once scripts run, but the server's palette below the
  // question stays until the first move (only a scripted move ends it, so it outlives hydration).
  // Dropped at hydration, it made the page shorter under a finger that had scrolled down to Save &
  // Next: the browser scrolled up to the new end of the page, the button moved away before the tap
  // ended, and the tap was lost.
  const [serverPaletteKept, setServerPaletteKept] = useState(true);

  // Clocks: the server's offset, when the question on screen was shown, the last save's number.
  const clock = useRef({ offset: 0, shownAt: 0, seq: view.attempt.maxSeq });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const startedAt = Date.parse(view.attempt.startedAt);

  const saves = useExamSaves({
    target: { attemptId: view.attempt.id, savePath: paths.save },
    position,
    // Called once, just after hydration: what this browser saved and the server has not yet
    // acknowledged (a reload while offline) is what the candidate last did.
    onRestored: (restored: AnswerSave[]) => {
      const next = overlaySaves(states, restored);
      const here = next[position - 1];
      setStates(next);
      if (here && here !== states[position - 1]) {
        setShownAnswer(here.answer);
        setPanelVersion((version) => version + 1);
      }
      clock.current.seq = Math.max(clock.current.seq, ...restored.map((save) => save.seq));
    },
    onEnded: () => {
      void navigate(paths.result);
    },
  });

  useEffect(() => {
    clock.current.offset = clockOffset(Date.parse(view.attempt.serverNow), documentReceivedAt());
    clock.current.shownAt = performance.now();
  }, [view.attempt.serverNow]);

  /** The next save's number: the server's clock in ms since the start, always above the last. */
  const seqNow = useCallback(() => {
    clock.current.seq = nextSeq(clock.current.seq, Date.now() + clock.current.offset, startedAt);
    return clock.current.seq;
  }, [startedAt]);

  /** Seconds on the question on screen since it was shown (and restarts the count). */
  const takeSeconds = useCallback(() => {
    const now = performance.now();
    const seconds = Math.max(0, Math.round((now - clock.current.shownAt) / 1000));
    clock.current.shownAt = now;
    return seconds;
  }, []);

  // The address follows the screen (a reload comes back to it); the router is not involved, so no
  // request is made. At once, not after the paint: a reload a moment after a tap must come back to
  // the question the tap showed.
  useEffect(() => {
    if (!hydrated) return;
    const href = examHref(paths.attempt, position, mode);
    if (window.location.pathname + window.location.search !== href)
      window.history.replaceState(window.history.state, "", href);
  }, [hydrated, mode, position, paths.attempt]);

  // After a move, focus goes to the new screen's heading once it is in the document: a screen
  // reader reads on from there, and a phone shows the screen from its top. In an effect of the
  // move's own commit, after the drawer's (closing it gives focus back to its button), which React
  // runs before the frame after a tap; a frame callback made the browser lay the page out twice.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusScreen = useCallback(() => setFocusRequest((requests) => requests + 1), []);
  useEffect(() => {
    if (focusRequest === 0) return;
    // A new screen starts at its top, tabs included (from low on a long question, the heading
    // would otherwise sit under the header).
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  }, [focusRequest]);

  /** Moves to `target` with `base` as the questions' states: the one left keeps what was saved. */
  const goTo = useCallback(
    (target: number, base: QuestionState[], leaving: QuestionState | null) => {
      const next = [...base];
      const q = questions[target - 1];
      const arriving = next[target - 1];
      if (!q || !arriving) return;
      if (leaving) {
        // The time on the question left is kept, with what it last saved (an unsaved choice goes).
        const seconds = takeSeconds();
        if (seconds > 0) {
          const updated = { ...leaving, secondsSpent: leaving.secondsSpent + seconds, seq: seqNow() };
          next[position - 1] = updated;
          saves.add({ position, ...updated });
        }
      } else clock.current.shownAt = performance.now();
      if (arriving.status === "not_visited") {
        const seen = { ...arriving, status: visited(arriving.status), seq: seqNow() };
        next[target - 1] = seen;
        saves.add({ position: target, ...seen });
      }
      setStates(next);
      setPosition(target);
      setMode("question");
      setShownAnswer(next[target - 1]!.answer);
      setProblem(null);
      setPaletteOpen(false);
      setServerPaletteKept(false);
      focusScreen();
    },
    [questions, position, saves, seqNow, takeSeconds, focusScreen],
  );

  const jump = useCallback(
    (target: number) => {
      if (target === position && mode === "question") return setPaletteOpen(false);
      goTo(target, states, mode === "question" ? states[position - 1]! : null);
    },
    [goTo, position, mode, states],
  );

  function onIntent(intent: ExamIntent, given: AnswerGiven) {
    const q = questions[position - 1]!;
    const here = states[position - 1]!;
    if (intent !== "clear" && given.type === "nat" && given.value.trim() !== "") {
      const reading = readNat(given.value, q.natDecimals ?? 0);
      if (!reading.ok) return setProblem({ message: reading.message });
    }
    const after = afterIntent(intent, here.status, intent === "clear" ? null : given);
    const saved: QuestionState = {
      ...after,
      secondsSpent: here.secondsSpent + takeSeconds(),
      seq: seqNow(),
    };
    saves.add({ position, ...saved });
    const next = states.map((other, index) => (index === position - 1 ? saved : other));
    if (intent === "clear") {
      setStates(next);
      setShownAnswer(null);
      setPanelVersion((version) => version + 1);
      setProblem(null);
      return;
    }
    goTo(nextPosition(position, count), next, null);
  }

  function showMode(next: ExamMode) {
    setMode(next);
    setPaletteOpen(false);
    setServerPaletteKept(false);
    focusScreen();
  }

  /** Submits once the last saves are in: the action records it and sends the result page. */
  async function finish(reason: "submit" | "time") {
    setFinishing(reason);
    if (reason === "time") {
      // The server ends the attempt at its deadline by itself; the result page opens it (and shows
      // everything saved in time) as soon as it can be reached.
      await Promise.race([saves.settled(), new Promise((done) => setTimeout(done, 5000))]);
      saves.forget();
      const open = () => void navigate(paths.result);
      if (navigator.onLine === false) window.addEventListener("online", open, { once: true });
      else open();
      return;
    }
    await saves.settled();
    saves.forget();
    void submit({ intent: "submit" }, { method: "post", action: paths.attempt });
  }

  function onSubmitTest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (finishing) return;
    void finish("submit");
  }

  const statuses: ExamStatus[] = states.map((state) => state.status);
  const question = questions[position - 1]!;
  const section: ExamSection | undefined = question.section;
  const sectionOnScreen: PaletteSection | undefined = sections.find((s) => s.section === section) ?? sections[0];
  const hrefFor = useCallback((target: number) => examHref(paths.attempt, target), [paths.attempt]);
  const modeHref = (next: ExamMode) => examHref(paths.attempt, position, next);
  // The palette's, the tabs' and the timer's handlers stay the same function from render to render,
  // so that a move re-renders only the palette buttons whose status or place changed (issue 47: the
  // next question within 100 ms of the tap on a phone slowed 6×).
  const latest = useRef({ jump, finish });
  useLayoutEffect(() => {
    latest.current = { jump, finish };
  });
  const stableJump = useCallback((target: number) => latest.current.jump(target), []);
  const onExpire = useCallback(() => void latest.current.finish("time"), []);
  const onJump = hydrated ? stableJump : undefined;
  // On a phone the palette lives in the drawer once scripts run: the aside is not rendered at all.
  const wide = useSyncExternalStore(subscribeWide, isWide, () => true);
  const modeLink = (next: ExamMode, label: string, primary = false) => (
    <a
      href={modeHref(next)}
      aria-current={mode === next ? "page" : undefined}
      onClick={
        hydrated
          ? (event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              showMode(next);
            }
          : undefined
      }
      className={
        primary
          ? "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          : linkButton
      }
    >
      {label}
    </a>
  );

  const sideContent = (idPrefix: string) => (
    <div className="space-y-4">
      <StatusLegend statuses={(sectionOnScreen?.positions ?? []).map((p) => statuses[p - 1] ?? "not_visited")} />
      {sectionOnScreen ? (
        <Palette
          section={sectionOnScreen}
          statuses={statuses}
          current={mode === "question" ? position : 0}
          hrefFor={hrefFor}
          onJump={onJump}
          idPrefix={idPrefix}
        />
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        {modeLink("paper", examInterfaceMessages.paper)}
        {modeLink("instructions", examInterfaceMessages.instructions)}
        <div className="col-span-2 grid">{modeLink("summary", examInterfaceMessages.submit, true)}</div>
      </div>
    </div>
  );

  const hidden = (
    <>
      <input type="hidden" name="shown" value={Date.parse(view.attempt.serverNow)} />
      <input type="hidden" name="spent" value={question.secondsSpent} />
    </>
  );

  return (
    <div className="min-h-dvh bg-slate-100">
      <a
        href="#exam-main"
        className="fixed left-3 top-3 z-60 -translate-y-24 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow-lg focus:translate-y-0"
      >
        {examInterfaceMessages.skip}
      </a>
      {/* Only the title, the save state and the timer stay on screen as the page scrolls: on a phone
          the tabs and tools would take half of it. */}
      <header className="sticky top-0 z-20 border-b border-slate-300 bg-white shadow-sm">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-3 py-1.5">
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-sm font-bold text-slate-900 sm:text-base">{view.test.title}</h1>
            <div className="mt-0.5 flex">
              <SaveStatus state={problem ? "refused" : saves.state} />
            </div>
          </div>
          <ExamTimer deadlineAt={view.attempt.deadlineAt} serverNow={view.attempt.serverNow} onExpire={onExpire} />
        </div>
      </header>
      <div className="border-b border-slate-300 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-x-2 px-3 pt-1">
          <SectionTabs
            sections={sections}
            current={mode === "question" ? section : undefined}
            hrefFor={hrefFor}
            onJump={onJump}
          />
          {/* As tall before the scripts run as with the calculator's button after: a row that grew
              at hydration would move the question under a finger. */}
          <div className="ml-auto flex min-h-12 gap-2 pb-1">
            {hydrated ? (
              <button type="button" aria-haspopup="dialog" onClick={() => setCalculator("open")} className={linkButton}>
                {examInterfaceMessages.calculator}
              </button>
            ) : null}
            {hydrated ? (
              <button
                type="button"
                aria-haspopup="dialog"
                aria-expanded={paletteOpen}
                onClick={() => setPaletteOpen(true)}
                className={`${linkButton} lg:hidden`}
              >
                {examInterfaceMessages.palette}
              </button>
            ) : (
              <a href="#exam-side" className={`${linkButton} lg:hidden`}>
                {examInterfaceMessages.palette}
              </a>
            )}
          </div>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl gap-4 px-3 py-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <main
          id="exam-main"
          tabIndex={-1}
          className="min-w-0 rounded-xl bg-white p-4 shadow-sm focus:outline-none sm:p-6"
        >
          {finishing === "time" ? (
            <p
              role="alert"
              className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900"
            >
              {saves.state === "offline" ? examInterfaceMessages.timeUpOffline : examInterfaceMessages.timeUp}
            </p>
          ) : null}
          {mode === "question" ? (
            <QuestionPanel
              key={`${position}:${panelVersion}`}
              question={question}
              saved={shownAnswer}
              onIntent={hydrated ? onIntent : undefined}
              problem={problem}
              action={examHref(paths.attempt, position)}
              hidden={hidden}
              disabled={finishing !== null}
              headingRef={headingRef}
            />
          ) : mode === "paper" ? (
            <QuestionPaper
              sections={sections}
              questions={questions}
              hrefFor={hrefFor}
              onJump={onJump}
              headingRef={headingRef}
            />
          ) : mode === "summary" ? (
            <ExamSummary
              sections={sections}
              statuses={statuses}
              action={paths.attempt}
              backHref={hrefFor(position)}
              onBack={hydrated ? () => jump(position) : undefined}
              onSubmit={hydrated ? onSubmitTest : undefined}
              waiting={
                finishing === "submit"
                  ? saves.state === "offline"
                    ? summaryMessages.offline
                    : summaryMessages.sending
                  : undefined
              }
              headingRef={headingRef}
            />
          ) : (
            <section aria-labelledby="instructions-heading">
              <h2
                id="instructions-heading"
                ref={headingRef}
                tabIndex={-1}
                className="text-lg font-bold text-slate-900 focus:outline-none"
              >
                {examInterfaceMessages.instructions}
              </h2>
              <QuestionHtml html={view.test.instructionsHtml} className="mt-3" />
              <div className="mt-6">
                <ExamInstructions headingLevel={3} />
              </div>
            </section>
          )}
          {mode !== "question" && mode !== "summary" ? (
            <p className="mt-6">
              <a
                href={hrefFor(position)}
                onClick={
                  hydrated
                    ? (event) => {
                        if (!isPlainClick(event)) return;
                        event.preventDefault();
                        jump(position);
                      }
                    : undefined
                }
                className={linkButton}
              >
                {paperMessages.back}
              </a>
            </p>
          ) : null}
          <p className="mt-6 text-sm text-slate-600">{savedOnServer}</p>
        </main>
        {/* The palette beside the question on a wide screen; on a phone a drawer once scripts run
            (this one staying until the first move), and below the question without them (the
            header's link jumps to it). */}
        {wide || serverPaletteKept ? (
          <aside
            id="exam-side"
            aria-label={examInterfaceMessages.palette}
            className={`${serverPaletteKept ? "" : "hidden lg:block"} self-start rounded-xl bg-white p-4 shadow-sm lg:sticky lg:top-20`}
          >
            {sideContent("side")}
          </aside>
        ) : null}
      </div>

      {hydrated ? (
        <PaletteDrawer open={paletteOpen} onClose={() => setPaletteOpen(false)}>
          {paletteOpen ? sideContent("drawer") : null}
        </PaletteDrawer>
      ) : null}
      {calculator !== "closed" ? (
        <Suspense
          fallback={
            <output className="fixed right-4 bottom-4 z-50 block rounded-lg bg-white px-4 py-3 shadow-lg">
              {examInterfaceMessages.loadingCalculator}
            </output>
          }
        >
          <CalculatorDialog open={calculator === "open"} onClose={() => setCalculator("loaded")} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The palette as a drawer on a phone: a modal <dialog> from the right, closed by X, Escape or the backdrop. */
function PaletteDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useModalDialog(ref, open, () => closeRef.current?.focus());
  return (
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby="drawer-title"
      onClose={onClose}
      onClick={closeOnBackdropClick}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-80 max-w-[90%] border-0 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 lg:hidden"
    >
      <div className="flex h-full flex-col">
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 px-4">
          <h2 id="drawer-title" className="font-bold text-slate-900">
            {examInterfaceMessages.palette}
          </h2>
          <CloseButton
            ref={closeRef}
            label={examInterfaceMessages.closePalette}
            onClick={() => ref.current?.close()}
            className="-mr-1 inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
          />
        </div>
        <div className="flex-1 overflow-y-auto p-4">{children}</div>
      </div>
    </dialog>
  );
}
