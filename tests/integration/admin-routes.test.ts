import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { adminMessages } from "~/lib/admin/messages";
import { loader as activityLoader } from "~/routes/admin/manage/activity";
import { action as ebooksAction, loader as ebooksLoader } from "~/routes/admin/manage/ebooks";
import { action as materialsAction, loader as materialsLoader } from "~/routes/admin/manage/free-materials";
import { action as freeTestsAction, loader as freeTestsLoader } from "~/routes/admin/manage/free-tests";
import { action as bannersAction, loader as bannersLoader } from "~/routes/admin/manage/hero-banners";
import { action as jobAlertsAction, loader as jobAlertsLoader } from "~/routes/admin/manage/job-alerts";
import { action as popupAction, loader as popupLoader } from "~/routes/admin/manage/welcome-popup";
import { adminAndStudent, type Answer, call, flash, getRequest, postRequest, snapshot } from "./auth-support";

// The six managers and the Activity view (issue 5), called as the router calls them: a real
// Request with the admin's session cookie, a form body, the Origin header. Each write answers a
// redirect to the list carrying the spec's toast (a flash cookie), or data with the field errors
// and the typed values; what the database then holds is checked, audit rows included. Refused
// callers (anonymous, a signed-in non-admin) change nothing.

const m = adminMessages;
const ADMIN = "content-admin@example.com";
const STUDENT = "student@example.com";

const sessions = adminAndStudent(ADMIN, STUDENT);

type Handler = (args: never) => unknown;

const post = (
  action: Handler,
  path: string,
  fields: Record<string, string>,
  cookie: string | null = sessions.adminCookie,
) => call(action as never, postRequest(path, fields, cookie ?? undefined));
const get = (loader: Handler, path: string, cookie: string | null = sessions.adminCookie) =>
  call(loader as never, getRequest(path, cookie ?? undefined));

/**
 * A successful write: back to the list with this toast; a list's saved row is the address's
 * fragment (#row-12, issue 48), so that it is scrolled to and focused.
 */
