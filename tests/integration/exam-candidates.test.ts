import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/client.server";
import { findTestBySlug, listTestPaper } from "~/db/queries/practice-tests.server";
import { SAMPLE_MOCK_SLUG } from "~/db/seed/sample-tests";
import { normaliseSave, saveAnswers, startAttempt } from "~/lib/exam/attempts.server";
import { seedSampleTests } from "~/lib/exam/sample-tests-seed.server";
import { seedSampleQuestions } from "~/lib/questions/sample-seed.server";
import { answerFor, loadPaper, lostAnswers, type Acknowledged } from "../../support/exam-candidates";
import { openTestDb, type TestDb } from "../support/test-db";

// The simulated candidates of the mock-day bench and the kill test (support/exam-candidates.ts),
// on both engines: they read the paper as the exam has it, every answer they make is one the
// server stores as it is, and the check of their acknowledged saves against the database finds a
// save that is not there (else "lost 0" would prove nothing).

let t: TestDb;
let db: DB;
beforeEach(async () => {
  t = await openTestDb();
  db = t.db;
  await seedSampleQuestions(db);
  await seedSampleTests(db);
});
afterEach(() => t.cleanup());

const T0 = new Date();

describe("the simulated candidates", () => {
  it("read the sample mock's positions and question types as the exam has them", async () => {
    const paper = await loadPaper(db);
    const test = (await findTestBySlug(db, SAMPLE_MOCK_SLUG))!;
    const expected = await listTestPaper(db, test.id);
    expect(paper.slug).toBe(SAMPLE_MOCK_SLUG);
    expect(paper.questions.map((q) => [q.position, q.type])).toEqual(expected.map((q) => [q.position, q.type]));
  });

  it("make answers the server stores unchanged, for every question type", async () => {
    const paper = await loadPaper(db);
    expect(new Set(paper.questions.map((q) => q.type)).size).toBeGreaterThan(1);
    for (const question of paper.questions) {
      for (let draw = 0; draw < 200; draw++) {
        const answer = answerFor(question);
        const stored = normaliseSave(
          { status: "answered", answer },
          { type: question.type, nat_decimals: question.natDecimals },
        );
        expect(stored, JSON.stringify({ question, answer })).not.toBeNull();
        expect(stored!.status).toBe("answered");
        if (answer.type === "nat") expect(stored!.answer).toEqual(answer);
        else expect(stored!.answer).toEqual({ ...answer, choices: [...answer.choices].sort() });
      }
    }
  });

  it("find an acknowledged save the database does not hold, and accept one a later save replaced", async () => {
    const paper = await loadPaper(db);
    const started = await startAttempt(db, paper.slug, { ipKey: "198.51.100.9", now: T0 });
    if (!started.ok) throw new Error(started.reason);
    const { token } = started;
    const [first, second] = paper.questions;
    const answer = answerFor(first!);
    const saves = [
      { position: first!.position, status: "answered" as const, answer, secondsSpent: 5, seq: 10 },
      { position: second!.position, status: "marked" as const, answer: null, secondsSpent: 3, seq: 20 },
      { position: second!.position, status: "not_answered" as const, answer: null, secondsSpent: 4, seq: 30 },
    ];
    const saved = await saveAnswers(db, token, saves, T0);
    expect(saved.ok && saved.results.map((r) => r.result)).toEqual(["saved", "saved", "saved"]);
    const acknowledged: Acknowledged[] = saves.map(({ secondsSpent: _seconds, ...save }) => ({ token, ...save }));
    // Held, or replaced by a later save of the same question: nothing lost.
    expect(await lostAnswers(db, acknowledged)).toEqual({ checked: 3, attempts: 1, lost: [] });

    const neverStored: Acknowledged = { ...acknowledged[0]!, seq: 11 };
    const otherAnswer: Acknowledged = { ...acknowledged[2]!, status: "answered", answer: answerFor(second!) };
    const unknownAttempt: Acknowledged = { ...acknowledged[0]!, token: "A".repeat(43) };
    const check = await lostAnswers(db, [...acknowledged, neverStored, otherAnswer, unknownAttempt]);
    expect(check.lost.map(({ stored: _stored, ...save }) => save)).toEqual([neverStored, otherAnswer, unknownAttempt]);
    expect(check.lost[0]!.stored).toMatchObject({ seq: 10, status: "answered" });
    expect(check.lost[2]!.stored).toBeUndefined();
  });
});
