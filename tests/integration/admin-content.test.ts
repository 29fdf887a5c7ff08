import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import { listRecentActivity } from "~/db/queries/audit-log.server";
import {
  createEbook,
  deleteEbook,
  getEbook,
  listActiveEbooks,
  listEbooksForAdmin,
  updateEbook,
} from "~/db/queries/ebooks.server";
import {
  createFreeMaterial,
  deleteFreeMaterial,
  getFreeMaterial,
  listActiveFreeMaterials,
  listFreeMaterialsForAdmin,
  updateFreeMaterial,
} from "~/db/queries/free-materials.server";
import {
  createTestCategory,
  createTestItem,
  createTestSubcategory,
  deleteTestCategory,
  deleteTestItem,
  deleteTestSubcategory,
  getCategoryDeletionImpact,
  getSubcategoryDeletionImpact,
  getTestCategory,
  getTestItem,
  getTestSubcategory,
  listFreeTestGroups,
  listTestTree,
  updateTestCategory,
  updateTestItem,
  updateTestSubcategory,
} from "~/db/queries/free-tests.server";
import {
  createHeroBanner,
  deleteHeroBanner,
  getHeroBanner,
  listActiveHeroBanners,
  listHeroBannersForAdmin,
  moveHeroBanner,
  updateHeroBanner,
} from "~/db/queries/hero-banners.server";
import {
  createJobAlert,
  deleteJobAlert,
  getJobAlert,
  listActiveJobAlerts,
  listJobAlertsForAdmin,
  listJobCategories,
  updateJobAlert,
} from "~/db/queries/job-alerts.server";
import { getActiveWelcomePopup, getWelcomePopupForAdmin, saveWelcomePopup } from "~/db/queries/welcome-popup.server";
import { openTestDb, type TestDb } from "../support/test-db";
import { withoutDeadline } from "../support/job-alert-fields";

const engine = process.env.TEST_ENGINE;
const actor: AdminActor = { userId: "user-admin-1", email: "admin@gate-ch.example" };
const base = Date.UTC(2026, 2, 1, 9, 0, 0);
/** A fixed moment `hours` after the base, so timestamps never depend on the clock. */
const at = (hours: number) => new Date(base + hours * 3_600_000);
const iso = (hours: number) => at(hours).toISOString();

const contentTables = [
  "test_items",
  "test_subcategories",
  "test_categories",
  "job_alerts",
  "hero_banners",
  "welcome_popup",
  "ebooks",
  "free_materials",
  "audit_log",
] as const;

let t: TestDb;
let db: DB;
beforeAll(async () => {
  t = await openTestDb();
  db = t.db;
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  for (const table of contentTables) await db.deleteFrom(table).execute();
});

function auditRows() {
  return db
    .selectFrom("audit_log")
    .select(["actor_user_id", "actor_email", "action", "entity", "entity_id", "details", "created_at"])
    .orderBy("id")
    .execute();
}

/** Every row of every table an admin write touches, to prove a failed write changed nothing. */
async function snapshot() {
  const tables: Record<string, unknown[]> = {};
  for (const table of contentTables) {
    tables[table] = await db.selectFrom(table).selectAll().orderBy("id").execute();
  }
  return tables;
}

/** Makes every audit insert fail, so the write before it in the transaction must roll back. */
async function withAuditLogBroken(run: () => Promise<unknown>) {
  await sql`alter table audit_log rename to audit_log_away`.execute(db);
  try {
    await expect(run()).rejects.toThrow();
  } finally {
    await sql`alter table audit_log_away rename to audit_log`.execute(db);
  }
}

async function jobCategoryId(slug: string) {
  const { id } = await db.selectFrom("job_categories").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  return id;
}

/** What the job alert form sets beyond title, category, link, description and Active (issue 26). */
const noDeadline = {
  posted_on: "2026-03-01",
  ...withoutDeadline,
};