function expectSaved(answer: Answer, location: string, message: string) {
  expect(answer).toMatchObject({ kind: "redirect", status: 302 });
  if (answer.kind === "redirect") expect(answer.location.replace(/#row-\d+$/, "")).toBe(location);
  expect(flash(answer)).toBe(message);
}

/** A refusal: its status, its message, and the field errors given. */
function expectRefused(
  answer: Answer,
  status: number,
  formError: string,
  errors: Record<string, RegExp | string> = {},
) {
  expect(answer.kind).toBe("data");
  if (answer.kind !== "data") return;
  expect(answer.status).toBe(status);
  expect(answer.data).toMatchObject({ ok: false, formError });
  for (const [field, expected] of Object.entries(errors)) expect(answer.data.fieldErrors[field]).toMatch(expected);
  return answer.data as { values: Record<string, string>; fieldErrors: Record<string, string> };
}

const db = () => getDb();
const count = async (
  table: "job_alerts" | "ebooks" | "free_materials" | "hero_banners" | "welcome_popup" | "audit_log",
) =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastAudit = () => db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
const OLD = "2020-01-01T00:00:00.000Z";

/** Runs `fn` with a table renamed away, so that reads or writes touching it fail. */
async function withoutTable<T>(table: string, fn: () => Promise<T>): Promise<T> {
  await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(db());
  try {
    return await fn();
  } finally {
    await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(db());
  }
}

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
  describe("refused callers", () => {
    const attempts: [string, Handler, string, Record<string, string>][] = [
      [
        "job alerts",
        jobAlertsAction,
        "/admin",
        { intent: "create", title: "X", category_id: "1", view_link: "https://x.in", is_active: "on" },
      ],
      ["e-books", ebooksAction, "/admin/ebooks", { intent: "create", title: "X", pdf_link: "https://x.in/a.pdf" }],
      [
        "materials",
        materialsAction,
        "/admin/free-materials",
        { intent: "create", title: "X", material_link: "https://x.in" },
      ],
      [
        "banners",
        bannersAction,
        "/admin/hero-banners",
        { intent: "create", image_url: "/images/banners/free-tests-every-week.svg" },
      ],
      [
        "popup",
        popupAction,
        "/admin/welcome-popup",
        { intent: "save", title: "X", description: "Y", image_url: "/images/welcome-popup.svg" },
      ],
      ["free tests", freeTestsAction, "/admin/free-tests", { intent: "create", level: "category", name: "X" }],
    ];

    it.each(attempts)(
      "%s: anonymous goes to the login page, a non-admin is denied; nothing changes",
      async (_name, action, path, fields) => {
        const before = await snapshot();
        const anonymous = await post(action, path, fields, null);
        expect(anonymous).toMatchObject({ kind: "redirect", location: "/admin/login", replace: true });
        const student = await post(action, path, fields, sessions.studentCookie);
        expect(student).toMatchObject({ kind: "data", status: 403, data: { accessDenied: true } });
        expect(await snapshot()).toEqual(before);
      },
    );

    it.each([
      ["job alerts", jobAlertsLoader, "/admin"],
      ["e-books", ebooksLoader, "/admin/ebooks"],
      ["materials", materialsLoader, "/admin/free-materials"],
      ["banners", bannersLoader, "/admin/hero-banners"],
      ["popup", popupLoader, "/admin/welcome-popup"],
      ["free tests", freeTestsLoader, "/admin/free-tests"],
      ["activity", activityLoader, "/admin/activity"],
    ] as const)("%s: the list is refused too", async (_name, loader, path) => {
      expect(await get(loader, path, null)).toMatchObject({ kind: "redirect", location: "/admin/login" });
      expect(await get(loader, path, sessions.studentCookie)).toMatchObject({ kind: "data", status: 403 });
    });
  });

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

  describe.each([
    {
      name: "E-Books",
      action: ebooksAction,
      loader: ebooksLoader,
      path: "/admin/ebooks",
      table: "ebooks" as const,
      link: "pdf_link",
      messages: m.ebooks,
      texts: ["E-book created successfully", "E-book updated successfully", "E-book deleted successfully"],
      loadFailed: "Failed to load ebooks",
      failures: ["Failed to save ebook", "Failed to delete ebook"],
      linkLabel: "PDF link",
    },
    {
      name: "Free Materials",
      action: materialsAction,
      loader: materialsLoader,
      path: "/admin/free-materials",
      table: "free_materials" as const,
      link: "material_link",
      messages: m.freeMaterials,
      texts: ["Material created successfully", "Material updated successfully", "Material deleted successfully"],
      loadFailed: "Failed to load materials",
      failures: ["Failed to save material", "Failed to delete material"],
      linkLabel: "Material link",
    },
  ])("$name", ({ action, loader, path, table, link, messages, texts, loadFailed, failures, linkLabel }) => {
    let id: number;

    it("creates, lists, updates (updated_at set, Active off) and deletes, with the spec's toasts and audit rows", async () => {
      const created = await post(action, `${path}?new=1`, {
        intent: "create",
        title: "Heat Exchanger Design Notes",
        description: "Shell and tube, LMTD and NTU.",
        [link]: "https://learn.example.in/heat-exchangers.pdf",
        is_active: "on",
      });
      expectSaved(created, path, texts[0]!);
      const row = await db().selectFrom(table).selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      id = row.id;
      expect(row).toMatchObject({
        title: "Heat Exchanger Design Notes",
        is_active: true,
        [link]: "https://learn.example.in/heat-exchangers.pdf",
      });
      expect(await lastAudit()).toMatchObject({
        action: "create",
        entity: table,
        entity_id: String(id),
        actor_email: ADMIN,
      });

      const listed = await get(loader, path);
      expect(listed.kind === "data" && listed.data.rows.rows[0]).toMatchObject({
        id,
        link: "https://learn.example.in/heat-exchangers.pdf",
      });

      await db().updateTable(table).set({ updated_at: OLD }).where("id", "=", id).execute();
      const updated = await post(action, `${path}?edit=${id}`, {
        intent: "update",
        id: String(id),
        title: "Heat Exchanger Notes",
        description: "",
        [link]: "https://learn.example.in/hx.pdf",
      });
      expectSaved(updated, path, texts[1]!);
      const after = await db().selectFrom(table).selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(after).toMatchObject({
        title: "Heat Exchanger Notes",
        description: null,
        is_active: false,
        [link]: "https://learn.example.in/hx.pdf",
      });
      expect(after.updated_at).not.toBe(OLD);

      expectSaved(await post(action, path, { intent: "delete", id: String(id) }), path, texts[2]!);
      expect(await db().selectFrom(table).select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
      expect(await lastAudit()).toMatchObject({ action: "delete", entity: table, entity_id: String(id) });
      expect(texts).toEqual([messages.created, messages.updated, messages.deleted]);
    });

    it.each([
      ["title", { title: "  " }, { title: "Title is required" }],
      ["link", { [link]: "" }, { [link]: `${linkLabel} is required` }],
      ["javascript: link", { [link]: "javascript:alert(document.cookie)" }, { [link]: /http:\/\/ or https:\/\// }],
      ["data: link", { [link]: "data:application/pdf;base64,AAAA" }, { [link]: /http:\/\/ or https:\/\// }],
    ])("refuses an invalid %s, keeping the typed values, writing nothing", async (_n, change, errors) => {
      const before = await snapshot();
      const fields = {
        intent: "create",
        title: "Valid",
        description: "Kept text",
        [link]: "https://x.in/a.pdf",
        ...change,
      };
      const data = expectRefused(
        await post(action, `${path}?new=1`, fields),
        400,
        "Please correct the highlighted fields.",
        errors,
      );
      expect(data?.values.description).toBe("Kept text");
      expect(await snapshot()).toEqual(before);
    });

    it("says the spec's failure texts", async () => {
      expectRefused(
        await post(action, path, { intent: "update", id: "999999", title: "X", [link]: "https://x.in" }),
        404,
        failures[0]!,
      );
      expectRefused(await post(action, path, { intent: "delete", id: "999999" }), 404, failures[1]!);
      expect(failures).toEqual([messages.saveFailed, messages.deleteFailed]);
      const failedLoad = await withoutTable(table, () => get(loader, path));
      expect(failedLoad).toMatchObject({
        kind: "data",
        status: 200,
        data: { rows: { rows: [] }, loadError: loadFailed },
      });
    });
  });

  describe("Hero Banners", () => {
    const order = bannerOrder;
    const create = createBanner;
    let ids: number[] = [];

    it("gives the first banner order 1 and each new one the highest order plus 1", async () => {
      await db().deleteFrom("hero_banners").execute();
      expectSaved(
        await create("/images/banners/gate-2026-ch-test-series.svg"),
        "/admin/hero-banners",
        "Banner created successfully",
      );
      expectSaved(
        await create("https://cdn.example.in/banners/iocl.png"),
        "/admin/hero-banners",
        "Banner created successfully",
      );
      expectSaved(
        await create("/images/banners/free-tests-every-week.svg", false),
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
      expect(await order()).toEqual([middle, first, last]);
      expect(await lastAudit()).toMatchObject({ action: "reorder", entity: "hero_banners", entity_id: String(middle) });
      expectSaved(
        await post(bannersAction, "/admin/hero-banners", { intent: "move", id: String(middle), direction: "down" }),
        "/admin/hero-banners",
        "Banner order updated",
      );
      expect(await order()).toEqual([first, middle, last]);
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
      expectRefused(await create(image), 400, "Please correct the highlighted fields.", { image_url: error });
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

  describe("Free Test Series", () => {
    const path = "/admin/free-tests";
    const save = (fields: Record<string, string>) => post(freeTestsAction, path, fields);
    let category: number;
    let subcategory: number;
    let item: number;

    it("creates a category with its slug (lowercase, spaces to hyphens), a subcategory, a test item", async () => {
      expectSaved(
        await save({ intent: "create", level: "category", name: "Process Control", is_active: "on" }),
        path,
        "Category created successfully",
      );
      const cat = await db().selectFrom("test_categories").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      category = cat.id;
      expect(cat).toMatchObject({ name: "Process Control", slug: "process-control", is_active: true });

      // A non-numeric test count becomes 0 (spec §5).
      expectSaved(
        await save({
          intent: "create",
          level: "subcategory",
          category_id: String(category),
          name: "Laplace Transforms",
          test_count: "many",
          is_active: "on",
        }),
        path,
        "Subcategory created successfully",
      );
      const sub = await db()
        .selectFrom("test_subcategories")
        .selectAll()
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      subcategory = sub.id;
      expect(sub).toMatchObject({
        category_id: category,
        name: "Laplace Transforms",
        slug: "laplace-transforms",
        test_count: 0,
      });

      expectSaved(
        await save({
          intent: "create",
          level: "item",
          subcategory_id: String(subcategory),
          title: "Transfer Functions Quiz",
          description: "",
          test_link: "https://learn.example.in/t/tf",
          is_active: "on",
        }),
        path,
        "Test item created successfully",
      );
      const row = await db().selectFrom("test_items").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      item = row.id;
      expect(row).toMatchObject({
        subcategory_id: subcategory,
        title: "Transfer Functions Quiz",
        description: null,
        is_active: true,
      });
      expect(await lastAudit()).toMatchObject({ action: "create", entity: "test_items", entity_id: String(item) });

      const tree = await get(freeTestsLoader, path);
      const node = tree.kind === "data" ? tree.data.tree.find((c: { id: number }) => c.id === category) : null;
      expect(node).toMatchObject({ subcategories: [{ id: subcategory, items: [{ id: item }] }] });
    });

    it("updates each level with 'updated successfully'; a renamed category gets a new slug", async () => {
      expectSaved(
        await save({
          intent: "update",
          level: "category",
          id: String(category),
          name: "Process Dynamics & Control",
          is_active: "on",
        }),
        path,
        "Category updated successfully",
      );
      expect(
        await db().selectFrom("test_categories").select("slug").where("id", "=", category).executeTakeFirstOrThrow(),
      ).toEqual({ slug: "process-dynamics-and-control" });
      expectSaved(
        await save({
          intent: "update",
          level: "subcategory",
          id: String(subcategory),
          category_id: String(category),
          name: "Laplace Transforms",
          test_count: "4",
        }),
        path,
        "Subcategory updated successfully",
      );
      expect(
        await db()
          .selectFrom("test_subcategories")
          .select(["test_count", "is_active"])
          .where("id", "=", subcategory)
          .executeTakeFirstOrThrow(),
      ).toEqual({ test_count: 4, is_active: false });
      await db().updateTable("test_items").set({ updated_at: OLD }).where("id", "=", item).execute();
      expectSaved(
        await save({
          intent: "update",
          level: "item",
          id: String(item),
          subcategory_id: String(subcategory),
          title: "Transfer Functions",
          test_link: "https://learn.example.in/t/tf2",
          is_active: "on",
        }),
        path,
        "Test item updated successfully",
      );
      const row = await db().selectFrom("test_items").selectAll().where("id", "=", item).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ title: "Transfer Functions", test_link: "https://learn.example.in/t/tf2" });
      expect(row.updated_at).not.toBe(OLD);
    });

    it.each([
      ["category name", { intent: "create", level: "category", name: "" }, { name: "Category name is required" }],
      [
        "subcategory name",
        { intent: "create", level: "subcategory", category_id: "CAT", name: " " },
        { name: "Subcategory name is required" },
      ],
      [
        "parent category",
        { intent: "create", level: "subcategory", name: "Orphan" },
        { category_id: "Choose a parent category" },
      ],
      [
        "unknown parent",
        { intent: "create", level: "subcategory", category_id: "999999", name: "Orphan" },
        { category_id: "Choose a parent category" },
      ],
      [
        "negative test count",
        { intent: "create", level: "subcategory", category_id: "CAT", name: "Neg", test_count: "-2" },
        { test_count: "Test count must be 0 or more" },
      ],
      [
        "item subcategory",
        { intent: "create", level: "item", title: "T", test_link: "https://x.in" },
        { subcategory_id: "Choose a subcategory" },
      ],
      [
        "unknown subcategory",
        { intent: "create", level: "item", subcategory_id: "999999", title: "T", test_link: "https://x.in" },
        { subcategory_id: "Choose a subcategory" },
      ],
      [
        "item title",
        { intent: "create", level: "item", subcategory_id: "SUB", title: "", test_link: "https://x.in" },
        { title: "Title is required" },
      ],
      [
        "test link",
        { intent: "create", level: "item", subcategory_id: "SUB", title: "T", test_link: "javascript:alert(1)" },
        { test_link: /http:\/\/ or https:\/\// },
      ],
    ])("refuses a missing or bad %s, saying which level failed", async (_n, fields, errors) => {
      const before = await snapshot();
      const posted = Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [
          k,
          v === "CAT" ? String(category) : v === "SUB" ? String(subcategory) : v,
        ]),
      );
      const answer = await save(posted);
      expectRefused(answer, 400, "Please correct the highlighted fields.", errors);
      expect(answer.kind === "data" && answer.data.values.level).toBe(fields.level);
      expect(await snapshot()).toEqual(before);
    });

    it("refuses an unknown level and says the spec's failure texts", async () => {
      expectRefused(await save({ intent: "create", level: "chapter", name: "X" }), 400, "Failed to save data");
      expectRefused(await save({ intent: "delete", level: "item", id: "999999" }), 404, "Failed to delete");
      expectRefused(
        await save({ intent: "update", level: "category", id: "999999", name: "X" }),
        404,
        "Failed to save data",
      );
      const failedLoad = await withoutTable("test_items", () => get(freeTestsLoader, path));
      expect(failedLoad).toMatchObject({
        kind: "data",
        status: 200,
        data: { tree: [], loadError: "Failed to load data" },
      });
    });

    it("deletes an item ('Item deleted successfully') and a subcategory with its items", async () => {
      expectSaved(await save({ intent: "delete", level: "item", id: String(item) }), path, "Item deleted successfully");
      expect(
        await db().selectFrom("test_items").select("id").where("id", "=", item).executeTakeFirst(),
      ).toBeUndefined();

      await save({
        intent: "create",
        level: "item",
        subcategory_id: String(subcategory),
        title: "Bode Plots",
        test_link: "https://x.in/b",
      });
      const confirm = await get(freeTestsLoader, `${path}?delete=subcategory&id=${subcategory}`);
      expect(confirm).toMatchObject({ kind: "data", data: { deleteImpact: { items: 1 } } });
      expectSaved(
        await save({ intent: "delete", level: "subcategory", id: String(subcategory) }),
        path,
        "Subcategory deleted successfully",
      );
      expect(
        await db().selectFrom("test_items").select("id").where("subcategory_id", "=", subcategory).execute(),
      ).toEqual([]);
    });

    it("deletes a category with its subcategories and their items, and the confirm step says so", async () => {
      for (const name of ["Controllers", "Stability"]) {
        await save({
          intent: "create",
          level: "subcategory",
          category_id: String(category),
          name,
          test_count: "1",
          is_active: "on",
        });
      }
      const subs = await db()
        .selectFrom("test_subcategories")
        .select("id")
        .where("category_id", "=", category)
        .execute();
      for (const sub of subs) {
        await save({
          intent: "create",
          level: "item",
          subcategory_id: String(sub.id),
          title: `Quiz ${sub.id}`,
          test_link: "https://x.in/q",
          is_active: "on",
        });
      }
      const confirm = await get(freeTestsLoader, `${path}?delete=category&id=${category}`);
      expect(confirm).toMatchObject({ kind: "data", data: { deleteImpact: { subcategories: 2, items: 2 } } });
      expect(m.freeTests.cascadeNotice({ subcategories: 2, items: 2 })).toBe(
        "Its 2 subcategories and 2 test items will be deleted too.",
      );

      expectSaved(
        await save({ intent: "delete", level: "category", id: String(category) }),
        path,
        "Category deleted successfully",
      );
      expect(
        await db().selectFrom("test_subcategories").select("id").where("category_id", "=", category).execute(),
      ).toEqual([]);
      const orphans = await db()
        .selectFrom("test_items")
        .select("id")
        .where(
          "subcategory_id",
          "in",
          subs.map((s) => s.id),
        )
        .execute();
      expect(orphans).toEqual([]);
      expect(await lastAudit()).toMatchObject({
        action: "delete",
        entity: "test_categories",
        entity_id: String(category),
      });
      expect(JSON.parse((await lastAudit()).details!)).toMatchObject({ subcategories: 2, items: 2 });
    });
  });

  describe("Activity", () => {
    it("lists the latest entries, newest first, with who did what", async () => {
      const answer = await get(activityLoader, "/admin/activity");
      expect(answer.kind).toBe("data");
      const entries = answer.kind === "data" ? answer.data.entries : [];
      expect(entries.length).toBeGreaterThan(10);
      expect(entries[0]).toMatchObject({ actorEmail: ADMIN, action: "delete", entity: "test_categories" });
      const times = entries.map((e: { createdAt: string }) => e.createdAt);
      expect(times.toSorted().toReversed()).toEqual(times);
      const failed = await withoutTable("audit_log", () => get(activityLoader, "/admin/activity"));
      expect(failed).toMatchObject({
        kind: "data",
        status: 200,
        data: { entries: [], loadError: "Failed to load data" },
      });
    });
  });
});
