import { CompiledQuery, type KyselyPlugin } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { parseListQuery } from "~/core/list-query";
import { pageEbooksForAdmin } from "~/db/queries/ebooks.server";
import { pageFreeMaterialsForAdmin } from "~/db/queries/free-materials.server";
import { pageHeroBannersForAdmin } from "~/db/queries/hero-banners.server";
import { pageJobAlertsForAdmin } from "~/db/queries/job-alerts.server";
import { pagePurchaseEntriesForAdmin } from "~/db/queries/purchase-entries.server";
import { pageTestimonialsForAdmin } from "~/db/queries/testimonials.server";
import { addDays, istDate, istDayStart } from "~/core/ist";
import { getDb } from "~/db/client.server";
import {
  ebookList,
  freeMaterialList,
  heroBannerList,
  jobAlertList,
  purchaseEntryList,
  testimonialList,
  type AdminList,
} from "~/lib/admin/admin-lists";
import { seedSampleTests } from "~/lib/exam/sample-tests-seed.server";
import { action as catalogueAction, loader as catalogueLoader } from "~/routes/admin/manage/catalogue";
import { action as ebooksAction, loader as ebooksLoader } from "~/routes/admin/manage/ebooks";
import { action as freeTestsAction, loader as freeTestsLoader } from "~/routes/admin/manage/free-tests";
import { action as materialsAction, loader as materialsLoader } from "~/routes/admin/manage/free-materials";
import { action as bannersAction, loader as bannersLoader } from "~/routes/admin/manage/hero-banners";
import { action as jobAlertsAction, loader as jobAlertsLoader } from "~/routes/admin/manage/job-alerts";
import { action as leadsAction, loader as leadsLoader } from "~/routes/admin/manage/leads";
import { action as mediaAction, loader as mediaLoader } from "~/routes/admin/manage/media";
import { action as gateAction, loader as gateLoader } from "~/routes/admin/manage/gate-data";
import { action as outboxAction, loader as outboxLoader } from "~/routes/admin/manage/outbox";
import { action as toastsAction, loader as toastsLoader } from "~/routes/admin/manage/purchase-toasts";
import { action as questionsAction, loader as questionsLoader } from "~/routes/admin/manage/questions";
import { action as testimonialsAction, loader as testimonialsLoader } from "~/routes/admin/manage/testimonials";
import { action as testsAction, loader as testsLoader } from "~/routes/admin/manage/tests";
import { seedScaled } from "../../scripts/db-seed-scale";
import { adminAndStudent, call, flash, getRequest, postRequest, snapshot, type Answer } from "./auth-support";

// Issue 48 "Lists staff can work", on a database holding the demo content 100 times over (the
// bench's scale seed): each list's search, filters, sort and pages read through its loader, as the
// router calls it, checked against the same rows filtered and sorted here in plain code; the time
// of each loader is printed (the repository asserts no wall-clock bounds). Bulk actions write one
// audit row per row, and refuse anyone but an admin.

const ADMIN = "lists-admin@example.com";
const sessions = adminAndStudent(ADMIN);
const FACTOR = 100;

beforeAll(async () => {
  await seedScaled(getDb(), FACTOR);
}, 120_000);

type Handler = (args: never) => unknown;

/** The loader's answer to `path`, timed. */
async function load(loader: Handler, path: string, cookie = sessions.adminCookie) {
  const started = performance.now();
  const answer = await call(loader as never, getRequest(path, cookie));
  const ms = performance.now() - started;
  console.log(`[${process.env.TEST_ENGINE}] ${path}: ${ms.toFixed(1)} ms`);
  expect(answer.kind).toBe("data");
  return answer.kind === "data" ? answer.data : null;
}

const post = (
  action: Handler,
  path: string,
  fields: Record<string, string>,
  cookie: string | undefined = sessions.adminCookie,
) => call(action as never, postRequest(path, fields, cookie));

