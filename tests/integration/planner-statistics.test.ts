import { CompiledQuery, sql, type KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFreeTestGroups } from "~/db/queries/free-tests.server";
import { refreshPlannerStatistics } from "~/db/planner-statistics.server";
import { seedScaled } from "../../scripts/db-seed-scale";
import { openTestDb, type TestDb } from "../support/test-db";

// The server gathers the query planner's statistics once the tables are seeded (issue 6): on
// SQLite, without them, /free-tests read every active test of the site through the is_active
// index; with them, only the page's, through category → subcategory → test.

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
  await seedScaled(t.db, 20);
});
afterAll(() => t.cleanup());

/** SQLite's plan for the query listFreeTestGroups reads a page's tests with (its second). */
async function freeTestsPlan(): Promise<string> {
  const compiled: { sql: string; parameters: readonly unknown[] }[] = [];
  const capture: KyselyPlugin = {
    transformQuery(args) {
      compiled.push(t.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await listFreeTestGroups(t.db.withPlugin(capture));
  const query = compiled.find((q) => q.sql.includes('from "test_items"'))!;
  const plan = await t.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  return plan.rows.map((row) => row.detail).join(" | ");
}

describe("the query planner's statistics", () => {
  it("are gathered on SQLite, and /free-tests then reads only the page's tests; PostgreSQL's are autovacuum's", async () => {
    if (t.engine === "postgres") {
      await expect(refreshPlannerStatistics(t.db, t.engine, { thorough: true })).resolves.toBeUndefined();
      return;
    }
    expect(await freeTestsPlan()).toContain("USING INDEX test_items_active");
    await refreshPlannerStatistics(t.db, t.engine, { thorough: true });
    const stats = await sql<{ tbl: string }>`select tbl from sqlite_stat1`.execute(t.db);
    expect(stats.rows.map((row) => row.tbl)).toEqual(expect.arrayContaining(["test_items", "test_subcategories"]));
    const plan = await freeTestsPlan();
    expect(plan).toContain("USING INDEX test_items_subcategory");
    expect(plan).not.toContain("test_items_active");
  });
});
