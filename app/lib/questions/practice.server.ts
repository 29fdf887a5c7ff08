import type { DB } from "~/db/client.server";
import {
  countPracticeSet,
  findPracticeQuestion,
  practiceIdsAround,
  practicePosition,
  type PracticeFilter,
  type ShownQuestion,
} from "~/db/queries/questions.server";
import { markdownToReadableText } from "~/lib/content/markdown.server";
import {
  DIFFICULTIES,
  PRACTICE_PARAMS,
  PRACTICE_SOURCES,
  practiceHref,
  QUESTION_TYPES,
  type PracticeQuery,
} from "./practice-link";
import { answerParts, cutText, type QuestionView } from "./question-view";
import { findSubject, findTopic, syllabusSubjects } from "./syllabus-topics";

// Practice mode (issue 46): one question of a set at a time, the set given by the address's
// filters (./practice-link.ts). Each read is one of the small indexed queries of
// ~/db/queries/questions.server.ts, so a page costs the same however large the bank grows.

/** How many of the set's questions the page lists around the one shown (itself included). */
export const PALETTE_SIZE = 10;
/** How many of them come before it, where the set has that many. */
const PALETTE_BEFORE = 4;

/** The longest title a question's text gives its page. */
const TITLE_LENGTH = 70;

export type ReadQuery = { ok: true; query: PracticeQuery } | { ok: false; redirect: string } | { ok: false };

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/**
 * The practice page's filters from its address. An empty filter (a GET form's "Any") and a topic
 * of another subject (the form's topic list is the subject's) are dropped by a redirect to the
 * address without them; a value that is no filter's is not a page of ours (ok: false).
 */
export function readPracticeQuery(params: URLSearchParams): ReadQuery {
  const query: PracticeQuery = {};
  let clean = true;
  for (const name of PRACTICE_PARAMS) {
    const value = params.get(name);
    if (value === null) continue;
    if (value === "") {
      clean = false;
      continue;
    }
    if (name === "subject") {
      if (!findSubject(value)) return { ok: false };
      query.subject = value;
    } else if (name === "topic") query.topic = value;
    else if (name === "type") {
      if (!oneOf(QUESTION_TYPES, value)) return { ok: false };
      query.type = value;
    } else if (name === "difficulty") {
      if (!oneOf(DIFFICULTIES, value)) return { ok: false };
      query.difficulty = value;
    } else if (name === "source") {
      if (!oneOf(PRACTICE_SOURCES, value)) return { ok: false };
      query.source = value;
    } else {
      if (!/^[1-9]\d{0,9}$/.test(value)) return { ok: false };
      query.at = Number(value);
    }
  }
  if (query.topic !== undefined && (!query.subject || !findTopic(query.subject, query.topic))) {
    // A topic key no subject has is not ours; one of another subject came from the filter form.
    if (!syllabusSubjects.some((subject) => findTopic(subject.key, query.topic!))) return { ok: false };
    delete query.topic;
    clean = false;
  }
  return clean ? { ok: true, query } : { ok: false, redirect: practiceHref(query) };
}

/** The filters alone, as the queries take them. */
export function filterOf({ at: _at, ...filter }: PracticeQuery): PracticeFilter {
  return filter;
}

/** The plain text of a question's Markdown, its math as it reads, cut for a title. */
export function questionTitle(textMd: string): string {
  return cutText(markdownToReadableText(textMd), TITLE_LENGTH);
}

/** A stored question as its page shows it, without the Markdown source. */
export function toQuestionView(row: ShownQuestion): QuestionView {
  const subject = findSubject(row.subject);
  const topic = findTopic(row.subject, row.topic);
  return {
    id: row.id,
    slug: row.slug,
    versionNo: row.version_no,
    type: row.type,
    marks: row.marks,
    textHtml: row.text_html,
    ...answerParts(row),
    subject: { key: row.subject, title: subject?.title ?? row.subject },
    topic: { key: row.topic, title: topic?.title ?? row.topic },
    difficulty: row.difficulty,
    source: row.source,
    gateYear: row.gate_year,
    gateQuestionNo: row.gate_question_no,
    isSample: row.is_sample,
  };
}

export interface PracticePage {
  query: PracticeQuery;
  /** How many questions the set holds. */
  total: number;
  /** The question shown, or null when the set is empty. */
  question: QuestionView | null;
  /** Its number in the set, from 1. */
  number: number;
  previous: number | null;
  next: number | null;
  /** The set's questions around it, itself included: their ids, the first being number `paletteStart`. */
  palette: number[];
  paletteStart: number;
}

/**
 * One page of a practice set: the question `query.at` names (the set's first when none), its
 * number, its neighbours and the questions listed around it. Undefined when `at` is not in the set.
 */
export async function loadPracticePage(db: DB, query: PracticeQuery): Promise<PracticePage | undefined> {
  const filter = filterOf(query);
  const [total, row] = await Promise.all([countPracticeSet(db, filter), findPracticeQuestion(db, filter, query.at)]);
  if (!row) {
    if (query.at !== undefined) return undefined;
    return { query, total, question: null, number: 0, previous: null, next: null, palette: [], paletteStart: 1 };
  }
  const [number, around] = await Promise.all([
    query.at === undefined ? 1 : practicePosition(db, filter, row.id),
    practiceIdsAround(db, filter, row.id, PALETTE_SIZE - 1),
  ]);
  // Four before it and the rest after, or more before near the set's end.
  const before = Math.min(around.before.length, Math.max(PALETTE_BEFORE, PALETTE_SIZE - 1 - around.after.length));
  const palette = [
    ...around.before.slice(0, before).toReversed(),
    row.id,
    ...around.after.slice(0, PALETTE_SIZE - 1 - before),
  ];
  const paletteStart = number - before;
  const neighbours = { previous: around.before[0] ?? null, next: around.after[0] ?? null };
  return { query, total, question: toQuestionView(row), number, ...neighbours, palette, paletteStart };
}
