import { Form, Link } from "react-router";
import {
  DIFFICULTIES,
  difficultyLabels,
  PRACTICE_PATH,
  practiceHref,
  QUESTION_TYPES,
  typeNames,
  type PracticeQuery,
} from "~/lib/questions/practice-link";
import { clearProgress, tally, useProgress } from "./progress";

// The practice page's own parts (issue 46): the filters (a GET form, links all the way), this
// browser's tally, and the list of the set's questions around the one shown, marked right or
// wrong where this browser checked them.

export const practiceMessages = {
  filters: "Filters",
  subject: "Subject",
  allSubjects: "All subjects",
  topic: "Topic",
  allTopics: "All topics",
  type: "Question type",
  anyType: "Any type",
  difficulty: "Difficulty",
  anyDifficulty: "Any difficulty",
  previousYearOnly: "Previous-year GATE questions only",
  apply: "Show questions",
  progress: (done: number, right: number, wrong: number) =>
    `On this device: ${done} done · ${right} right · ${wrong} wrong`,
  noProgress: "On this device: no answers checked yet.",
  clear: "Clear",
  clearLabel: "Clear your practice progress on this device",
  list: "Questions in this set",
  right: "answered right",
  wrong: "answered wrong",
} as const;

const selectClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900";

export interface FilterChoices {
  subjects: { key: string; title: string }[];
  /** The chosen subject's topics; none when no subject is chosen. */
  topics: { key: string; title: string }[];
}

/** The filters as a GET form: it works without JavaScript, and its result is an address to share. */
export function PracticeFilters({
  query,
  choices,
  open,
}: {
  query: PracticeQuery;
  choices: FilterChoices;
  /** Shown unfolded (a set with nothing in it). */
  open: boolean;
}) {
  return (
    <details open={open} className="group mt-4 rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 font-semibold text-slate-900">
        <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        {practiceMessages.filters}
      </summary>
      <Form method="get" action={PRACTICE_PATH} className="grid gap-4 border-t border-slate-200 p-4 sm:grid-cols-2">
        <label className="font-medium text-slate-900">
          {practiceMessages.subject}
          <select name="subject" defaultValue={query.subject ?? ""} className={selectClass}>
            <option value="">{practiceMessages.allSubjects}</option>
            {choices.subjects.map((subject) => (
              <option key={subject.key} value={subject.key}>
                {subject.title}
              </option>
            ))}
          </select>
        </label>
        {choices.topics.length > 0 ? (
          <label className="font-medium text-slate-900">
            {practiceMessages.topic}
            <select name="topic" defaultValue={query.topic ?? ""} className={selectClass}>
              <option value="">{practiceMessages.allTopics}</option>
              {choices.topics.map((topic) => (
                <option key={topic.key} value={topic.key}>
                  {topic.title}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="font-medium text-slate-900">
          {practiceMessages.type}
          <select name="type" defaultValue={query.type ?? ""} className={selectClass}>
            <option value="">{practiceMessages.anyType}</option>
            {QUESTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeNames[type]}
              </option>
            ))}
          </select>
        </label>
        <label className="font-medium text-slate-900">
          {practiceMessages.difficulty}
          <select name="difficulty" defaultValue={query.difficulty ?? ""} className={selectClass}>
            <option value="">{practiceMessages.anyDifficulty}</option>
            {DIFFICULTIES.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {difficultyLabels[difficulty]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-h-11 items-center gap-3 font-medium text-slate-900 sm:col-span-2">
          <input
            type="checkbox"
            name="source"
            value="gate"
            defaultChecked={query.source === "gate"}
            className="size-5 accent-brand-700"
          />
          {practiceMessages.previousYearOnly}
        </label>
        <div className="sm:col-span-2">
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {practiceMessages.apply}
          </button>
        </div>
      </Form>
    </details>
  );
}

/** This browser's tally; its line is laid out from the first paint, so filling it in moves nothing. */
export function ProgressTally() {
  const progress = useProgress();
  const counted = progress ? tally(progress) : null;
  return (
    <p className="mt-3 flex min-h-11 flex-wrap items-center gap-x-3 text-sm text-slate-700">
      {counted === null ? null : counted.done === 0 ? (
        practiceMessages.noProgress
      ) : (
        <>
          <span>{practiceMessages.progress(counted.done, counted.right, counted.wrong)}</span>
          <button
            type="button"
            onClick={clearProgress}
            aria-label={practiceMessages.clearLabel}
            className="min-h-11 font-medium text-brand-700 underline hover:text-brand-800"
          >
            {practiceMessages.clear}
          </button>
        </>
      )}
    </p>
  );
}

/** The set's questions around the one shown, by number, each a link; marked where this browser checked it. */
export function QuestionList({
  query,
  ids,
  start,
  current,
}: {
  query: PracticeQuery;
  ids: number[];
  /** The number of the first. */
  start: number;
  current: number;
}) {
  const progress = useProgress();
  return (
    <nav aria-label={practiceMessages.list} className="mt-6">
      <h2 className="text-sm font-semibold text-slate-900">{practiceMessages.list}</h2>
      <ol className="mt-2 flex flex-wrap gap-2">
        {ids.map((id, index) => {
          const mark = progress?.[id];
          const look =
            mark === 1
              ? "border-emerald-600 bg-emerald-50 text-emerald-900"
              : mark === 0
                ? "border-red-600 bg-red-50 text-red-900"
                : "border-slate-300 bg-white text-slate-900";
          return (
            <li key={id}>
              <Link
                to={practiceHref({ ...query, at: id })}
                aria-current={id === current ? "page" : undefined}
                className={`relative inline-flex size-11 items-center justify-center rounded-lg border font-semibold hover:bg-brand-50 aria-[current=page]:ring-2 aria-[current=page]:ring-brand-600 ${look}`}
              >
                {start + index}
                {mark === undefined ? null : (
                  <>
                    <span aria-hidden="true" className="absolute -right-1 -top-1 text-xs">
                      {mark === 1 ? "✓" : "✗"}
                    </span>
                    <span className="sr-only"> ({mark === 1 ? practiceMessages.right : practiceMessages.wrong})</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
