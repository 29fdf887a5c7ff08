import { OPTION_COUNT, NAT_MAX_LENGTH, type AnswerGiven } from "~/lib/questions/answers";
import { isExamStatus, type ExamStatus } from "./client-status";

// The browser's queue of answers on their way to the server (issue 47, "Nothing lost"). Each save
// carries a sequence number that only grows (`nextSeq`); the server ignores a save whose number is
// not above the one it holds for that question, so a queued older save never overwrites a newer
// one, and sending a save twice does no harm. The queue keeps one save per question, the newest:
// only the latest state of a question matters. It is kept in localStorage as it changes, so that a
// reload, a closed tab or a dropped connection loses nothing: what was not acknowledged is sent
// again when the page is next open.

export interface AnswerSave {
  position: number;
  status: ExamStatus;
  answer: AnswerGiven | null;
  /** The whole time spent on the question so far, in seconds (not an increment: a resend is harmless). */
  secondsSpent: number;
  seq: number;
}

export interface SaveQueue {
  /** Not yet sent, one per question, the newest. */
  readonly pending: readonly AnswerSave[];
  /** Sent, not yet acknowledged. */
  readonly sending: readonly AnswerSave[];
}

export const emptyQueue: SaveQueue = { pending: [], sending: [] };

/**
 * The sequence number of a save made now: milliseconds of the server's clock since the attempt
 * began (a 32-bit integer for a day's attempt), and always above the last one. The server numbers
 * the saves of forms posted without JavaScript the same way, so either kind of save orders with
 * the other.
 */
export function nextSeq(last: number, serverNowMs: number, startedAtMs: number): number {
  return Math.max(last + 1, Math.floor(serverNowMs - startedAtMs));
}

/** Adds a save; an older save of the same question waiting to be sent goes. */
export function enqueue(queue: SaveQueue, save: AnswerSave): SaveQueue {
  const same = queue.pending.find((waiting) => waiting.position === save.position);
  if (same && same.seq >= save.seq) return queue;
  return { ...queue, pending: [...queue.pending.filter((waiting) => waiting !== same), save] };
}

/** The saves to send now, oldest first, moved to `sending`; nothing while a batch is on its way. */
export function takeBatch(queue: SaveQueue, max = 100): { queue: SaveQueue; batch: AnswerSave[] } {
  if (queue.sending.length > 0 || queue.pending.length === 0) return { queue, batch: [] };
  const ordered = [...queue.pending].sort((a, b) => a.seq - b.seq);
  const batch = ordered.slice(0, max);
  return { queue: { pending: ordered.slice(max), sending: batch }, batch };
}

/** The batch reached the server. */
export function acknowledge(queue: SaveQueue): SaveQueue {
  return { ...queue, sending: [] };
}

/** The batch did not reach the server: its saves wait again, unless a newer save of their question does. */
export function requeue(queue: SaveQueue): SaveQueue {
  return queue.sending.reduce<SaveQueue>((waiting, save) => enqueue(waiting, save), { ...queue, sending: [] });
}

/** Every save not yet acknowledged, one per question (the newest), oldest first. */
export function unsent(queue: SaveQueue): AnswerSave[] {
  return [...requeue(queue).pending].sort((a, b) => a.seq - b.seq);
}

export const isIdle = (queue: SaveQueue) => queue.pending.length === 0 && queue.sending.length === 0;

/** The localStorage key of an attempt's queue. */
export const queueStorageKey = (attemptKey: string) => `exam-saves:${attemptKey}`;

/** The queue as kept in localStorage: every unacknowledged save, to be sent again. */
export function serializeQueue(queue: SaveQueue): string {
  return JSON.stringify({ v: 1, saves: unsent(queue) });
}

const isChoices = (value: unknown): value is number[] =>
  Array.isArray(value) &&
  value.length <= OPTION_COUNT &&
  value.every((index) => Number.isInteger(index) && index >= 0 && index < OPTION_COUNT);

function readAnswer(value: unknown): AnswerGiven | null | undefined {
  if (value === null) return null;
  if (typeof value !== "object") return undefined;
  const answer = value as Record<string, unknown>;
  if (answer.type === "nat")
    return typeof answer.value === "string" && answer.value.length <= NAT_MAX_LENGTH
      ? { type: "nat", value: answer.value }
      : undefined;
  if ((answer.type === "mcq" || answer.type === "msq") && isChoices(answer.choices))
    return { type: answer.type, choices: answer.choices };
  return undefined;
}

const whole = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

function readSave(value: unknown): AnswerSave | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const save = value as Record<string, unknown>;
  const answer = readAnswer(save.answer);
  if (!whole(save.position) || save.position < 1 || !isExamStatus(save.status) || answer === undefined)
    return undefined;
  if (!whole(save.secondsSpent) || !whole(save.seq)) return undefined;
  return { position: save.position, status: save.status, answer, secondsSpent: save.secondsSpent, seq: save.seq };
}

/**
 * A queue read back from localStorage: its saves all waiting to be sent. Anything unreadable (an
 * older format, a hand edit) is left out rather than sent.
 */
export function restoreQueue(text: string | null): SaveQueue {
  if (!text) return emptyQueue;
  try {
    const stored = JSON.parse(text) as { v?: unknown; saves?: unknown };
    if (stored.v !== 1 || !Array.isArray(stored.saves)) return emptyQueue;
    return stored.saves.reduce<SaveQueue>((queue, value) => {
      const save = readSave(value);
      return save ? enqueue(queue, save) : queue;
    }, emptyQueue);
  } catch {
    return emptyQueue;
  }
}

/** A question's state as the page holds it. */
export interface QuestionState {
  status: ExamStatus;
  answer: AnswerGiven | null;
  secondsSpent: number;
  /** The sequence number of the save it came from (0: none yet). */
  seq: number;
}

/**
 * The server's states with this browser's unacknowledged saves laid over them: a save newer than
 * what the server holds for its question is what the candidate last did there (reloaded before it
 * was sent, or offline). An older one is left out (another tab saved since).
 */
export function overlaySaves(states: readonly QuestionState[], saves: readonly AnswerSave[]): QuestionState[] {
  const next = [...states];
  for (const save of saves) {
    const at = save.position - 1;
    const state = next[at];
    if (!state || state.seq >= save.seq) continue;
    next[at] = { status: save.status, answer: save.answer, secondsSpent: save.secondsSpent, seq: save.seq };
  }
  return next;
}
