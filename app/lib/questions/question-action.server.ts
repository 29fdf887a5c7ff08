import { data } from "react-router";
import { logger } from "~/core/logger.server";
import type { DB } from "~/db/client.server";
import { insertPracticeAnswer, questionKey, type StoredKey } from "~/db/queries/questions.server";
import { readFormData, SMALL_FORM_BYTES } from "~/lib/forms/read-form.server";
import { isCorrect, readChoices, readNat, type AnswerGiven, type QuestionKey } from "./answers";
import type { QuestionActionResult, Revealed, ShownKey } from "./question-view";

// The one action of the practice page and the question page (issue 46): "Check" marks an answer
// against the version the aspirant saw, stores it (question_answers) and answers with right or
// wrong, the key and the solution; "Show answer" answers with the key and the solution alone.
// Only here do a key and a solution leave the server, and only in answer to a POST: no page's
// loader data holds them, so no cached page or .data response can.

export const actionMessages = {
  unreadable: "Your answer could not be read. Please use the form on this page.",
  unknownIntent: "Use the Check button to check your answer.",
  gone: "This question is no longer published.",
  chooseOne: "Choose an option.",
  chooseSome: "Choose one or more options.",
  failure: "Your answer could not be checked just now. Please try again.",
} as const;

type Failure = Extract<QuestionActionResult, { ok: false }>;

const fail = (status: number, failure: Failure) => data<QuestionActionResult>(failure, { status });

const positiveInt = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/** The stored key as the rules of ./answers.ts take it. */
function keyOf(stored: StoredKey): QuestionKey {
  if (stored.type === "nat") {
    if (stored.nat_min === null || stored.nat_max === null) throw new Error(`version ${stored.version_id}: no range`);
    return { type: "nat", min: stored.nat_min, max: stored.nat_max, decimals: stored.nat_decimals ?? 0 };
  }
  const correct: unknown = JSON.parse(stored.correct ?? "null");
  if (!Array.isArray(correct) || correct.length === 0 || !correct.every((i) => Number.isInteger(i)))
    throw new Error(`version ${stored.version_id}: no key`);
  return { type: stored.type, correct: correct as number[] };
}

const shownKey = (key: QuestionKey): ShownKey =>
  key.type === "nat" ? { ...key } : { type: key.type, correct: [...key.correct].sort((a, b) => a - b) };

/** What was answered, read as the question's type asks, or why it cannot be checked. */
function readGiven(key: QuestionKey, form: FormData): { given: AnswerGiven; problem?: string } {
  if (key.type === "nat") {
    const value = String(form.get("value") ?? "");
    const reading = readNat(value, key.decimals);
    return { given: { type: "nat", value }, problem: reading.ok ? undefined : reading.message };
  }
  const choices = readChoices(form.getAll("choice").map(String));
  const given = { type: key.type, choices };
  if (choices.length === 0)
    return { given, problem: key.type === "mcq" ? actionMessages.chooseOne : actionMessages.chooseSome };
  // A radio group posts one choice; a forged post with more is simply wrong (isCorrect).
  return { given };
}

/** The action of a page that shows a question: Check (intent=check) or Show answer (intent=reveal). */
export async function questionAction(db: DB, request: Request, now = new Date()) {
  const read = await readFormData(request, SMALL_FORM_BYTES);
  if (!read.ok)
    return fail(read.reason === "too-large" ? 413 : 415, {
      intent: "check",
      ok: false,
      questionId: null,
      message: actionMessages.unreadable,
    });
  const form = read.data;
  // Enter in the number field submits without naming a button in some browsers: that is a check.
  const intent = form.get("intent") ?? "check";
  const questionId = positiveInt(form.get("question"));
  const versionNo = positiveInt(form.get("version"));
  if (intent !== "check" && intent !== "reveal")
    return fail(400, { intent: "check", ok: false, questionId, message: actionMessages.unknownIntent });
  try {
    const stored = questionId && versionNo ? await questionKey(db, questionId, versionNo) : undefined;
    if (!stored || questionId === null || versionNo === null)
      return fail(404, { intent, ok: false, questionId, message: actionMessages.gone });
    const key = keyOf(stored);
    const revealed: Revealed = { key: shownKey(key), solutionHtml: stored.solution_html };
    if (intent === "reveal") return data<QuestionActionResult>({ intent, ok: true, questionId, versionNo, revealed });

    const { given, problem } = readGiven(key, form);
    if (problem) return fail(400, { intent, ok: false, questionId, message: problem, given });
    const correct = isCorrect(key, given);
    await insertPracticeAnswer(
      db,
      {
        versionId: stored.version_id,
        given: JSON.stringify(given.type === "nat" ? given.value.trim() : given.choices),
        isCorrect: correct,
      },
      now,
    );
    return data<QuestionActionResult>({ intent, ok: true, questionId, versionNo, given, correct, revealed });
  } catch (error) {
    logger.error({ err: error, questionId, versionNo }, "question check failed");
    return fail(503, { intent, ok: false, questionId, message: actionMessages.failure });
  }
}