function expectRedirect(answer: Answer, location: string, message?: string) {
  expect(answer).toMatchObject({ kind: "redirect", location });
  if (message !== undefined) expect(flash(answer)).toBe(message);
}

const auditCount = async () =>
  Number(
    (
      await getDb()
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const includes = (text: string | null | undefined, q: string) => (text ?? "").toLowerCase().includes(q.toLowerCase());
const byDesc =
  <T>(key: (row: T) => string | number) =>
  (a: T, b: T) =>
    key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0;

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

/** The ids of one page of a list, in its order. */
const rowIds = (list: { rows: { id: number }[] }) => list.rows.map((row) => row.id);

/** The test items a page of the free tests tree shows, by id. */
const shown = (tree: { subcategories: { items: { id: number }[] }[] }[]) =>
  tree.flatMap((c) => c.subcategories.flatMap((sub) => sub.items.map((i) => i.id))).sort((a, b) => a - b);

/** How many files the media library holds. */
const countFiles = async () =>
  Number(
    (
      await getDb()
        .selectFrom("media_files")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A list's plain view: no search, no filter, its first page. */
const plain = (list: AdminList) => parseListQuery(list.spec, new URLSearchParams());

/** An alert's last date and Active set, renamed so that a search finds it alone. */
const setAlert = (id: number, last_date: string | null, is_active = true) =>
  getDb()
    .updateTable("job_alerts")
    .set({ last_date, is_active, title: `Boundary ${id}` })
    .where("id", "=", id)
    .execute();

/** The GATE data module serves five paths; these two calls are its rank points page's. */
const rankPointsLoader = gateLoader;
const rankPointsAction = gateAction;

describe(`admin lists at ${FACTOR}× the demo data, on ${process.env.TEST_ENGINE}`, () => {
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

  describe("e-books, free materials, hero banners, purchases", () => {
    it.each([
      ["e-books", ebooksLoader, "/admin/ebooks", "ebooks"],
      ["free materials", materialsLoader, "/admin/free-materials", "free_materials"],
    ] as const)(
      "%s: searched, filtered by Active and the day added, sorted by title, paged",
      async (_, loader, path, table) => {
        const all = await getDb()
          .selectFrom(table)
          .select(["id", "title", "description", "is_active", "created_at"])
          .execute();
        expect(all.length).toBeGreaterThan(400);
        const newest = byDesc<{ created_at: string; id: number }>(
          (r) => `${r.created_at}|${String(r.id).padStart(9, "0")}`,
        );
        const firstPage = await load(loader, path);
        expect(rowIds(firstPage.rows)).toEqual(
          [...all]
            .sort(newest)
            .slice(0, 50)
            .map((r) => r.id),
        );
        expect(firstPage.rows.hasNext).toBe(true);

        const q = all[0]!.title.split(" ")[0]!;
        const searched = await load(loader, `${path}?q=${encodeURIComponent(q.toLowerCase())}&page=2`);
        const matching = all.filter((r) => includes(r.title, q) || includes(r.description, q)).sort(newest);
        expect(rowIds(searched.rows)).toEqual(matching.slice(50, 100).map((r) => r.id));

        const off = all.slice(0, 7).map((r) => r.id);
        await getDb().updateTable(table).set({ is_active: false }).where("id", "in", off).execute();
        const notActive = (await getDb().selectFrom(table).select(["id", "is_active"]).execute()).filter(
          (r) => !r.is_active,
        );
        expect(notActive.map((r) => r.id)).toEqual(expect.arrayContaining(off));
        const inactive = await load(loader, `${path}?active=0&sort=title&dir=asc`);
        expect(inactive.rows.rows.every((r: { is_active: boolean }) => !r.is_active)).toBe(true);
        expect(inactive.rows.rows).toHaveLength(Math.min(50, notActive.length));
        const titles = inactive.rows.rows.map((r: { title: string }) => r.title);
        expect(titles).toEqual([...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));

        const day = istDate(new Date(all[0]!.created_at));
        const ranged = await load(loader, `${path}?from=${day}&to=${day}`);
        const onDay = all.filter((r) => istDate(new Date(r.created_at)) === day).sort(newest);
        expect(rowIds(ranged.rows)).toEqual(onDay.slice(0, 50).map((r) => r.id));
      },
    );

    it("hero banners: filtered by Active and words, always in display order, positions on the plain list", async () => {
      const all = await getDb()
        .selectFrom("hero_banners")
        .select(["id", "display_order", "alt_text", "image_url", "link_url", "is_active"])
        .orderBy("display_order")
        .orderBy("id")
        .execute();
      const second = await load(bannersLoader, "/admin/hero-banners?page=2");
      expect(second.banners.rows.map((r: { id: number; position: number }) => [r.id, r.position])).toEqual(
        all.slice(50, 100).map((r, i) => [r.id, 51 + i]),
      );
      const q = all[0]!.alt_text!.split(" ")[0]!;
      const searched = await load(bannersLoader, `/admin/hero-banners?q=${encodeURIComponent(q)}&active=1`);
      const expected = all.filter(
        (r) => r.is_active && [r.alt_text, r.image_url, r.link_url].some((t) => includes(t, q)),
      );
      expect(rowIds(searched.banners)).toEqual(expected.slice(0, 50).map((r) => r.id));
      // A filtered list shows no positions (the arrows move in the whole order).
      expect(searched.banners.rows.every((r: { position: number | null }) => r.position === null)).toBe(true);
    });

    it("purchases: filtered by the day of purchase (a calendar date) and searched", async () => {
      const today = istDate();
      const values = Array.from({ length: 300 }, (_, i) => ({
        buyer_name: `Buyer ${i}`,
        city: i % 2 ? "Pune" : "Chennai",
        product: "GATE 2026 Test Series",
        purchased_on: addDays(today, -i),
        is_active: i % 3 !== 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      }));
      await getDb().insertInto("purchase_entries").values(values).execute();
      const all = await getDb()
        .selectFrom("purchase_entries")
        .select(["id", "city", "purchased_on", "is_active"])
        .execute();
      const from = addDays(today, -40);
      const to = addDays(today, -10);
      const data = await load(
        toastsLoader,
        `/admin/purchase-toasts?from=${from}&to=${to}&q=pune&active=1&sort=purchased&dir=asc`,
      );
      const expected = all
        .filter((r) => r.purchased_on >= from && r.purchased_on <= to && r.city === "Pune" && r.is_active)
        .sort((a, b) => (a.purchased_on < b.purchased_on ? -1 : a.purchased_on > b.purchased_on ? 1 : a.id - b.id));
      expect(expected.length).toBeGreaterThan(5);
      expect(rowIds(data.entries)).toEqual(expected.map((r) => r.id));
      expect(data.entries.view.params).toEqual({ active: "1", from, to, q: "pune", dir: "asc" });
    });

    it("bulk actions on each: one audit row per row, the row's own write", async () => {
      for (const [action, path, table] of [
        [ebooksAction, "/admin/ebooks", "ebooks"],
        [materialsAction, "/admin/free-materials", "free_materials"],
        [bannersAction, "/admin/hero-banners", "hero_banners"],
        [toastsAction, "/admin/purchase-toasts", "purchase_entries"],
      ] as const) {
        const chosen = (await getDb().selectFrom(table).select("id").orderBy("id").limit(3).execute()).map((r) => r.id);
        const before = await auditCount();
        const answer = await post(action, `${path}?active=1`, {
          intent: "bulk",
          bulk: "deactivate",
          ids: chosen.join(","),
        });
        expect(answer).toMatchObject({ kind: "redirect", location: `${path}?active=1` });
        expect(flash(answer)).toMatch(/^3 .+ deactivated\.$/);
        const rows = await getDb().selectFrom(table).select(["id", "is_active"]).where("id", "in", chosen).execute();
        expect(rows.map((r) => r.is_active)).toEqual([false, false, false]);
        const audits = await getDb()
          .selectFrom("audit_log")
          .select(["entity", "entity_id", "action"])
          .orderBy("id", "desc")
          .limit(3)
          .execute();
        expect(await auditCount()).toBe(before + 3);
        expect(audits.map((a) => [a.entity, a.action, Number(a.entity_id)]).sort()).toEqual(
          chosen.map((id) => [table, "update", id]).sort(),
        );
        const deleted = await post(action, path, { intent: "bulk", bulk: "delete", ids: chosen.slice(0, 2).join(",") });
        expect(flash(deleted)).toMatch(/^2 .+ deleted\.$/);
        expect(await getDb().selectFrom(table).select("id").where("id", "in", chosen).execute()).toHaveLength(1);
        expect(await auditCount()).toBe(before + 5);
      }
    });
  });

  describe("testimonials, leads, Mail Delivery", () => {
    it("/admin/testimonials?status=pending lists those waiting; searched, rated, bulk-approved with an audit row each", async () => {
      const all = await getDb()
        .selectFrom("testimonials")
        .select(["id", "name", "comment", "rating", "created_at"])
        .execute();
      const waiting = all.slice(0, 60).map((r) => r.id);
      await getDb().updateTable("testimonials").set({ status: "pending" }).where("id", "in", waiting).execute();
      const data = await load(testimonialsLoader, "/admin/testimonials?status=pending");
      expect(data.waiting).toBe(60);
      const newest = byDesc<{ created_at: string; id: number }>(
        (r) => `${r.created_at}|${String(r.id).padStart(9, "0")}`,
      );
      const pending = all
        .filter((r) => waiting.includes(r.id))
        .sort(newest)
        .map((r) => r.id);
      expect(data.testimonials.rows.map((r: { id: number }) => r.id)).toEqual(pending.slice(0, 50));
      expect(data.testimonials.hasNext).toBe(true);
      const rated = await load(testimonialsLoader, "/admin/testimonials?rating=5&sort=name&dir=asc&status=pending");
      expect(
        rated.testimonials.rows.every(
          (r: { rating: number; status: string }) => r.rating === 5 && r.status === "pending",
        ),
      ).toBe(true);

      const chosen = pending.slice(0, 3);
      const before = await auditCount();
      const answer = await post(testimonialsAction, "/admin/testimonials?status=pending", {
        intent: "bulk",
        bulk: "approve",
        ids: chosen.join(","),
      });
      expect(answer).toMatchObject({ kind: "redirect", location: "/admin/testimonials?status=pending" });
      expect(flash(answer)).toBe("3 testimonials approved.");
      expect(await auditCount()).toBe(before + 3);
      const rows = await getDb().selectFrom("testimonials").select("status").where("id", "in", chosen).execute();
      expect(rows.map((r) => r.status)).toEqual(["approved", "approved", "approved"]);
    });

    it("leads keep their parameters (?status=new) and add the days received and the sort; bulk status, audited per lead", async () => {
      const data = await load(leadsLoader, "/admin/leads?status=new&kind=contact");
      expect(data.leads.items).toHaveLength(25);
      expect(
        data.leads.items.every((l: { status: string; kind: string }) => l.status === "new" && l.kind === "contact"),
      ).toBe(true);
      const contacts = await getDb().selectFrom("contact_messages").select(["id", "name", "created_at"]).execute();
      const day = istDate(new Date(contacts[0]!.created_at));
      const ranged = await load(leadsLoader, `/admin/leads?kind=contact&from=${day}&to=${day}&sort=name`);
      const onDay = contacts
        .filter((c) => istDate(new Date(c.created_at)) === day)
        .map((c) => c.name)
        .sort();
      expect(ranged.leads.items.map((l: { name: string }) => l.name)).toEqual(onDay);

      const keys = [`contact-${contacts[0]!.id}`, `contact-${contacts[1]!.id}`];
      const confirm = await load(
        leadsLoader,
        `/admin/leads?status=new&bulk=status-contacted&${keys.map((k) => `ids=${k}`).join("&")}`,
      );
      expect(confirm.bulk.rows.map((r: { id: string }) => r.id).sort()).toEqual([...keys].sort());
      const before = await auditCount();
      const answer = await post(leadsAction, "/admin/leads?status=new", {
        intent: "bulk",
        bulk: "status-contacted",
        ids: keys.join(","),
      });
      expect(answer).toMatchObject({ kind: "redirect", location: "/admin/leads?status=new" });
      expect(flash(answer)).toBe("2 leads marked as contacted.");
      expect(await auditCount()).toBe(before + 2);
      // A contact message is never booked: refused, nothing written.
      const refused = await post(leadsAction, "/admin/leads", {
        intent: "bulk",
        bulk: "status-booked",
        ids: keys.join(","),
      });
      expect(refused).toMatchObject({ kind: "data", status: 409 });
      expect(await auditCount()).toBe(before + 2);
      const bad = await post(leadsAction, "/admin/leads", {
        intent: "bulk",
        bulk: "status-closed",
        ids: "contact-1,lead-2",
      });
      expect(bad).toMatchObject({ kind: "data", status: 400, data: { formError: "Select at least one row first." } });
    });

    it("Mail Delivery: filtered by status and searched; bulk Retry queues each dead e-mail again, audited", async () => {
      const rows = await getDb().selectFrom("email_outbox").select("id").orderBy("id").limit(80).execute();
      const dead = rows.slice(0, 60).map((r) => r.id);
      await getDb()
        .updateTable("email_outbox")
        .set({ status: "dead", last_error: "550 mailbox unavailable" })
        .where("id", "in", dead)
        .execute();
      await getDb()
        .updateTable("email_outbox")
        .set({ status: "pending", last_error: "421 try later" })
        .where(
          "id",
          "in",
          rows.slice(60).map((r) => r.id),
        )
        .execute();
      const data = await load(outboxLoader, "/admin/outbox?status=dead");
      expect(data.emails.rows).toHaveLength(50);
      expect(data.emails.rows.every((e: { status: string }) => e.status === "dead")).toBe(true);
      const problemFirst = await load(outboxLoader, "/admin/outbox?page=2");
      expect(problemFirst.emails.rows.map((e: { status: string }) => e.status)).toEqual([
        ...Array.from({ length: 10 }, () => "dead"),
        ...Array.from({ length: 20 }, () => "pending"),
      ]);
      const before = await auditCount();
      const answer = await post(outboxAction, "/admin/outbox?status=dead", {
        intent: "bulk",
        bulk: "retry",
        ids: dead.slice(0, 4).join(","),
      });
      expect(flash(answer)).toBe("4 e-mails queued again.");
      expect(await auditCount()).toBe(before + 4);
      // Not dead any more: refused, nothing written.
      expect(
        await post(outboxAction, "/admin/outbox", { intent: "bulk", bulk: "retry", ids: String(dead[0]) }),
      ).toMatchObject({
        kind: "data",
        status: 409,
      });
      expect(await auditCount()).toBe(before + 4);
    });
  });

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

  describe("authorization", () => {
    const bulkActions = [
      ["/admin", jobAlertsAction],
      ["/admin/ebooks", ebooksAction],
      ["/admin/free-materials", materialsAction],
      ["/admin/hero-banners", bannersAction],
      ["/admin/purchase-toasts", toastsAction],
      ["/admin/testimonials", testimonialsAction],
      ["/admin/leads", leadsAction],
      ["/admin/outbox", outboxAction],
      ["/admin/catalogue", catalogueAction],
      ["/admin/questions", questionsAction],
      ["/admin/tests", testsAction],
      ["/admin/free-tests", freeTestsAction],
      ["/admin/media", mediaAction],
      ["/admin/gate-rank-points", gateAction],
    ] as const;

    it.each(bulkActions)("%s: a bulk action without an admin is refused and changes nothing", async (path, action) => {
      const fields = { intent: "bulk", bulk: "delete", ids: "1,2,3" };
      const before = await snapshot();
      expect(await post(action, path, fields, "")).toMatchObject({ kind: "redirect", location: "/admin/login" });
      expect(await post(action, path, fields, sessions.studentCookie)).toMatchObject({ kind: "data", status: 403 });
      expect(await snapshot()).toEqual(before);
    });

    it.each(bulkActions)("%s: the confirmation step is the admin's only", async (path) => {
      const loaders: Record<string, Handler> = {
        "/admin": jobAlertsLoader,
        "/admin/ebooks": ebooksLoader,
        "/admin/free-materials": materialsLoader,
        "/admin/hero-banners": bannersLoader,
        "/admin/purchase-toasts": toastsLoader,
        "/admin/testimonials": testimonialsLoader,
        "/admin/leads": leadsLoader,
        "/admin/outbox": outboxLoader,
        "/admin/catalogue": catalogueLoader,
        "/admin/questions": questionsLoader,
        "/admin/tests": testsLoader,
        "/admin/free-tests": freeTestsLoader,
        "/admin/media": mediaLoader,
        "/admin/gate-rank-points": gateLoader,
      };
      const loader = loaders[path]!;
      const step = `${path}?bulk=delete&ids=1`;
      expect(await call(loader as never, getRequest(step))).toMatchObject({
        kind: "redirect",
        location: "/admin/login",
      });
      expect(await call(loader as never, getRequest(step, sessions.studentCookie))).toMatchObject({
        kind: "data",
        status: 403,
      });
    });
  });
  describe("the free tests tree", () => {
    it("comes a page of categories at a time; filtered, only the matching items under their parents", async () => {
      const categories = await getDb().selectFrom("test_categories").select("id").orderBy("id").execute();
      expect(categories.length).toBeGreaterThan(300);
      const first = await load(freeTestsLoader, "/admin/free-tests");
      expect(first.tree.map((c: { id: number }) => c.id)).toEqual(categories.slice(0, 10).map((c) => c.id));
      expect(first.hasNext).toBe(true);
      // Every subcategory and item of the page's categories, counted in all.
      const items = await getDb()
        .selectFrom("test_items as i")
        .innerJoin("test_subcategories as s", "s.id", "i.subcategory_id")
        .innerJoin("test_categories as c", "c.id", "s.category_id")
        .select(["i.id", "i.title", "i.is_active", "s.name as sub", "c.name as cat", "c.id as category_id"])
        .execute();
      const firstIds = new Set(categories.slice(0, 10).map((c) => c.id));
      expect(shown(first.tree)).toEqual(
        items
          .filter((i) => firstIds.has(i.category_id))
          .map((i) => i.id)
          .sort((a, b) => a - b),
      );
      expect(first.parents.length).toBe(categories.length);

      const copy = await load(freeTestsLoader, `/admin/free-tests?q=${encodeURIComponent("· 37")}`);
      const expected = items.filter((i) => [i.title, i.sub, i.cat].some((t) => includes(t, "· 37")));
      expect(shown(copy.tree)).toEqual(expected.map((i) => i.id).sort((a, b) => a - b));
      expect(copy.view).toMatchObject({ q: "· 37", filtered: true });

      const off = items.slice(0, 5).map((i) => i.id);
      const before = await auditCount();
      const answer = await post(freeTestsAction, "/admin/free-tests?active=1", {
        intent: "bulk",
        bulk: "deactivate",
        ids: off.join(","),
      });
      expect(answer).toMatchObject({ kind: "redirect", location: "/admin/free-tests?active=1" });
      expect(flash(answer)).toBe("5 test items deactivated.");
      expect(await auditCount()).toBe(before + 5);
      const inactive = await load(freeTestsLoader, "/admin/free-tests?active=0");
      expect(shown(inactive.tree)).toEqual(expect.arrayContaining(off));
      expect(
        inactive.tree.every((c: { subcategories: { items: { is_active: boolean }[] }[] }) =>
          c.subcategories.every((sub) => sub.items.every((i) => !i.is_active)),
        ),
      ).toBe(true);
      // An item to edit off the page is read apart; a bulk confirmation names its rows.
      const far = items.at(-1)!;
      const editing = await load(freeTestsLoader, `/admin/free-tests?edit=item&id=${far.id}`);
      expect(editing.others.map((i: { id: number }) => i.id)).toEqual([far.id]);
      const confirm = await load(freeTestsLoader, `/admin/free-tests?bulk=delete&ids=${far.id}&ids=${off[0]}`);
      expect(confirm.bulk.rows.map((i: { id: number }) => i.id).sort((a: number, b: number) => a - b)).toEqual(
        [far.id, off[0]!].sort((a, b) => a - b),
      );
    });
  });

  describe("the media library", () => {
    it("bulk Delete deletes the files no page uses, one audit row each, and keeps the others", async () => {
      const chosen = (await getDb().selectFrom("media_files").select("id").orderBy("id").limit(10).execute()).map(
        (f) => f.id,
      );
      expect(chosen).toHaveLength(10);
      const confirm = await load(
        mediaLoader,
        `/admin/media?kind=image&bulk=delete&${chosen.map((id) => `ids=${id}`).join("&")}`,
      );
      expect(confirm.library.bulk.rows).toHaveLength(10);
      const [files, audits] = [await countFiles(), await auditCount()];
      const answer = await post(mediaAction, "/admin/media?kind=image", {
        intent: "bulk",
        bulk: "delete",
        ids: chosen.join(","),
      });
      const deleted = files - (await countFiles());
      expect(await auditCount()).toBe(audits + deleted);
      if (deleted === 0) expect(answer).toMatchObject({ kind: "data", status: 409 });
      else {
        expect(answer).toMatchObject({ kind: "redirect", location: "/admin/media?kind=image" });
        const kept = 10 - deleted;
        expect(flash(answer)).toBe(
          `${deleted} ${deleted === 1 ? "file" : "files"} deleted.${kept > 0 ? ` ${kept} could not be deleted.` : ""}`,
        );
      }
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

  describe("the plain lists read by index", () => {
    it("each list's first page is read in an index's order, never a sort of the table (SQLite's plans)", async () => {
      const compiled: { sql: string; parameters: readonly unknown[] }[] = [];
      const capture: KyselyPlugin = {
        transformQuery(args) {
          compiled.push(getDb().getExecutor().compileQuery(args.node, args.queryId));
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const db = getDb().withPlugin(capture);
      await pageJobAlertsForAdmin(db, plain(jobAlertList));
      await pageEbooksForAdmin(db, plain(ebookList));
      await pageFreeMaterialsForAdmin(db, plain(freeMaterialList));
      await pagePurchaseEntriesForAdmin(db, plain(purchaseEntryList));
      await pageHeroBannersForAdmin(db, plain(heroBannerList));
      await pageTestimonialsForAdmin(db, parseListQuery(testimonialList.spec, new URLSearchParams("status=pending")));
      expect(compiled).toHaveLength(6);
      const explain = process.env.TEST_ENGINE === "postgres" ? "explain" : "explain query plan";
      for (const query of compiled) {
        const plan = await getDb().executeQuery<Record<string, string>>(
          CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
        );
        const text = plan.rows.map((row) => Object.values(row).at(-1)).join(" | ");
        // PostgreSQL plans by its own statistics: the statements are the same, their rows checked above.
        if (process.env.TEST_ENGINE === "postgres") expect(text.length).toBeGreaterThan(0);
        else expect(text, query.sql).not.toContain("TEMP B-TREE");
      }
    });
  });
});
