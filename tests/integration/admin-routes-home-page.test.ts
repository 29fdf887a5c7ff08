import { describe, expect, it } from "vitest";
import { action as bannersAction, loader as bannersLoader } from "~/routes/admin/manage/hero-banners";
import { action as popupAction, loader as popupLoader } from "~/routes/admin/manage/welcome-popup";
import { count, db, expectRefused, expectSaved, lastAudit, managerCalls, OLD, withoutTable } from "./admin-support";
import { flash, snapshot } from "./auth-support";

// The home page's two managers (issue 5). Hero Banners: the order new banners take and the moves
// up and down, each with its audit row; updates, deletes, the refused image URLs and links.
// Welcome Popup: one row, created by the first save and updated by the next; the refused fields;
// the failure texts when the database fails.

const ADMIN = "content-admin@example.com";
const { post, get } = managerCalls(ADMIN);

/** The banners' ids in their display order. */
const bannerOrder = async () =>
  (
    await db()
      .selectFrom("hero_banners")
      .select(["id", "display_order"])
      .orderBy("display_order")
      .orderBy("id")
      .execute()
  ).map((r) => r.id);
const createBanner = (image: string, active = true) =>
  post(bannersAction, "/admin/hero-banners?new=1", {
    intent: "create",
    image_url: image,
    ...(active ? { is_active: "on", alt_text: "Free tests every week" } : {}),
  });

