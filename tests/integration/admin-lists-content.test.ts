import { CompiledQuery, type KyselyPlugin } from "kysely";
import { describe, expect, it } from "vitest";
import { parseListQuery } from "~/core/list-query";
import { addDays, istDate } from "~/core/ist";
import { getDb } from "~/db/client.server";
import { pageEbooksForAdmin } from "~/db/queries/ebooks.server";
import { pageFreeMaterialsForAdmin } from "~/db/queries/free-materials.server";
import { pageHeroBannersForAdmin } from "~/db/queries/hero-banners.server";
import { pageJobAlertsForAdmin } from "~/db/queries/job-alerts.server";
import { pagePurchaseEntriesForAdmin } from "~/db/queries/purchase-entries.server";
import { pageTestimonialsForAdmin } from "~/db/queries/testimonials.server";
import {
  ebookList,
  freeMaterialList,
  heroBannerList,
  jobAlertList,
  purchaseEntryList,
  testimonialList,
  type AdminList,
} from "~/lib/admin/admin-lists";
import { action as ebooksAction, loader as ebooksLoader } from "~/routes/admin/manage/ebooks";
import { action as freeTestsAction, loader as freeTestsLoader } from "~/routes/admin/manage/free-tests";
import { action as materialsAction, loader as materialsLoader } from "~/routes/admin/manage/free-materials";
import { action as bannersAction, loader as bannersLoader } from "~/routes/admin/manage/hero-banners";
import { action as mediaAction, loader as mediaLoader } from "~/routes/admin/manage/media";
import { action as toastsAction, loader as toastsLoader } from "~/routes/admin/manage/purchase-toasts";
import { auditCount, count } from "./admin-support";
import { includes, LIST_FACTOR, newestCreated, rowIds, scaledManagerCalls } from "./admin-lists-support";
import { flash } from "./auth-support";

// Issue 48 "Lists staff can work", on a database holding the demo content 100 times over (the
// bench's scale seed, admin-lists-support.ts): each list's search, filters, sort and pages read
// through its loader, as the router calls it, checked against the same rows filtered and sorted
// here in plain code; the time of each loader is printed (the repository asserts no wall-clock
// bounds). Bulk actions write one audit row per row.
//
// This file: e-books, free materials, hero banners, purchases, the free tests tree and the media
// library, and the plain lists' first pages read in an index's order.

const ADMIN = "lists-admin@example.com";
const { post, load } = scaledManagerCalls(ADMIN);

/** The test items a page of the free tests tree shows, by id. */
const shown = (tree: { subcategories: { items: { id: number }[] }[] }[]) =>
  tree.flatMap((c) => c.subcategories.flatMap((sub) => sub.items.map((i) => i.id))).sort((a, b) => a - b);

/** How many files the media library holds. */
const countFiles = () => count("media_files");

/** A list's plain view: no search, no filter, its first page. */
const plain = (list: AdminList) => parseListQuery(list.spec, new URLSearchParams());

describe(`admin lists at ${LIST_FACTOR}× the demo data, on ${process.env.TEST_ENGINE}`, () => {
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
        const firstPage = await load(loader, path);
        expect(rowIds(firstPage.rows)).toEqual(
          [...all]
            .sort(newestCreated)
            .slice(0, 50)
            .map((r) => r.id),
        );
        expect(firstPage.rows.hasNext).toBe(true);

        const q = all[0]!.title.split(" ")[0]!;
        const searched = await load(loader, `${path}?q=${encodeURIComponent(q.toLowerCase())}&page=2`);
        const matching = all.filter((r) => includes(r.title, q) || includes(r.description, q)).sort(newestCreated);
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
        const onDay = all.filter((r) => istDate(new Date(r.created_at)) === day).sort(newestCreated);
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