describe(`job alerts on ${engine}`, () => {
  it("lists the job categories by name for the form", async () => {
    expect((await listJobCategories(db)).map((c) => c.name)).toEqual(["Admit Cards", "Jobs", "Results", "Vacancy"]);
  });

  it("creates an alert with posted_date set, an audit row, and shows it on /job-alerts", async () => {
    const category_id = await jobCategoryId("jobs");
    const input = {
      title: "IOCL Engineer Recruitment",
      category_id,
      view_link: "https://iocl.com/jobs",
      description: "Apply by June",
      is_active: true,
      ...noDeadline,
    };
    const id = await createJobAlert(db, actor, input, at(0));

    expect(await getJobAlert(db, id)).toEqual({ id, ...input, posted_date: iso(0) });
    const [listed] = await listJobAlertsForAdmin(db);
    expect(listed).toMatchObject({
      id,
      title: input.title,
      category_name: "Jobs",
      is_active: true,
      updated_at: iso(0),
    });
    expect(await auditRows()).toEqual([
      {
        actor_user_id: actor.userId,
        actor_email: actor.email,
        action: "create",
        entity: "job_alerts",
        entity_id: String(id),
        details: JSON.stringify({ title: input.title }),
        created_at: iso(0),
      },
    ]);
    expect((await listActiveJobAlerts(db, "jobs")).map((a) => a.title)).toEqual([input.title]);
  });

  it("updates an alert (posted_date kept, updated_at set), hides it when inactive, then deletes it", async () => {
    const jobs = await jobCategoryId("jobs");
    const results = await jobCategoryId("results");
    const id = await createJobAlert(
      db,
      actor,
      { title: "Old", category_id: jobs, view_link: "https://a.in", description: null, is_active: true, ...noDeadline },
      at(0),
    );

    const edited = {
      title: "GATE result out",
      category_id: results,
      view_link: "https://b.in",
      description: null,
      is_active: false,
      ...noDeadline,
    };
    expect(await updateJobAlert(db, actor, id, edited, at(2))).toBe(true);
    const row = await db.selectFrom("job_alerts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const { posted_on: _, ...stored } = edited;
    expect(row).toMatchObject({ ...stored, posted_date: iso(0), created_at: iso(0), updated_at: iso(2) });
    expect(await listActiveJobAlerts(db, "results")).toEqual([]);
    expect(await listActiveJobAlerts(db, "jobs")).toEqual([]);

    await updateJobAlert(db, actor, id, { ...edited, is_active: true }, at(3));
    expect((await listActiveJobAlerts(db, "results")).map((a) => a.title)).toEqual(["GATE result out"]);

    expect(await deleteJobAlert(db, actor, id, at(4))).toBe(true);
    expect(await getJobAlert(db, id)).toBeNull();
    expect(await listActiveJobAlerts(db, "results")).toEqual([]);
    expect((await auditRows()).map((r) => [r.action, r.entity_id, r.created_at])).toEqual([
      ["create", String(id), iso(0)],
      ["update", String(id), iso(2)],
      ["update", String(id), iso(3)],
      ["delete", String(id), iso(4)],
    ]);
    expect(JSON.parse((await auditRows())[3]?.details ?? "")).toEqual({ title: "GATE result out" });
  });

  it("reports an unknown alert and writes nothing", async () => {
    const input = {
      title: "X",
      category_id: await jobCategoryId("jobs"),
      view_link: "https://x.in",
      description: null,
      is_active: true,
      ...noDeadline,
    };
    const before = await snapshot();
    expect(await updateJobAlert(db, actor, 9999, input)).toBe(false);
    expect(await deleteJobAlert(db, actor, 9999)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an unknown category and leaves the database unchanged", async () => {
    const before = await snapshot();
    await expect(
      createJobAlert(db, actor, {
        title: "X",
        category_id: 9999,
        view_link: "https://x.in",
        description: null,
        is_active: true,
        ...noDeadline,
      }),
    ).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });
});

function testItem(subcategory_id: number, title: string) {
  return {
    subcategory_id,
    title,
    description: null,
    test_link: `https://learn.example/t/${encodeURIComponent(title)}`,
    is_active: true,
  };
}

async function buildTree() {
  const core = await createTestCategory(db, actor, { name: "Core Subjects", is_active: true }, at(0));
  const fluids = await createTestSubcategory(
    db,
    actor,
    { category_id: core.id, name: "Fluid Mechanics", test_count: 2, is_active: true },
    at(0),
  );
  const heat = await createTestSubcategory(
    db,
    actor,
    { category_id: core.id, name: "Heat Transfer", test_count: 1, is_active: true },
    at(0),
  );
  const pipes = await createTestItem(db, actor, testItem(fluids.id, "Pipe Flow"), at(1));
  const pumps = await createTestItem(db, actor, testItem(fluids.id, "Pumps"), at(2));
  const conduction = await createTestItem(db, actor, testItem(heat.id, "Conduction"), at(3));
  return { core, fluids, heat, pipes, pumps, conduction };
}

describe(`free test series on ${engine}`, () => {
  it("creates categories, subcategories and items with derived slugs, audit rows, and shows them on /free-tests", async () => {
    const { core, fluids, heat, pipes, pumps, conduction } = await buildTree();
    expect(core.slug).toBe("core-subjects");
    expect(fluids.slug).toBe("fluid-mechanics");
    expect(await getTestCategory(db, core.id)).toEqual({
      id: core.id,
      name: "Core Subjects",
      slug: "core-subjects",
      is_active: true,
    });
    expect(await getTestSubcategory(db, heat.id)).toMatchObject({
      category_id: core.id,
      test_count: 1,
      slug: "heat-transfer",
    });
    expect(await getTestItem(db, pumps)).toMatchObject({
      subcategory_id: fluids.id,
      title: "Pumps",
      description: null,
    });

    const tree = await listTestTree(db);
    expect(
      tree.map((c) => ({ name: c.name, subs: c.subcategories.map((s) => [s.name, s.items.map((i) => i.id)]) })),
    ).toEqual([
      {
        name: "Core Subjects",
        subs: [
          ["Fluid Mechanics", [pipes, pumps]],
          ["Heat Transfer", [conduction]],
        ],
      },
    ]);

    expect((await auditRows()).map((r) => `${r.action} ${r.entity}`)).toEqual([
      "create test_categories",
      "create test_subcategories",
      "create test_subcategories",
      "create test_items",
      "create test_items",
      "create test_items",
    ]);
    const groups = await listFreeTestGroups(db);
    expect(groups.map((c) => [c.name, c.testCount])).toEqual([["Core Subjects", 3]]);
  });

  it("makes slugs URL-safe and unique, and re-derives them only on rename", async () => {
    const first = await createTestCategory(db, actor, { name: "Heat & Mass Transfer", is_active: true });
    const second = await createTestCategory(db, actor, { name: "Heat & Mass Transfer", is_active: true });
    const third = await createTestCategory(db, actor, { name: "Heat and Mass Transfer", is_active: true });
    expect([first.slug, second.slug, third.slug]).toEqual([
      "heat-and-mass-transfer",
      "heat-and-mass-transfer-2",
      "heat-and-mass-transfer-3",
    ]);
    const odd = await createTestCategory(db, actor, { name: "रसायन", is_active: true });
    expect(odd.slug).toBe("item");

    // Unchanged name: the slug stays, even though a lower suffix is free again after a delete.
    await deleteTestCategory(db, actor, first.id);
    await updateTestCategory(db, actor, third.id, { name: "Heat and Mass Transfer", is_active: false });
    expect((await getTestCategory(db, third.id))?.slug).toBe("heat-and-mass-transfer-3");
    // Renamed: a fresh slug, unique among the others.
    await updateTestCategory(db, actor, third.id, { name: "Heat & Mass Transfer!", is_active: true });
    expect((await getTestCategory(db, third.id))?.slug).toBe("heat-and-mass-transfer");
    expect(await updateTestCategory(db, actor, first.id, { name: "Gone", is_active: true })).toBe(false);

    // Subcategory slugs are unique in their own table.
    const parent = await createTestCategory(db, actor, { name: "Fluids", is_active: true });
    const a = await createTestSubcategory(db, actor, {
      category_id: parent.id,
      name: "Fluids",
      test_count: 0,
      is_active: true,
    });
    const b = await createTestSubcategory(db, actor, {
      category_id: parent.id,
      name: "Fluids",
      test_count: 0,
      is_active: true,
    });
    expect([parent.slug, a.slug, b.slug]).toEqual(["fluids", "fluids", "fluids-2"]);
    await updateTestSubcategory(db, actor, b.id, {
      category_id: parent.id,
      name: "Pumps",
      test_count: 4,
      is_active: true,
    });
    expect(await getTestSubcategory(db, b.id)).toMatchObject({ slug: "pumps", test_count: 4 });
  });

  it("updates each level with updated_at, and the public page follows the active flags", async () => {
    const { core, fluids, pipes } = await buildTree();

    expect(await updateTestCategory(db, actor, core.id, { name: "Core Subjects", is_active: false }, at(5))).toBe(true);
    expect((await db.selectFrom("test_categories").select("updated_at").executeTakeFirstOrThrow()).updated_at).toBe(
      iso(5),
    );
    expect(await listFreeTestGroups(db)).toEqual([]);
    await updateTestCategory(db, actor, core.id, { name: "Core Subjects", is_active: true }, at(6));

    expect(
      await updateTestSubcategory(
        db,
        actor,
        fluids.id,
        { category_id: core.id, name: "Fluid Mechanics", test_count: 9, is_active: false },
        at(7),
      ),
    ).toBe(true);
    expect(
      await db
        .selectFrom("test_subcategories")
        .select(["test_count", "updated_at"])
        .where("id", "=", fluids.id)
        .executeTakeFirst(),
    ).toEqual({
      test_count: 9,
      updated_at: iso(7),
    });
    expect((await listFreeTestGroups(db)).flatMap((c) => c.subcategories.map((s) => s.name))).toEqual([
      "Heat Transfer",
    ]);
    await updateTestSubcategory(
      db,
      actor,
      fluids.id,
      { category_id: core.id, name: "Fluid Mechanics", test_count: 9, is_active: true },
      at(8),
    );

    const edited = { ...testItem(fluids.id, "Pipe Flow (revised)"), description: "Bernoulli and losses" };
    expect(await updateTestItem(db, actor, pipes, edited, at(9))).toBe(true);
    expect(
      await db
        .selectFrom("test_items")
        .select(["title", "description", "updated_at"])
        .where("id", "=", pipes)
        .executeTakeFirst(),
    ).toEqual({
      title: "Pipe Flow (revised)",
      description: "Bernoulli and losses",
      updated_at: iso(9),
    });
    const fluidTests = (await listFreeTestGroups(db))[0]?.subcategories[0]?.tests;
    expect(fluidTests?.[0]).toMatchObject({ title: "Pipe Flow (revised)", description: "Bernoulli and losses" });

    expect(await updateTestCategory(db, actor, 9999, { name: "X", is_active: true })).toBe(false);
    expect(
      await updateTestSubcategory(db, actor, 9999, { category_id: core.id, name: "X", test_count: 0, is_active: true }),
    ).toBe(false);
    expect(await updateTestItem(db, actor, 9999, edited)).toBe(false);
  });

  it("counts what a delete takes with it, for the confirm step", async () => {
    const { core, fluids, heat } = await buildTree();
    expect(await getCategoryDeletionImpact(db, core.id)).toEqual({ subcategories: 2, items: 3 });
    expect(await getSubcategoryDeletionImpact(db, fluids.id)).toEqual({ items: 2 });
    await deleteTestItem(db, actor, (await listTestTree(db))[0]!.subcategories[1]!.items[0]!.id);
    expect(await getSubcategoryDeletionImpact(db, heat.id)).toEqual({ items: 0 });
    expect(await getCategoryDeletionImpact(db, 9999)).toBeNull();
    expect(await getSubcategoryDeletionImpact(db, 9999)).toBeNull();
  });

  it("deletes a category together with its subcategories and their items (cascade), in one audited write", async () => {
    const { core } = await buildTree();
    const other = await createTestCategory(db, actor, { name: "Aptitude", is_active: true });
    const verbal = await createTestSubcategory(db, actor, {
      category_id: other.id,
      name: "Verbal",
      test_count: 0,
      is_active: true,
    });
    await createTestItem(db, actor, {
      subcategory_id: verbal.id,
      title: "Grammar",
      description: null,
      test_link: "https://l.in/g",
      is_active: true,
    });

    expect(await deleteTestCategory(db, actor, core.id, at(10))).toBe(true);
    expect(await getTestCategory(db, core.id)).toBeNull();
    const tree = await listTestTree(db);
    expect(tree.map((c) => c.name)).toEqual(["Aptitude"]);
    expect(await db.selectFrom("test_subcategories").select("name").execute()).toEqual([{ name: "Verbal" }]);
    expect(await db.selectFrom("test_items").select("title").execute()).toEqual([{ title: "Grammar" }]);
    expect((await listFreeTestGroups(db)).map((c) => c.name)).toEqual(["Aptitude"]);

    const last = (await auditRows()).at(-1);
    expect(last).toMatchObject({
      action: "delete",
      entity: "test_categories",
      entity_id: String(core.id),
      created_at: iso(10),
    });
    expect(JSON.parse(last?.details ?? "")).toEqual({ name: "Core Subjects", subcategories: 2, items: 3 });
    expect(await deleteTestCategory(db, actor, core.id)).toBe(false);
  });

  it("deletes a subcategory with its items, and a single item", async () => {
    const { fluids, heat, conduction } = await buildTree();
    expect(await deleteTestSubcategory(db, actor, fluids.id, at(11))).toBe(true);
    expect((await db.selectFrom("test_items").select("title").execute()).map((r) => r.title)).toEqual(["Conduction"]);
    expect(JSON.parse((await auditRows()).at(-1)?.details ?? "")).toEqual({ name: "Fluid Mechanics", items: 2 });

    expect(await deleteTestItem(db, actor, conduction, at(12))).toBe(true);
    expect(await getTestItem(db, conduction)).toBeNull();
    expect((await listTestTree(db))[0]?.subcategories.map((s) => [s.id, s.items.length])).toEqual([[heat.id, 0]]);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: "delete",
      entity: "test_items",
      entity_id: String(conduction),
    });
    expect(await deleteTestSubcategory(db, actor, fluids.id)).toBe(false);
    expect(await deleteTestItem(db, actor, conduction)).toBe(false);
  });

  it("refuses a subcategory or item under an unknown parent and leaves the database unchanged", async () => {
    await buildTree();
    const before = await snapshot();
    await expect(
      createTestSubcategory(db, actor, { category_id: 9999, name: "Orphan", test_count: 0, is_active: true }),
    ).rejects.toThrow();
    await expect(
      createTestItem(db, actor, {
        subcategory_id: 9999,
        title: "Orphan",
        description: null,
        test_link: "https://x.in",
        is_active: true,
      }),
    ).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });

  it("rolls a cascading delete back when its audit row cannot be written", async () => {
    const { core } = await buildTree();
    const before = await snapshot();
    await withAuditLogBroken(() => deleteTestCategory(db, actor, core.id));
    expect(await snapshot()).toEqual(before);
  });
});

