import { describe, expect, it } from "vitest";
import { addDays, istDate, istDayStart } from "~/core/ist";
import { getDb } from "~/db/client.server";
import { jobAlertList } from "~/lib/admin/admin-lists";
import { action as jobAlertsAction, loader as jobAlertsLoader } from "~/routes/admin/manage/job-alerts";
import { auditCount, expectRedirect } from "./admin-support";
import { byDesc, includes, LIST_FACTOR, scaledManagerCalls } from "./admin-lists-support";
import { snapshot } from "./auth-support";

// Issue 48 "Lists staff can work", on a database holding the demo content 100 times over (the
// bench's scale seed, admin-lists-support.ts): each list's search, filters, sort and pages read
// through its loader, as the router calls it, checked against the same rows filtered and sorted
// here in plain code; the time of each loader is printed (the repository asserts no wall-clock
// bounds). Bulk actions write one audit row per row.
//
// This file: the job alerts list (/admin), its filters by date and deadline, and its bulk actions.

const ADMIN = "lists-admin@example.com";
const { sessions, post, load } = scaledManagerCalls(ADMIN);

/** Every alert as the list's filters see it, read plainly. */
const allAlerts = () =>
  getDb()
    .selectFrom("job_alerts as a")
    .innerJoin("job_categories as c", "c.id", "a.category_id")
    .select([
      "a.id",
      "a.title",
      "a.organisation",
      "a.job_location",
      "c.name as category",
      "a.category_id",
      "a.posted_date",
      "a.last_date",
      "a.is_active",
    ])
    .execute();
const newestFirst = byDesc<{ posted_date: string; id: number }>(
  (row) => `${row.posted_date}|${String(row.id).padStart(9, "0")}`,
);
const ids = (data: { alerts: { rows: { id: number }[] } }) => data.alerts.rows.map((row) => row.id);

/** An alert's last date and Active set, renamed so that a search finds it alone. */
const setAlert = (id: number, last_date: string | null, is_active = true) =>
  getDb()
    .updateTable("job_alerts")
    .set({ last_date, is_active, title: `Boundary ${id}` })
    .where("id", "=", id)
    .execute();

