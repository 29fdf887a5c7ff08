import { useSyncExternalStore } from "react";

// Practice progress without an account (issue 46): which questions this browser has checked, and
// whether the last answer to each was right, kept in localStorage. Nothing of it reaches the
// server; a browser that refuses storage simply keeps none.

const STORAGE_KEY = "question-bank-progress";

/** By question id: 1 when the last checked answer was right, 0 when wrong. */
export type Progress = Readonly<Record<string, 0 | 1>>;

const listeners = new Set<() => void>();
let held: { raw: string | null; progress: Progress } = { raw: null, progress: {} };

function storedText(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): Progress {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(([id, mark]) => /^\d+$/.test(id) && (mark === 0 || mark === 1)),
    ) as Progress;
  } catch {
    return {};
  }
}

/** The same object while the stored text is the same, as useSyncExternalStore needs. */
function snapshot(): Progress {
  const raw = storedText();
  if (raw !== held.raw) held = { raw, progress: parse(raw) };
  return held.progress;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's practice shows here too.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function store(progress: Progress) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(progress));
  } catch {
    // Storage full or refused (a private window): the tally simply does not grow.
  }
  for (const listener of listeners) listener();
}

/** Marks a question done, right or wrong. */
export function recordAnswer(questionId: number, correct: boolean) {
  store({ ...snapshot(), [questionId]: correct ? 1 : 0 });
}

/** Forgets every question's mark. */
export function clearProgress() {
  store({});
}

/** This browser's progress; null on the server and while the page hydrates (it cannot be known there). */
export function useProgress(): Progress | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/** How many questions were checked, and how many of them right. */
export function tally(progress: Progress, ids?: readonly number[]) {
  const marks = ids ? ids.map((id) => progress[id]).filter((mark) => mark !== undefined) : Object.values(progress);
  const right = marks.filter((mark) => mark === 1).length;
  return { done: marks.length, right, wrong: marks.length - right };
}