describe(`admin managers on ${process.env.TEST_ENGINE}`, () => {
  describe("Hero Banners", () => {
    let ids: number[] = [];

    it("gives the first banner order 1 and each new one the highest order plus 1", async () => {
      await db().deleteFrom("hero_banners").execute();
      expectSaved(
        await createBanner("/images/banners/gate-2026-ch-test-series.svg"),
        "/admin/hero-banners",
        "Banner created successfully",
      );
      expectSaved(
        await createBanner("https://cdn.example.in/banners/iocl.png"),
        "/admin/hero-banners",
        "Banner created successfully",
      );
      expectSaved(
        await createBanner("/images/banners/free-tests-every-week.svg", false),
        "/admin/hero-banners",
        "Banner created successfully",
      );
      const rows = await db()
        .selectFrom("hero_banners")
        .select(["id", "display_order", "is_active"])
        .orderBy("id")
        .execute();
      expect(rows.map((r) => [r.display_order, r.is_active])).toEqual([
        [1, true],
        [2, true],
        [3, false],
      ]);
      ids = rows.map((r) => r.id);
      const listed = await get(bannersLoader, "/admin/hero-banners");
      expect(listed.kind === "data" && listed.data.banners.rows.map((b: { id: number }) => b.id)).toEqual(ids);
    });

    it("moves a banner in the middle, with 'Banner order updated' and an audit row", async () => {
      const [first, middle, last] = ids as [number, number, number];
      expectSaved(
        await post(bannersAction, "/admin/hero-banners", { intent: "move", id: String(middle), direction: "up" }),
        "/admin/hero-banners",
        "Banner order updated",
      );
      expect(await bannerOrder()).toEqual([middle, first, last]);
      expect(await lastAudit()).toMatchObject({ action: "reorder", entity: "hero_banners", entity_id: String(middle) });
      expectSaved(
        await post(bannersAction, "/admin/hero-banners", { intent: "move", id: String(middle), direction: "down" }),
        "/admin/hero-banners",
        "Banner order updated",
      );
      expect(await bannerOrder()).toEqual([first, middle, last]);
    });

    it("does nothing at the ends: no toast, no change", async () => {
      const [first, , last] = ids as [number, number, number];
      const before = await snapshot();
      for (const [id, direction] of [
        [first, "up"],
        [last, "down"],
      ] as const) {
        const answer = await post(bannersAction, "/admin/hero-banners", { intent: "move", id: String(id), direction });
        expect(answer).toMatchObject({ kind: "redirect", location: "/admin/hero-banners" });
        expect(flash(answer)).toBe(null);
      }
      expect(await snapshot()).toEqual(before);
      expectRefused(
        await post(bannersAction, "/admin/hero-banners", { intent: "move", id: String(first), direction: "sideways" }),
        400,
        "Failed to update order",
      );
    });

    it("updates the image and Active (order kept), and deletes", async () => {
      const [first] = ids as [number];
      expectSaved(
        await post(bannersAction, `/admin/hero-banners?edit=${first}`, {
          intent: "update",
          id: String(first),
          image_url: "/images/banners/psu-interview-guidance.svg",
        }),
        "/admin/hero-banners",
        "Banner updated successfully",
      );
      expect(
        await db().selectFrom("hero_banners").selectAll().where("id", "=", first).executeTakeFirstOrThrow(),
      ).toMatchObject({
        image_url: "/images/banners/psu-interview-guidance.svg",
        is_active: false,
        display_order: 1,
      });
      expectSaved(
        await post(bannersAction, "/admin/hero-banners", { intent: "delete", id: String(first) }),
        "/admin/hero-banners",
        "Banner deleted successfully",
      );
      expect(await count("hero_banners")).toBe(2);
      expectRefused(
        await post(bannersAction, "/admin/hero-banners", { intent: "delete", id: String(first) }),
        404,
        "Failed to delete banner",
      );
      expectRefused(
        await post(bannersAction, "/admin/hero-banners", { intent: "update", id: String(first), image_url: "/x.svg" }),
        404,
        "Failed to save banner",
      );
    });

    it.each([
      ["", "Image URL is required"],
      ["javascript:alert(1)", /http:\/\/ or https:\/\//],
      ["data:image/png;base64,iVBORw0KGgo=", /http:\/\/ or https:\/\//],
      ["//evil.example/banner.png", /http:\/\/ or https:\/\//],
    ])("refuses the image URL %j", async (image, error) => {
      const before = await snapshot();
      expectRefused(await createBanner(image), 400, "Please correct the highlighted fields.", { image_url: error });
      expect(await snapshot()).toEqual(before);
    });

    it("saves a banner's link and words, and refuses a link off this site that is not http(s) (issue 27)", async () => {
      const banner = { intent: "create", image_url: "/images/banners/free-tests-every-week.svg", is_active: "on" };
      const before = await snapshot();
      expectRefused(
        await post(bannersAction, "/admin/hero-banners?new=1", { ...banner, link_url: "//evil.example", alt_text: "" }),
        400,
        "Please correct the highlighted fields.",
        { link_url: /^Link must be a page of this site/, alt_text: /^Type the words shown on the banner/ },
      );
      expect(await snapshot()).toEqual(before);
      expectSaved(
        await post(bannersAction, "/admin/hero-banners?new=1", {
          ...banner,
          link_url: " /free-tests ",
          alt_text: "Free Tests Every Week: start a free test",
        }),
        "/admin/hero-banners",
        "Banner created successfully",
      );
      const saved = await db()
        .selectFrom("hero_banners")
        .select(["id", "link_url", "alt_text"])
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(saved).toMatchObject({ link_url: "/free-tests", alt_text: "Free Tests Every Week: start a free test" });
      await db().deleteFrom("hero_banners").where("id", "=", saved.id).execute();
    });

    it("says 'Failed to load banners' when the list cannot be read", async () => {
      const answer = await withoutTable("hero_banners", () => get(bannersLoader, "/admin/hero-banners"));
      expect(answer).toMatchObject({
        kind: "data",
        status: 200,
        data: { banners: { rows: [] }, loadError: "Failed to load banners" },
      });
    });
  });

  describe("Welcome Popup", () => {
    const popup = {
      intent: "save",
      title: "Welcome, GATE 2027 aspirants",
      subtitle: "",
      description: "New mocks every week.",
      image_url: "/images/welcome-popup.svg",
      is_active: "on",
    };

    it("creates the row when none exists, then updates that same row", async () => {
      await db().deleteFrom("welcome_popup").execute();
      const empty = await get(popupLoader, "/admin/welcome-popup");
      expect(empty).toMatchObject({ kind: "data", data: { popup: null, loadError: null } });

      expectSaved(
        await post(popupAction, "/admin/welcome-popup", popup),
        "/admin/welcome-popup",
        "Welcome popup created successfully",
      );
      const created = await db().selectFrom("welcome_popup").selectAll().executeTakeFirstOrThrow();
      expect(created).toMatchObject({ title: "Welcome, GATE 2027 aspirants", subtitle: null, is_active: true });
      expect(await lastAudit()).toMatchObject({
        action: "create",
        entity: "welcome_popup",
        entity_id: String(created.id),
      });

      await db().updateTable("welcome_popup").set({ updated_at: OLD }).execute();
      const { is_active: _on, ...off } = popup;
      expectSaved(
        await post(popupAction, "/admin/welcome-popup", { ...off, subtitle: "Free mock on Sunday" }),
        "/admin/welcome-popup",
        "Welcome popup updated successfully",
      );
      expect(await count("welcome_popup")).toBe(1);
      const updated = await db().selectFrom("welcome_popup").selectAll().executeTakeFirstOrThrow();
      expect(updated).toMatchObject({ id: created.id, subtitle: "Free mock on Sunday", is_active: false });
      expect(updated.updated_at).not.toBe(OLD);
      const loaded = await get(popupLoader, "/admin/welcome-popup");
      expect(loaded).toMatchObject({ kind: "data", data: { popup: { id: created.id, is_active: false } } });
    });

    it.each([
      ["title", { title: "" }, { title: "Title is required" }],
      ["description", { description: "" }, { description: "Description is required" }],
      ["image URL", { image_url: "" }, { image_url: "Image URL is required" }],
      ["javascript: image", { image_url: "javascript:alert(1)" }, { image_url: /http:\/\/ or https:\/\// }],
    ])("refuses a missing or bad %s", async (_n, change, errors) => {
      const before = await snapshot();
      const data = expectRefused(
        await post(popupAction, "/admin/welcome-popup", { ...popup, ...change }),
        400,
        "Please correct the highlighted fields.",
        errors,
      );
      expect(data?.values.title).toBe("title" in change ? change.title : popup.title);
      expect(await snapshot()).toEqual(before);
    });

    it("says 'Failed to save popup' and 'Failed to load popup data' when the database fails", async () => {
      const saved = await withoutTable("audit_log", () =>
        post(popupAction, "/admin/welcome-popup", { ...popup, title: "Never saved" }),
      );
      expectRefused(saved, 503, "Failed to save popup");
      expect(await db().selectFrom("welcome_popup").select("title").executeTakeFirstOrThrow()).toEqual({
        title: popup.title,
      });
      const loaded = await withoutTable("welcome_popup", () => get(popupLoader, "/admin/welcome-popup"));
      expect(loaded).toMatchObject({
        kind: "data",
        status: 200,
        data: { popup: null, loadError: "Failed to load popup data" },
      });
    });
  });
});