describe(`admin lists at ${LIST_FACTOR}× the demo data, on ${process.env.TEST_ENGINE}`, () => {
  describe("job alerts (/admin)", () => {
    it("pages the whole list newest posted first, 50 a page, no row twice", async () => {
      const expected = (await allAlerts()).sort(newestFirst).map((row) => row.id);
      expect(expected.length).toBeGreaterThan(1000);
      const first = await load(jobAlertsLoader, "/admin");
      expect(ids(first)).toEqual(expected.slice(0, 50));
      expect(first.alerts.hasNext).toBe(true);
      const second = await load(jobAlertsLoader, "/admin?page=2");
      expect(ids(second)).toEqual(expected.slice(50, 100));
      const last = Math.ceil(expected.length / 50);
      const end = await load(jobAlertsLoader, `/admin?page=${last}`);
      expect(ids(end)).toEqual(expected.slice((last - 1) * 50));
      expect(end.alerts.hasNext).toBe(false);
    });

    it("searches title, organisation, location and category, any case", async () => {
      const all = await allAlerts();
      const q = all[0]!.title.split(" ")[0]!.toUpperCase();
      const expected = all
        .filter((row) => [row.title, row.organisation, row.job_location, row.category].some((t) => includes(t, q)))
        .sort(newestFirst)
        .map((row) => row.id);
      expect(expected.length).toBeGreaterThan(50);
      const data = await load(jobAlertsLoader, `/admin?q=${encodeURIComponent(q)}`);
      expect(ids(data)).toEqual(expected.slice(0, 50));
      expect(data.alerts.view).toMatchObject({ q, filtered: true, params: { q } });
      // A copy's own number: "· 37" is in one copy's titles only.
      const copy = await load(jobAlertsLoader, `/admin?q=${encodeURIComponent("· 37")}`);
      expect(ids(copy)).toEqual(
        all
          .filter((row) => row.title.endsWith("· 37"))
          .sort(newestFirst)
          .map((row) => row.id),
      );
      // LIKE's own characters are taken literally.
      expect(ids(await load(jobAlertsLoader, "/admin?q=%25_%25"))).toEqual([]);
    });

    it("filters by Active, category, posted dates; sorts by last date, empties last", async () => {
      const all = await allAlerts();
      await getDb()
        .updateTable("job_alerts")
        .set({ is_active: false })
        .where(
          "id",
          "in",
          all.slice(0, 120).map((row) => row.id),
        )
        .execute();
      const inactive = all.slice(0, 120).map((row) => row.id);
      const data = await load(jobAlertsLoader, "/admin?active=0&sort=last_date&dir=asc");
      const expected = (await allAlerts())
        .filter((row) => inactive.includes(row.id))
        .sort((a, b) => {
          if ((a.last_date === null) !== (b.last_date === null)) return a.last_date === null ? 1 : -1;
          if (a.last_date !== b.last_date) return (a.last_date ?? "") < (b.last_date ?? "") ? -1 : 1;
          return a.id - b.id;
        })
        .map((row) => row.id);
      expect(ids(data)).toEqual(expected.slice(0, 50));
      expect(data.alerts.view.params).toEqual({ active: "0", sort: "last_date" });

      const sample = all.find((row) => row.is_active)!;
      const category = sample.category_id;
      const to = istDate(new Date(sample.posted_date));
      const from = addDays(to, -400);
      const ranged = await load(jobAlertsLoader, `/admin?category=${category}&from=${from}&to=${to}&active=1`);
      const inRange = (await allAlerts())
        .filter(
          (row) =>
            row.category_id === category &&
            row.is_active &&
            row.posted_date >= istDayStart(from) &&
            row.posted_date < istDayStart(addDays(to, 1)),
        )
        .sort(newestFirst)
        .map((row) => row.id);
      expect(inRange.length).toBeGreaterThan(0);
      expect(ids(ranged)).toEqual(inRange.slice(0, 50));
      // Not one of the list's values: left out, the list as if it were absent.
      const odd = await load(jobAlertsLoader, "/admin?active=maybe&sort=drop%20table&dir=up&category=x&page=0");
      expect(odd.alerts.view.params).toEqual({});
      expect(ids(odd)).toEqual(
        (await allAlerts())
          .sort(newestFirst)
          .slice(0, 50)
          .map((row) => row.id),
      );
    });

    it("?closing=7: active alerts whose last date is today to 7 days on; ?lastDate=none: active ones without", async () => {
      const today = istDate();
      const all = await allAlerts();
      await setAlert(all[0]!.id, today);
      await setAlert(all[1]!.id, addDays(today, 7));
      await setAlert(all[2]!.id, addDays(today, 8));
      await setAlert(all[3]!.id, addDays(today, -1));
      await setAlert(all[4]!.id, addDays(today, 3), false);
      const closing = await load(jobAlertsLoader, "/admin?closing=7&sort=last_date");
      const expected = (await allAlerts())
        .filter(
          (row) =>
            row.is_active && row.last_date !== null && row.last_date >= today && row.last_date <= addDays(today, 7),
        )
        .sort((a, b) => (a.last_date! < b.last_date! ? -1 : a.last_date! > b.last_date! ? 1 : a.id - b.id))
        .map((row) => row.id);
      expect(ids(closing)).toEqual(expected.slice(0, 50));
      // The edges: today and 7 days on are in; 8 days on, yesterday and an inactive alert are not.
      const edges = await load(jobAlertsLoader, "/admin?closing=7&q=boundary&sort=last_date");
      expect(ids(edges)).toEqual([all[0]!.id, all[1]!.id]);

      const none = await load(jobAlertsLoader, "/admin?lastDate=none");
      const withoutDate = (await allAlerts())
        .filter((row) => row.is_active && row.last_date === null)
        .sort(newestFirst)
        .map((row) => row.id);
      expect(ids(none)).toEqual(withoutDate.slice(0, 50));
    });

    it("opens an edited row that is not on the page, and the no-JavaScript bulk confirmation", async () => {
      const all = (await allAlerts()).sort(newestFirst);
      const far = all[700]!;
      const data = await load(jobAlertsLoader, `/admin?edit=${far.id}`);
      expect(ids(data)).not.toContain(far.id);
      expect(data.alerts.others.map((row: { id: number }) => row.id)).toEqual([far.id]);

      const chosen = [all[0]!.id, all[1]!.id, far.id];
      const confirm = await load(
        jobAlertsLoader,
        `/admin?bulk=deactivate&${chosen.map((id) => `ids=${id}`).join("&")}`,
      );
      expect(confirm.alerts.bulk.action).toBe("deactivate");
      expect(confirm.alerts.bulk.rows.map((row: { id: number }) => row.id).sort()).toEqual([...chosen].sort());
      // "Select all on this page" without JavaScript: every row of the page.
      const page = await load(jobAlertsLoader, "/admin?page=2&bulk=activate&all=1");
      expect(page.alerts.bulk.rows.map((row: { id: number }) => row.id)).toEqual(ids(page));
      const none = await load(jobAlertsLoader, "/admin?bulk=deactivate");
      expect(none.alerts).toMatchObject({ bulk: null, bulkError: "Select at least one row first." });
    });

    it("bulk-deactivates three alerts: one audit row each, back to the list as it was", async () => {
      const all = (await allAlerts()).filter((row) => row.is_active).sort(newestFirst);
      const chosen = all.slice(0, 3).map((row) => row.id);
      const before = await auditCount();
      const answer = await post(jobAlertsAction, "/admin?index&q=e&sort=title&page=2&bulk=deactivate&ids=1", {
        intent: "bulk",
        bulk: "deactivate",
        ids: chosen.join(","),
      });
      expectRedirect(answer, "/admin?q=e&sort=title&page=2", "3 job alerts deactivated.");
      const rows = await getDb()
        .selectFrom("job_alerts")
        .select(["id", "is_active"])
        .where("id", "in", chosen)
        .execute();
      expect(rows.every((row) => row.is_active === false)).toBe(true);
      expect(await auditCount()).toBe(before + 3);
      const audits = await getDb()
        .selectFrom("audit_log")
        .select(["entity", "entity_id", "action", "actor_email"])
        .orderBy("id", "desc")
        .limit(3)
        .execute();
      expect(audits.map((a) => Number(a.entity_id)).sort()).toEqual([...chosen].sort());
      for (const audit of audits)
        expect(audit).toMatchObject({ entity: "job_alerts", action: "update", actor_email: ADMIN });

      // Delete, one of them gone meanwhile: the others are deleted, the toast says one was not.
      await getDb().deleteFrom("job_alerts").where("id", "=", chosen[0]!).execute();
      const deleted = await post(jobAlertsAction, "/admin", { intent: "bulk", bulk: "delete", ids: chosen.join(",") });
      expectRedirect(deleted, "/admin", "2 job alerts deleted. 1 could not be deleted.");
      expect(await auditCount()).toBe(before + 5);
      expect(await getDb().selectFrom("job_alerts").select("id").where("id", "in", chosen).execute()).toEqual([]);
    });

    it("refuses a bulk action without an admin, with ids that are not ids, or one the list has not", async () => {
      const [a, b] = (await allAlerts()).map((row) => row.id);
      const fields = { intent: "bulk", bulk: "delete", ids: `${a},${b}` };
      const before = await snapshot();
      expectRedirect(await post(jobAlertsAction, "/admin", fields, ""), "/admin/login");
      expect(await post(jobAlertsAction, "/admin", fields, sessions.studentCookie)).toMatchObject({
        kind: "data",
        status: 403,
      });
      for (const [bad, message] of [
        [{ ...fields, ids: `${a},x` }, "Select at least one row first."],
        [{ ...fields, ids: "" }, "Select at least one row first."],
        [{ ...fields, ids: Array.from({ length: 101 }, (_, i) => i + 1).join(",") }, "Select at least one row first."],
        [{ ...fields, bulk: "approve" }, "Choose what to do with the selected rows."],
        [{ ...fields, bulk: "" }, "Choose what to do with the selected rows."],
      ] as const) {
        expect(await post(jobAlertsAction, "/admin", bad)).toMatchObject({
          kind: "data",
          status: 400,
          data: { formError: message },
        });
      }
      expect(await snapshot()).toEqual(before);
      expect(jobAlertList.bulk).toEqual(["activate", "deactivate", "delete"]);
    });

    it("a save returns to the list's view, the saved row its fragment", async () => {
      const [alert] = await allAlerts();
      const row = await getDb()
        .selectFrom("job_alerts")
        .selectAll()
        .where("id", "=", alert!.id)
        .executeTakeFirstOrThrow();
      const answer = await post(jobAlertsAction, `/admin?index&active=1&q=gate&page=3&edit=${row.id}`, {
        intent: "update",
        id: String(row.id),
        title: `${row.title} (edited)`,
        category_id: String(row.category_id),
        view_link: row.view_link,
        posted_on: istDate(new Date(row.posted_date)),
        is_active: "on",
      });
      expectRedirect(answer, `/admin?active=1&q=gate&page=3#row-${row.id}`, "Job alert updated successfully");
    });
  });
});
