import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { seedSampleTests } from "~/lib/exam/sample-tests-seed.server";
import { action as catalogueAction, loader as catalogueLoader } from "~/routes/admin/manage/catalogue";
import { action as gateAction, loader as gateLoader } from "~/routes/admin/manage/gate-data";
import { action as questionsAction, loader as questionsLoader } from "~/routes/admin/manage/questions";
import { action as testsAction, loader as testsLoader } from "~/routes/admin/manage/tests";
import { auditCount } from "./admin-support";
import { LIST_FACTOR, scaledManagerCalls } from "./admin-lists-support";
import { flash } from "./auth-support";

// Issue 48 "Lists staff can work", on a database holding the demo content 100 times over (the
// bench's scale seed, admin-lists-support.ts): each list's search, filters, sort and pages read
// through its loader, as the router calls it, checked against the same rows filtered and sorted
// here in plain code; the time of each loader is printed (the repository asserts no wall-clock
// bounds). Bulk actions write one audit row per row.
//
// This file: what aspirants prepare with: the catalogue's two tabs, the question bank, the timed
// tests and the GATE data tables.

const ADMIN = "lists-admin@example.com";
const { post, load } = scaledManagerCalls(ADMIN);

/** The GATE data module serves five paths; these two calls are its rank points page's. */
const rankPointsLoader = gateLoader;
const rankPointsAction = gateAction;

