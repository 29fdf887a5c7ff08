import { data, redirect } from "react-router";
import type { Route } from "./+types/attempt";
import { ExamInterface } from "~/components/exam/exam-interface";
import { examHref, readMode, readPosition } from "~/lib/exam/exam-address";
import {
  attemptPath,
  loadExamView,
  resultPath,
  saveAnswers,
  submitAttempt,
  type ExamView,
} from "~/lib/exam/attempts.server";
import { afterIntent, nextPosition, visited } from "~/lib/exam/client-status";
import { readFormData } from "~/lib/forms/read-form.server";
import { readChoices, readNat, type AnswerGiven } from "~/lib/questions/answers";
import { dbContext } from "~/lib/request-context";
import type { DB } from "~/db/client.server";

// The exam itself (issue 47): /tests/:slug/attempt/:token, the token being the attempt's only key.
// The loader sends the whole paper (without keys or solutions) and the statuses; the screen is
// ?q=N or ?view=…. With JavaScript the page moves and saves by itself (exam-interface.tsx) and
// posts here only to submit. Without it every button is a post here: Save & Next, Mark for Review &
// Next and Clear Response save through the same rules (client-status.ts) and send the next screen;
// Submit submits. The server ends the attempt at its deadline whatever the page does: a read after
// it submits it, and the page then goes to the result. Nothing here is ever a shared copy.

const messages = {
  title: (test: string) => `${test} — test in progress`,
} as const;

/** Never kept by a cache: the page is one aspirant's, and it changes with every save. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

async function examOrRedirect(db: DB, token: string, slug: string, now: Date): Promise<ExamView> {
  const read = await loadExamView(db, token, now);
  if (!read.ok) {
    if (read.reason === "submitted") throw redirect(resultPath(read.testSlug, token));
    throw data(null, { status: 404 });
  }
  if (read.view.test.slug !== slug) throw redirect(attemptPath(read.view.test.slug, token));
  return read.view;
}

/** A save's sequence for a post without JavaScript: the server's ms since the start, above what is stored. */
const serverSeq = (view: ExamView, now: Date, stored: number) =>
  Math.max(stored + 1, Math.floor(now.getTime() - Date.parse(view.attempt.startedAt)));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const now = new Date();
  const view = await examOrRedirect(db, params.token, params.slug, now);
  const url = new URL(request.url);
  const count = view.questions.length;
  const position =
    readPosition(url.searchParams.get("q"), count) ?? Math.min(Math.max(1, view.attempt.lastPosition), count);
  const mode = readMode(url.searchParams.get("view"));
  // A question shown is "not answered" from then on. Recorded here for the page without
  // JavaScript; its number is just above the stored one, so any save the browser makes, even one
  // queued before this page was asked for, comes after it.
  const shown = view.questions[position - 1]!;
  if (mode === "question" && shown.status === "not_visited") {
    const seen = { status: visited(shown.status), seq: shown.seq + 1 };
    const saved = await saveAnswers(
      db,
      params.token,
      [{ position, status: seen.status, answer: null, secondsSpent: shown.secondsSpent, seq: seen.seq }],
      now,
      { at: position },
    );
    if (!saved.ok) throw redirect(resultPath(params.slug, params.token));
    Object.assign(shown, seen);
  }
  const attempt = attemptPath(params.slug, params.token);
  return {
    view,
    position,
    mode,
    paths: { attempt, save: `${attempt}/save`, result: resultPath(params.slug, params.token) },
  };
}

/** An answer as a save takes it (its choices a list of its own). */
const writable = (answer: AnswerGiven | null) =>
  answer && answer.type !== "nat" ? { type: answer.type, choices: [...answer.choices] } : answer;

type ActionProblem = { position: number; message: string; answer: AnswerGiven };

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const read = await readFormData(request);
  if (!read.ok) throw data(null, { status: read.reason === "too-large" ? 413 : 415 });
  const form = read.data;
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const now = new Date();
  const intent = field("intent");
  if (intent === "submit") {
    const submitted = await submitAttempt(db, params.token, now);
    if (!submitted.ok) throw data(null, { status: 404 });
    return redirect(resultPath(params.slug, params.token));
  }
  if (intent !== "save" && intent !== "mark" && intent !== "clear") throw data(null, { status: 400 });

  const view = await examOrRedirect(db, params.token, params.slug, now);
  const count = view.questions.length;
  const position = readPosition(field("position"), count);
  if (position === null) throw data(null, { status: 400 });
  const question = view.questions[position - 1]!;
  const given: AnswerGiven =
    question.type === "nat"
      ? { type: "nat", value: (field("value") ?? "").trim() }
      : { type: question.type, choices: readChoices(form.getAll("choice").map(String)) };
  if (intent !== "clear" && given.type === "nat" && given.value !== "") {
    const reading = readNat(given.value, question.natDecimals ?? 0);
    if (!reading.ok)
      return data<{ problem: ActionProblem }>(
        { problem: { position, message: reading.message, answer: given } },
        { status: 400 },
      );
  }
  const after = afterIntent(intent, question.status, intent === "clear" ? null : given);
  // The time on the question: what was stored when the page was made, and the time since.
  const shownAt = Number(field("shown"));
  const spentBefore = Number(field("spent"));
  const since = Number.isFinite(shownAt) ? Math.round((now.getTime() - shownAt) / 1000) : 0;
  const limit = view.test.durationMinutes * 60;
  const secondsSpent = Math.min(
    limit,
    (Number.isInteger(spentBefore) && spentBefore >= 0 ? spentBefore : question.secondsSpent) +
      Math.min(Math.max(since, 0), limit),
  );
  const next = intent === "clear" ? position : nextPosition(position, count);
  const saved = await saveAnswers(
    db,
    params.token,
    [
      {
        position,
        status: after.status,
        answer: writable(after.answer),
        secondsSpent,
        seq: serverSeq(view, now, question.seq),
      },
    ],
    now,
    { at: next },
  );
  if (!saved.ok) {
    if (saved.reason === "not_found") throw data(null, { status: 404 });
    return redirect(resultPath(params.slug, params.token));
  }
  return redirect(examHref(attemptPath(params.slug, params.token), next));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? messages.title(loaderData.view.test.title) : "Test" },
  // One aspirant's attempt: never indexed. (No "no-referrer" policy: a form post would then send
  // Origin: null, which the server's cross-site check refuses; the site's policy sends other sites
  // the origin only.)
  { name: "robots", content: "noindex, nofollow" },
];

export default function Attempt({ loaderData, actionData }: Route.ComponentProps) {
  const { view, position, mode, paths } = loaderData;
  const problem = actionData && "problem" in actionData ? actionData.problem : undefined;
  return (
    <ExamInterface
      // A new document (a post without JavaScript) starts the interface afresh.
      key={`${position} ${mode} ${view.attempt.serverNow}`}
      view={view}
      paths={paths}
      initialPosition={problem?.position ?? position}
      initialMode={problem ? "question" : mode}
      serverProblem={problem}
    />
  );
}