describe(`welcome popup on ${engine}`, () => {
  const input = {
    title: "Welcome aboard",
    subtitle: null,
    description: "Mocks for GATE CH",
    image_url: "/images/welcome-popup.svg",
    is_active: true,
  };

  it("creates the row on the first save, then updates that same row", async () => {
    expect(await getWelcomePopupForAdmin(db)).toBeNull();

    const first = await saveWelcomePopup(db, actor, input, at(0));
    expect(first.created).toBe(true);
    expect(await getWelcomePopupForAdmin(db)).toEqual({
      id: first.id,
      ...input,
      created_at: iso(0),
      updated_at: iso(0),
    });
    expect(await getActiveWelcomePopup(db)).toMatchObject({ id: first.id, title: "Welcome aboard" });

    const edited = { ...input, title: "GATE 2027 batch", subtitle: "Now open", image_url: "https://cdn.example/p.png" };
    const second = await saveWelcomePopup(db, actor, edited, at(2));
    expect(second).toEqual({ id: first.id, created: false });
    expect(await db.selectFrom("welcome_popup").selectAll().execute()).toEqual([
      { id: first.id, ...edited, created_at: iso(0), updated_at: iso(2) },
    ]);
    expect(await getActiveWelcomePopup(db)).toMatchObject({ title: "GATE 2027 batch", subtitle: "Now open" });

    await saveWelcomePopup(db, actor, { ...edited, is_active: false }, at(3));
    expect(await getActiveWelcomePopup(db)).toBeNull();
    expect((await auditRows()).map((r) => [r.action, r.entity, r.entity_id])).toEqual([
      ["create", "welcome_popup", String(first.id)],
      ["update", "welcome_popup", String(first.id)],
      ["update", "welcome_popup", String(first.id)],
    ]);
  });

  it("leaves the popup unchanged when the save fails", async () => {
    await saveWelcomePopup(db, actor, input, at(0));
    const before = await snapshot();
    await withAuditLogBroken(() => saveWelcomePopup(db, actor, { ...input, title: "Never saved" }, at(1)));
    expect(await snapshot()).toEqual(before);
  });
});

