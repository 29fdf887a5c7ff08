import { CompiledQuery, type KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshPlannerStatistics } from "~/db/planner-statistics.server";
import { loadPracticePage, PALETTE_SIZE } from "~/lib/questions/practice.server";
import type { PracticeQuery } from "~/lib/questions/practice-link";
import { seedScaled } from "../../scripts/db-seed-scale";
import { openTestDb, type TestDb } from "../support/test-db";

// Practice sets at many times the demo's questions (issue 46 "practice pages at 100× the demo's
// questions keep the same latency"): a page is a count, a lookup and seeks along the primary key
// that stop after a few rows, never a sort of the whole set; and walking a set by its "next" links
// visits every question once, numbered in order.

const FACTOR = 20;

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedScaled(t.db, FACTOR);
  await refreshPlannerStatistics(t.db, t.engine, { thorough: true });
});
afterAll(() => t.cleanup());

/** The published questions of a subject, by id: what the set must hold, read plainly. */
async function subjectIds(subject: string) {
  const rows = await t.db
    .selectFrom("questions")
    .select("id")
    .where("status", "=", "published")
    .where("subject", "=", subject)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** The subject holding the most published questions. */
async function largestSubject() {
  const rows = await t.db
    .selectFrom("questions")
    .select((eb) => ["subject", eb.fn.countAll<number | string>().as("n")])
    .where("status", "=", "published")
    .groupBy("subject")
    .execute();
  return rows.sort((a, b) => Number(b.n) - Number(a.n))[0]!.subject;
}

describe(`practice sets at ${FACTOR}× the demo's questions, on ${process.env.TEST_ENGINE}`, () => {
  it("the scale seed copies the demo's questions", async () => {
    const { n } = await t.db
      .selectFrom("questions")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThanOrEqual(FACTOR * 10);
  });

  it("walking a set by its next links visits each question once, numbered in order", async () => {
    const subject = await largestSubject();
    const expected = await subjectIds(subject);
    const visited: [number, number][] = [];
    let query: PracticeQuery = { subject };
    for (;;) {
      const page = (await loadPracticePage(t.db, query))!;
      expect(page.total).toBe(expected.length);
      visited.push([page.number, page.question!.id]);
      // The list around it holds it, at its number.
      expect(page.palette[page.number - page.paletteStart]).toBe(page.question!.id);
      expect(page.palette.length).toBe(Math.min(PALETTE_SIZE, expected.length));
      if (page.next === null) break;
      query = { subject, at: page.next };
    }
    expect(visited).toEqual(expected.map((id, i) => [i + 1, id]));
  });

  it("the list around a question is the set's run of ids there", async () => {
    const subject = await largestSubject();
    const expected = await subjectIds(subject);
    for (const index of [0, 2, Math.floor(expected.length / 2), expected.length - 2, expected.length - 1]) {
      const page = (await loadPracticePage(t.db, { subject, at: expected[index]! }))!;
      expect(page.number).toBe(index + 1);
      expect(page.palette).toEqual(expected.slice(page.paletteStart - 1, page.paletteStart - 1 + PALETTE_SIZE));
      expect([page.previous, page.next]).toEqual([expected[index - 1] ?? null, expected[index + 1] ?? null]);
    }
  });

  it("reads by index: no read of a page sorts the set (SQLite's plans)", async () => {
    const compiled: { sql: string; parameters: readonly unknown[] }[] = [];
    const capture: KyselyPlugin = {
      transformQuery(args) {
        compiled.push(t.db.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const subject = await largestSubject();
    const ids = await subjectIds(subject);
    for (const query of [{ subject, at: ids[Math.floor(ids.length / 2)]! }, {}, { difficulty: "hard" as const }])
      await loadPracticePage(t.db.withPlugin(capture), query);
    expect(compiled.length).toBeGreaterThanOrEqual(12);
    const explain = t.engine === "postgres" ? "explain" : "explain query plan";
    const plans: string[] = [];
    for (const query of compiled) {
      const plan = await t.db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
      );
      plans.push(plan.rows.map((row) => Object.values(row).at(-1)).join(" | "));
    }
    if (t.engine === "postgres") {
      // PostgreSQL plans by its own statistics (a few hundred rows fit a page or two): the reads
      // are the same statements, whose results the tests above check.
      expect(plans.every((plan) => plan.length > 0)).toBe(true);
      return;
    }
    for (const plan of plans) expect(plan).not.toContain("TEMP B-TREE");
    // The subject's set is read through the practice index or the primary key, never a whole-table scan.
    for (const plan of plans.slice(0, 5))
      expect(plan).toMatch(/^SEARCH q USING (INDEX questions_practice|INTEGER PRIMARY KEY)/);
  });
});