describe(`admin lists at ${LIST_FACTOR}× the demo data, on ${process.env.TEST_ENGINE}`, () => {
  describe("catalogue, questions, tests", () => {
    it("catalogue: each tab's list, its filters keeping the tab; a series courses are sold as is kept by a bulk delete", async () => {
      const courses = await load(catalogueLoader, "/admin/catalogue?tab=courses&free=0");
      expect(courses.seriesList).toBe(null);
      expect(courses.courseList.view.params).toEqual({ tab: "courses", free: "0" });
      expect(courses.courseList.rows.every((c: { is_free: boolean }) => !c.is_free)).toBe(true);
      const series = await load(catalogueLoader, "/admin/catalogue?sort=price");
      const prices = series.seriesList.rows.map((s: { price: number }) => s.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));

      const sold = await getDb()
        .selectFrom("courses")
        .select("test_series_id")
        .where("test_series_id", "is not", null)
        .executeTakeFirst();
      if (sold?.test_series_id) {
        const answer = await post(catalogueAction, "/admin/catalogue", {
          intent: "bulk",
          bulk: "delete",
          ids: String(sold.test_series_id),
        });
        expect(answer).toMatchObject({ kind: "data", status: 409 });
      }
      const answer = await post(catalogueAction, "/admin/catalogue?tab=courses", {
        intent: "bulk",
        bulk: "deactivate",
        ids: courses.courseList.rows
          .slice(0, 2)
          .map((c: { id: number }) => c.id)
          .join(","),
      });
      expect(answer).toMatchObject({ kind: "redirect", location: "/admin/catalogue?tab=courses" });
      expect(flash(answer)).toBe("2 courses deactivated.");
    });

    it("questions: bulk Publish and Unpublish, one audit row per change; ?reported=1 opens the reports", async () => {
      const first = await load(questionsLoader, "/admin/questions?status=published");
      const chosen = first.questions.items.slice(0, 3).map((q: { id: number }) => q.id);
      const before = await auditCount();
      const answer = await post(questionsAction, "/admin/questions?status=published", {
        intent: "bulk",
        bulk: "unpublish",
        ids: chosen.join(","),
      });
      expect(answer).toMatchObject({ kind: "redirect", location: "/admin/questions?status=published" });
      expect(flash(answer)).toBe("3 questions unpublished.");
      expect(await auditCount()).toBe(before + 3);
      const rows = await getDb().selectFrom("questions").select("status").where("id", "in", chosen).execute();
      expect(rows.map((r) => r.status)).toEqual(["draft", "draft", "draft"]);
      const confirm = await load(
        questionsLoader,
        `/admin/questions?bulk=publish&${chosen.map((id: number) => `ids=${id}`).join("&")}`,
      );
      expect(confirm.bulk.rows).toHaveLength(3);
      const reported = await load(questionsLoader, "/admin/questions?reported=1");
      expect(reported).toMatchObject({ tab: "reports", reportStatus: "new" });
    });

    it("tests: filtered by status and kind; a bulk Publish the composition check refuses writes nothing", async () => {
      await seedSampleTests(getDb());
      const tests = await getDb().selectFrom("practice_tests").select(["id", "status", "kind"]).execute();
      expect(tests.length).toBeGreaterThan(0);
      const published = await load(testsLoader, "/admin/tests?status=published");
      expect(published.tests.rows.map((t: { id: number }) => t.id).sort()).toEqual(
        tests
          .filter((t) => t.status === "published")
          .map((t) => t.id)
          .sort(),
      );
      const every = tests.map((t) => t.id).join(",");
      const before = await auditCount();
      const answer = await post(testsAction, "/admin/tests", { intent: "bulk", bulk: "unpublish", ids: every });
      expect(flash(answer)).toBe(`${tests.length} ${tests.length === 1 ? "test" : "tests"} unpublished.`);
      expect(await auditCount()).toBe(before + tests.filter((t) => t.status === "published").length);
      const empty = await getDb()
        .insertInto("practice_tests")
        .values({
          ...(await getDb().selectFrom("practice_tests").selectAll().executeTakeFirstOrThrow()),
          id: undefined,
          slug: "empty-bulk-test",
          title: "Empty",
          status: "draft",
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      const refused = await post(testsAction, "/admin/tests", {
        intent: "bulk",
        bulk: "publish",
        ids: String(empty.id),
      });
      expect(refused).toMatchObject({ kind: "data", status: 409 });
      expect(await auditCount()).toBe(before + tests.filter((t) => t.status === "published").length);
    });
  });

  describe("the GATE data tables", () => {
    it("rank points: one paper's, sorted by marks, paged and searched; bulk Delete audited per row", async () => {
      const ch = await getDb()
        .selectFrom("gate_papers")
        .select("id")
        .where("code", "=", "CH")
        .executeTakeFirstOrThrow();
      const stamp = new Date().toISOString();
      await getDb()
        .insertInto("gate_rank_points")
        .values(
          Array.from({ length: 120 }, (_, i) => ({
            paper_id: ch.id,
            year: 2000 + (i % 20),
            marks: 20 + i / 2,
            air: 10_000 - i * 50,
            kind: "candidate-reported" as const,
            source_label: i % 2 ? "Reported on the forum" : "Scorecard",
            source_url: null,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
      const all = await getDb()
        .selectFrom("gate_rank_points as r")
        .innerJoin("gate_papers as p", "p.id", "r.paper_id")
        .select(["r.id", "r.marks", "r.source_label", "p.code"])
        .execute();
      const data = await load(rankPointsLoader, "/admin/gate-rank-points?paper=ch&sort=marks&page=2");
      const byMarks = all
        .filter((r) => r.code === "CH")
        .sort((a, b) => Number(b.marks) - Number(a.marks) || b.id - a.id)
        .map((r) => r.id);
      expect(data.points.rows.map((r: { id: number }) => r.id)).toEqual(byMarks.slice(50, 100));
      expect(data.points.view.params).toEqual({ paper: "ch", sort: "marks" });
      const forum = await load(rankPointsLoader, "/admin/gate-rank-points?q=forum&sort=marks");
      expect(forum.points.rows.every((r: { source_label: string }) => r.source_label.includes("forum"))).toBe(true);
      expect(forum.points.rows).toHaveLength(50);

      const chosen = byMarks.slice(0, 3);
      const before = await auditCount();
      const answer = await post(rankPointsAction, "/admin/gate-rank-points?paper=ch", {
        intent: "bulk",
        bulk: "delete",
        ids: chosen.join(","),
      });
      expect(answer).toMatchObject({ kind: "redirect", location: "/admin/gate-rank-points?paper=ch" });
      expect(flash(answer)).toBe("3 rank points deleted.");
      expect(await auditCount()).toBe(before + 3);
      expect(await getDb().selectFrom("gate_rank_points").select("id").where("id", "in", chosen).execute()).toEqual([]);
    });
  });
});