const bannerImage = (n: number) => `https://cdn.example/banner-${n}.jpg`;
const bannerOrder = async () => (await listHeroBannersForAdmin(db)).map((b) => [b.image_url, b.display_order]);

async function threeBanners() {
  const a = await createHeroBanner(db, actor, { image_url: bannerImage(1), is_active: true }, at(0));
  const b = await createHeroBanner(db, actor, { image_url: bannerImage(2), is_active: true }, at(0));
  const c = await createHeroBanner(db, actor, { image_url: bannerImage(3), is_active: true }, at(0));
  return [a, b, c] as const;
}

describe(`hero banners on ${engine}`, () => {
  it("gives a new banner order 1 when there is none, then the highest plus 1", async () => {
    const [a] = await threeBanners();
    expect(await bannerOrder()).toEqual([
      [bannerImage(1), 1],
      [bannerImage(2), 2],
      [bannerImage(3), 3],
    ]);
    expect(await deleteHeroBanner(db, actor, a, at(1))).toBe(true);
    await db.updateTable("hero_banners").set({ display_order: 7 }).where("image_url", "=", bannerImage(2)).execute();
    await createHeroBanner(db, actor, { image_url: bannerImage(4), is_active: false }, at(2));
    expect(await bannerOrder()).toEqual([
      [bannerImage(3), 3],
      [bannerImage(2), 7],
      [bannerImage(4), 8],
    ]);
    expect((await auditRows()).map((r) => `${r.action} ${r.entity} ${r.details}`)).toEqual([
      'create hero_banners {"display_order":1}',
      'create hero_banners {"display_order":2}',
      'create hero_banners {"display_order":3}',
      'delete hero_banners {"display_order":1}',
      'create hero_banners {"display_order":8}',
    ]);
  });

  it("does nothing at the ends", async () => {
    const [a, , c] = await threeBanners();
    const before = await snapshot();
    expect(await moveHeroBanner(db, actor, a, "up")).toBe(false);
    expect(await moveHeroBanner(db, actor, c, "down")).toBe(false);
    expect(await moveHeroBanner(db, actor, 9999, "up")).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it("swaps display_order with the neighbour, from the middle up and down, and the home page follows", async () => {
    const [a, b, c] = await threeBanners();
    expect(await moveHeroBanner(db, actor, b, "up", at(4))).toBe(true);
    expect(await bannerOrder()).toEqual([
      [bannerImage(2), 1],
      [bannerImage(1), 2],
      [bannerImage(3), 3],
    ]);
    expect((await listActiveHeroBanners(db)).map((x) => x.id)).toEqual([b, a, c]);
    const touched = await db.selectFrom("hero_banners").select(["id", "updated_at"]).orderBy("id").execute();
    expect(touched).toEqual([
      { id: a, updated_at: iso(4) },
      { id: b, updated_at: iso(4) },
      { id: c, updated_at: iso(0) },
    ]);

    // a is now in the middle: move it down.
    expect(await moveHeroBanner(db, actor, a, "down", at(5))).toBe(true);
    expect((await listActiveHeroBanners(db)).map((x) => x.id)).toEqual([b, c, a]);
    // The first one down, the last one up.
    expect(await moveHeroBanner(db, actor, b, "down", at(6))).toBe(true);
    expect(await moveHeroBanner(db, actor, a, "up", at(7))).toBe(true);
    expect((await listActiveHeroBanners(db)).map((x) => x.id)).toEqual([c, a, b]);

    const moves = (await auditRows()).filter((r) => r.action === "reorder");
    expect(moves.map((r) => [r.entity_id, JSON.parse(r.details ?? "")])).toEqual([
      [String(b), { direction: "up", swapped_with: a }],
      [String(a), { direction: "down", swapped_with: c }],
      [String(b), { direction: "down", swapped_with: c }],
      [String(a), { direction: "up", swapped_with: b }],
    ]);
  });

  it("still moves banners that share a display_order", async () => {
    for (const n of [1, 2, 3]) {
      await db
        .insertInto("hero_banners")
        .values({
          image_url: bannerImage(n),
          display_order: 5,
          is_active: true,
          created_at: iso(0),
          updated_at: iso(0),
        })
        .execute();
    }
    const [x, y, z] = (await listHeroBannersForAdmin(db)).map((b) => b.id);
    expect(await moveHeroBanner(db, actor, z!, "up")).toBe(true);
    expect((await listActiveHeroBanners(db)).map((b) => b.id)).toEqual([x, z, y]);
  });

  it("updates the image and Active flag, keeping the order; hidden banners leave the home page", async () => {
    const [a, b] = await threeBanners();
    expect(
      await updateHeroBanner(db, actor, b, { image_url: "/images/banners/new.svg", is_active: false }, at(3)),
    ).toBe(true);
    expect(await getHeroBanner(db, b)).toEqual({
      id: b,
      image_url: "/images/banners/new.svg",
      link_url: null,
      alt_text: null,
      display_order: 2,
      is_active: false,
    });
    expect((await listHeroBannersForAdmin(db)).find((r) => r.id === b)?.updated_at).toBe(iso(3));
    expect((await listActiveHeroBanners(db)).map((r) => r.id)).not.toContain(b);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: "update",
      entity: "hero_banners",
      entity_id: String(b),
    });
    expect(await updateHeroBanner(db, actor, 9999, { image_url: bannerImage(9), is_active: true })).toBe(false);
    expect(await deleteHeroBanner(db, actor, 9999)).toBe(false);
    expect(a).toBeGreaterThan(0);
  });

  it("rolls both halves of a swap back when the write fails", async () => {
    const [, b] = await threeBanners();
    const before = await snapshot();
    await withAuditLogBroken(() => moveHeroBanner(db, actor, b, "up"));
    expect(await snapshot()).toEqual(before);
  });
});

