import { beforeAll, describe, expect, it } from "vitest";
import { action as jobAlertsAction, loader as jobAlertsLoader } from "~/routes/admin/manage/job-alerts";
import { count, db, expectRefused, expectSaved, lastAudit, managerCalls, OLD, withoutTable } from "./admin-support";
import { snapshot } from "./auth-support";

// The Job Alerts manager (issue 5), called as the router calls it: a real Request with the
// admin's session cookie, a form body, the Origin header. Each write answers a redirect to the
// list carrying the spec's toast (a flash cookie), or data with the field errors and the typed
// values; what the database then holds is checked, audit rows included.

const ADMIN = "content-admin@example.com";
const { post, get } = managerCalls(ADMIN);

describe(`admin managers on ${process.env.TEST_ENGINE}`, () => {
  describe("Job Alerts", () => {
    let jobs: number;
    let results: number;
    let id: number;
    beforeAll(async () => {
      const categories = await db().selectFrom("job_categories").select(["id", "slug"]).execute();
      jobs = categories.find((c) => c.slug === "jobs")!.id;
      results = categories.find((c) => c.slug === "results")!.id;
    });

    it("creates an alert with its posted date, active by the box, and logs who did it", async () => {
      const answer = await post(jobAlertsAction, "/admin?new=1", {
        intent: "create",
        title: "  NTPC Executive Trainee 2026  ",
        category_id: String(jobs),
        view_link: "https://ntpc.co.in/careers",
        description: "",
        is_active: "on",
      });
      expectSaved(answer, "/admin", "Job alert created successfully");
      const row = await db().selectFrom("job_alerts").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      id = row.id;
      expect(row).toMatchObject({
        title: "NTPC Executive Trainee 2026",
        category_id: jobs,
        view_link: "https://ntpc.co.in/careers",
        description: null,
        is_active: true,
      });
      expect(Date.now() - Date.parse(row.posted_date)).toBeLessThan(60_000);
      expect(await lastAudit()).toMatchObject({
        actor_email: ADMIN,
        action: "create",
        entity: "job_alerts",
        entity_id: String(id),
      });
    });

    it("lists every alert with its category name", async () => {
      const answer = await get(jobAlertsLoader, "/admin");
      expect(answer.kind === "data" && answer.data.loadError).toBe(null);
      const listed = answer.kind === "data" ? answer.data.alerts.rows.find((a: { id: number }) => a.id === id) : null;
      expect(listed).toMatchObject({ title: "NTPC Executive Trainee 2026", category_name: "Jobs", is_active: true });
      expect(answer.kind === "data" && answer.data.categories.map((c: { name: string }) => c.name)).toEqual(
        expect.arrayContaining(["Jobs", "Vacancy", "Results", "Admit Cards"]),
      );
    });

    it("updates it: an unchecked box turns it inactive, posted date kept, updated_at set", async () => {
      await db().updateTable("job_alerts").set({ updated_at: OLD }).where("id", "=", id).execute();
      const before = await db()
        .selectFrom("job_alerts")
        .select("posted_date")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const answer = await post(jobAlertsAction, `/admin?edit=${id}`, {
        intent: "update",
        id: String(id),
        title: "NTPC Executive Trainee 2026 – Result",
        category_id: String(results),
        view_link: "https://ntpc.co.in/results",
        description: "Shortlist out",
      });
      expectSaved(answer, "/admin", "Job alert updated successfully");
      const row = await db().selectFrom("job_alerts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ category_id: results, is_active: false, description: "Shortlist out" });
      expect(row.posted_date).toBe(before.posted_date);
      expect(row.updated_at).not.toBe(OLD);
      expect(await lastAudit()).toMatchObject({ action: "update", entity: "job_alerts", entity_id: String(id) });
    });

    it.each([
      ["title", { title: "" }, { title: "Title is required" }],
      ["category", { category_id: "" }, { category_id: "Choose a category" }],
      ["unknown category", { category_id: "9999" }, { category_id: "Choose a category" }],
      ["view link", { view_link: "not a url" }, { view_link: /http:\/\/ or https:\/\// }],
      ["javascript: link", { view_link: "javascript:alert(1)" }, { view_link: /http:\/\/ or https:\/\// }],
      ["data: link", { view_link: "data:text/html,<b>x</b>" }, { view_link: /http:\/\/ or https:\/\// }],
    ])(
      "refuses an invalid %s with the message by the field, values kept, nothing written",
      async (_n, change, errors) => {
        const before = await snapshot();
        const fields = {
          intent: "create",
          title: "Valid",
          category_id: String(jobs),
          view_link: "https://x.in",
          is_active: "on",
          ...change,
        };
        const data = expectRefused(
          await post(jobAlertsAction, "/admin?new=1", fields),
          400,
          "Please correct the highlighted fields.",
          errors,
        );
        expect(data?.values).toMatchObject({ ...change, is_active: "on" });
        expect(await snapshot()).toEqual(before);
      },
    );

    it("answers 'Failed to save job alert' for an alert that no longer exists", async () => {
      const answer = await post(jobAlertsAction, "/admin", {
        intent: "update",
        id: "999999",
        title: "X",
        category_id: String(jobs),
        view_link: "https://x.in",
      });
      expectRefused(answer, 404, "Failed to save job alert");
    });

    it("a write that fails half-way changes nothing and says 'Failed to save job alert'", async () => {
      const alerts = await count("job_alerts");
      // The alert is inserted, then its audit row cannot be: the transaction rolls back.
      const answer = await withoutTable("audit_log", () =>
        post(jobAlertsAction, "/admin", {
          intent: "create",
          title: "Half",
          category_id: String(jobs),
          view_link: "https://x.in",
        }),
      );
      expectRefused(answer, 503, "Failed to save job alert");
      expect(await count("job_alerts")).toBe(alerts);
    });

    it("deletes it ('Job alert deleted successfully'); a second delete fails", async () => {
      expectSaved(
        await post(jobAlertsAction, "/admin", { intent: "delete", id: String(id) }),
        "/admin",
        "Job alert deleted successfully",
      );
      expect(await db().selectFrom("job_alerts").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
      expect(await lastAudit()).toMatchObject({ action: "delete", entity: "job_alerts", entity_id: String(id) });
      expectRefused(
        await post(jobAlertsAction, "/admin", { intent: "delete", id: String(id) }),
        404,
        "Failed to delete job alert",
      );
      expectRefused(
        await post(jobAlertsAction, "/admin", { intent: "delete", id: "abc" }),
        400,
        "Failed to delete job alert",
      );
    });

    it("a list that cannot be read gives 'Failed to load data' and an empty list, not an error page", async () => {
      const answer = await withoutTable("job_alerts", () => get(jobAlertsLoader, "/admin"));
      expect(answer).toMatchObject({
        kind: "data",
        status: 200,
        data: { alerts: { rows: [] }, loadError: "Failed to load data" },
      });
    });
  });
});