describe(`e-books and free materials on ${engine}`, () => {
  it("creates, updates and deletes e-books with audit rows; /ebooks shows only active ones", async () => {
    const first = await createEbook(
      db,
      actor,
      { title: "Formula Handbook", description: null, pdf_link: "https://x.in/f.pdf", is_active: true },
      at(0),
    );
    const second = await createEbook(
      db,
      actor,
      { title: "Draft", description: "WIP", pdf_link: "https://x.in/d.pdf", is_active: false },
      at(1),
    );
    expect((await listEbooksForAdmin(db)).map((e) => e.title)).toEqual(["Draft", "Formula Handbook"]);
    expect((await listActiveEbooks(db)).map((e) => e.title)).toEqual(["Formula Handbook"]);

    const edited = {
      title: "Draft (final)",
      description: "Ready",
      pdf_link: "https://x.in/final.pdf",
      is_active: true,
    };
    expect(await updateEbook(db, actor, second, edited, at(2))).toBe(true);
    expect(await getEbook(db, second)).toEqual({ id: second, ...edited });
    expect((await listEbooksForAdmin(db))[0]).toMatchObject({ id: second, created_at: iso(1), updated_at: iso(2) });
    expect((await listActiveEbooks(db)).map((e) => e.title)).toEqual(["Draft (final)", "Formula Handbook"]);

    expect(await deleteEbook(db, actor, first, at(3))).toBe(true);
    expect(await getEbook(db, first)).toBeNull();
    expect((await listActiveEbooks(db)).map((e) => e.title)).toEqual(["Draft (final)"]);
    expect((await auditRows()).map((r) => [r.action, r.entity, r.entity_id, r.actor_email])).toEqual([
      ["create", "ebooks", String(first), actor.email],
      ["create", "ebooks", String(second), actor.email],
      ["update", "ebooks", String(second), actor.email],
      ["delete", "ebooks", String(first), actor.email],
    ]);
    expect(await updateEbook(db, actor, first, edited)).toBe(false);
    expect(await deleteEbook(db, actor, first)).toBe(false);
  });

  it("creates, updates and deletes free materials with audit rows; /free-materials shows only active ones", async () => {
    const id = await createFreeMaterial(
      db,
      actor,
      { title: "Topic Analysis", description: "By weightage", material_link: "https://x.in/t.pdf", is_active: true },
      at(0),
    );
    expect((await listActiveFreeMaterials(db)).map((m) => m.title)).toEqual(["Topic Analysis"]);
    expect(await listFreeMaterialsForAdmin(db)).toEqual([
      {
        id,
        title: "Topic Analysis",
        description: "By weightage",
        material_link: "https://x.in/t.pdf",
        cover_url: null,
        is_active: true,
        created_at: iso(0),
        updated_at: iso(0),
      },
    ]);

    const edited = {
      title: "Topic Analysis 2026",
      description: null,
      material_link: "https://x.in/t2.pdf",
      is_active: false,
    };
    expect(await updateFreeMaterial(db, actor, id, edited, at(1))).toBe(true);
    expect(await getFreeMaterial(db, id)).toEqual({ id, ...edited });
    expect(await listActiveFreeMaterials(db)).toEqual([]);

    expect(await deleteFreeMaterial(db, actor, id, at(2))).toBe(true);
    expect(await listFreeMaterialsForAdmin(db)).toEqual([]);
    expect((await auditRows()).map((r) => `${r.action} ${r.entity} ${r.created_at}`)).toEqual([
      `create free_materials ${iso(0)}`,
      `update free_materials ${iso(1)}`,
      `delete free_materials ${iso(2)}`,
    ]);
  });

  it("writes nothing when a create cannot be audited", async () => {
    const before = await snapshot();
    await withAuditLogBroken(() =>
      createEbook(db, actor, { title: "Lost", description: null, pdf_link: "https://x.in/l.pdf", is_active: true }),
    );
    await withAuditLogBroken(() =>
      createFreeMaterial(db, actor, {
        title: "Lost",
        description: null,
        material_link: "https://x.in/l.pdf",
        is_active: true,
      }),
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe(`activity log on ${engine}`, () => {
  it("lists the latest entries first, bounded by the limit", async () => {
    const ebook = await createEbook(
      db,
      actor,
      { title: "A", description: null, pdf_link: "https://x.in/a.pdf", is_active: true },
      at(0),
    );
    await updateEbook(
      db,
      actor,
      ebook,
      { title: "B", description: null, pdf_link: "https://x.in/a.pdf", is_active: true },
      at(1),
    );
    const other = { userId: "user-admin-2", email: "second@gate-ch.example" };
    await saveWelcomePopup(
      db,
      other,
      { title: "T", subtitle: null, description: "D", image_url: "/p.svg", is_active: true },
      at(2),
    );

    const all = await listRecentActivity(db);
    expect(all.map((e) => [e.actorEmail, e.action, e.entity, e.createdAt])).toEqual([
      [other.email, "create", "welcome_popup", iso(2)],
      [actor.email, "update", "ebooks", iso(1)],
      [actor.email, "create", "ebooks", iso(0)],
    ]);
    expect(all[1]).toMatchObject({ actorUserId: actor.userId, entityId: String(ebook), details: { title: "B" } });
    expect((await listRecentActivity(db, 2)).map((e) => e.createdAt)).toEqual([iso(2), iso(1)]);
    expect(await listRecentActivity(db, 0)).toHaveLength(1);
  });
});
