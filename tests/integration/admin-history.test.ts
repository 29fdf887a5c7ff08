import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createEbook, deleteEbook, listActiveEbooks, updateEbook } from "~/db/queries/ebooks.server";
import { createTestSeries, deleteTestSeries } from "~/db/queries/catalog.server";
import {
  createTestCategory,
  createTestItem,
  createTestSubcategory,
  deleteTestItem,
  deleteTestSubcategory,
} from "~/db/queries/free-tests.server";
import { importRankPoints } from "~/db/queries/gate-import.server";
import { historyMessages } from "~/lib/admin/messages/history";
import { purgeExpiredData } from "~/lib/retention.server";
import { action as activityAction, loader as activityLoader } from "~/routes/admin/manage/activity";
import { action as gateAction } from "~/routes/admin/manage/gate-data";
import { action as trashAction, loader as trashLoader } from "~/routes/admin/manage/trash";
import { adminAndStudent, call, flash, getRequest, postRequest, snapshot, type Answer } from "./auth-support";

// Issue 48 "History you can trust and undo", called as the router calls the routes, on both
// engines: an update's audit row holds the row before and after and the log shows the changed
// fields; Undo puts an item back and is itself audited; a later change refuses it; a delete goes
// to the trash, comes back with its id (audited) or clashes; the worker's purge empties what is
// 30 days old; a GATE import shows what it will do and changes nothing until confirmed; and
// anonymous or non-admin callers are refused by every new route, changing nothing.

const ADMIN = "history-admin@example.com";
const OTHER = { userId: "other-admin", email: "other-admin@example.com" };
const sessions = adminAndStudent(ADMIN, "history-student@example.com");
const db = () => getDb();
const me = () => ({ userId: "history-admin", email: ADMIN });
const h = historyMessages;
const DAY = 24 * 60 * 60 * 1000;

const get = (loader: unknown, path: string, cookie: string | null = sessions.adminCookie) =>
  call(loader as never, getRequest(path, cookie ?? undefined));
const post = (
  action: unknown,
  path: string,
  fields: Record<string, string>,
  cookie: string | null = sessions.adminCookie,
) => call(action as never, postRequest(path, fields, cookie ?? undefined));
const lastAudit = () => db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
const trashed = () => db().selectFrom("trash").selectAll().orderBy("id").execute();
const ebookTitle = async (id: number) =>
  (await db().selectFrom("ebooks").select("title").where("id", "=", id).executeTakeFirst())?.title ?? null;

const ebook = (title: string) => ({
  title,
  description: "Notes for GATE CH",
  pdf_link: "https://example.com/notes.pdf",
  is_active: true,
});

type Entry = { id: number; what: string; canUndo: boolean; changes: unknown; fields: unknown; counts: string | null };
async function activity(query = "") {
  const answer = await get(activityLoader, `/admin/activity${query}`);
  expect(answer.kind).toBe("data");
  return answer.kind === "data" ? (answer.data as { entries: Entry[]; hasNext: boolean; confirming: unknown }) : null!;
}

function expectDone(answer: Answer, location: string, message: string) {
  expect(answer).toMatchObject({ kind: "redirect", status: 302, location });
  expect(flash(answer)).toBe(message);
}

function expectRefused(answer: Answer, status: number, message: string | RegExp) {
  expect(answer.kind).toBe("data");
  if (answer.kind !== "data") return;
  expect(answer.status).toBe(status);
  expect(answer.data.formError).toMatch(message);
}

beforeEach(async () => {
  for (const table of ["trash", "audit_log", "ebooks", "courses", "test_series", "test_items"] as const) {
    await db().deleteFrom(table).execute();
  }
});

describe(`activity log on ${process.env.TEST_ENGINE}`, () => {
  it("records an update's row before and after, and lists the changed fields", async () => {
    const id = await createEbook(db(), me(), ebook("Heat Transfer notes"));
    await updateEbook(db(), me(), id, { ...ebook("Heat Transfer notes, 2nd edition"), is_active: false });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "update", entity: "ebooks", entity_id: String(id) });
    expect(JSON.parse(audit.row_before!)).toMatchObject({ id, title: "Heat Transfer notes", is_active: true });
    expect(JSON.parse(audit.row_after!)).toMatchObject({
      id,
      title: "Heat Transfer notes, 2nd edition",
      is_active: false,
    });

    const [update, create] = (await activity()).entries;
    expect(update).toMatchObject({
      what: `Updated E-book #${id}: Heat Transfer notes, 2nd edition`,
      changes: [
        { label: "Title", before: "Heat Transfer notes", after: "Heat Transfer notes, 2nd edition" },
        { label: "Active", before: "Yes", after: "No" },
      ],
      canUndo: true,
    });
    // A create shows the row it made; only the latest change of an item offers Undo.
    expect(create).toMatchObject({ what: `Created E-book #${id}: Heat Transfer notes`, canUndo: false });
    expect(create!.fields).toContainEqual({
      column: "pdf_link",
      label: "PDF link",
      value: "https://example.com/notes.pdf",
    });
  });

  it("filters by section and by person, in the address, a page at a time", async () => {
    for (let i = 0; i < 3; i++) await createEbook(db(), me(), ebook(`Mine ${i}`));
    await createEbook(db(), OTHER, ebook("Theirs"));
    await createTestSeries(db(), me(), seriesFields("A series"));

    expect((await activity("?section=ebooks")).entries.map((e) => e.what)).toHaveLength(4);
    const mine = await activity(`?section=ebooks&who=${encodeURIComponent(ADMIN)}`);
    expect(mine.entries.map((e) => e.what.replace(/#\d+/, "#"))).toEqual([
      "Created E-book #: Mine 2",
      "Created E-book #: Mine 1",
      "Created E-book #: Mine 0",
    ]);
    expect((await activity(`?who=${encodeURIComponent(OTHER.email)}`)).entries).toHaveLength(1);
    expect((await activity("?section=test_series")).entries).toHaveLength(1);

    // 55 entries: page 1 holds 50 and says another follows; page 2 the rest.
    for (let i = 0; i < 50; i++) await createEbook(db(), me(), ebook(`Bulk ${i}`));
    const first = await activity();
    expect(first.entries).toHaveLength(50);
    expect(first.hasNext).toBe(true);
    const second = await activity("?page=2");
    expect(second.entries).toHaveLength(5);
    expect(second.hasNext).toBe(false);
    expect(await get(activityLoader, "/admin/activity?page=0")).toMatchObject({ kind: "data", status: 404 });
  });

  it("logs an import as an import of the section, with what it changed", async () => {
    const paper = await db()
      .insertInto("gate_papers")
      .values({
        code: "HX",
        name: "History test",
        display_order: 9,
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: "2026-01-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const point = (air: number) => ({
      paper_id: paper.id,
      year: 2024,
      marks: 100 - air,
      air,
      kind: "official" as const,
      source_label: "IISc",
      source_url: null,
    });
    await importRankPoints(db(), me(), [point(1), point(2)]);
    const [entry] = (await activity()).entries;
    expect(entry).toMatchObject({
      what: "Imported 2 rows into GATE Rank Points",
      counts: "2 added, 0 updated, 0 unchanged",
      canUndo: false,
    });
    expect(await lastAudit()).toMatchObject({ action: "import", entity: "gate_rank_points", entity_id: null });
    await db().deleteFrom("gate_papers").where("id", "=", paper.id).execute();
  });
});

describe(`undo on ${process.env.TEST_ENGINE}`, () => {
  it("puts an update back, audited as an undo, and the public list shows the old title", async () => {
    const id = await createEbook(db(), me(), ebook("Mass Transfer"));
    await updateEbook(db(), me(), id, ebook("Mass Transfer (typo)"));
    const update = await lastAudit();

    // The confirmation step says what goes back.
    const step = await activity(`?undo=${update.id}`);
    expect(step.confirming).toMatchObject({
      id: update.id,
      refusal: null,
      changes: [{ label: "Title", before: "Mass Transfer (typo)", after: "Mass Transfer" }],
    });

    const answer = await post(activityAction, "/admin/activity", {
      intent: "undo",
      id: String(update.id),
      section: "ebooks",
    });
    expectDone(answer, "/admin/activity?section=ebooks", h.undo.done(`Updated E-book #${id}: Mass Transfer (typo)`));
    expect(await ebookTitle(id)).toBe("Mass Transfer");
    expect((await listActiveEbooks(db())).map((e) => e.title)).toContain("Mass Transfer");

    const undo = await lastAudit();
    expect(undo).toMatchObject({ action: "undo", entity: "ebooks", entity_id: String(id), actor_email: ADMIN });
    expect(JSON.parse(undo.details!)).toMatchObject({ undid: update.id, change: "update" });
    expect(JSON.parse(undo.row_after!)).toMatchObject({ title: "Mass Transfer" });
    const [entry] = (await activity()).entries;
    expect(entry!.what).toBe(`Undid the change of E-book #${id}: Mass Transfer`);

    // Undone once: the undo is now the item's latest change, so the update cannot be undone again.
    expectRefused(
      await post(activityAction, "/admin/activity", { intent: "undo", id: String(update.id) }),
      409,
      /can no longer be undone/,
    );
  });

  it("refuses while a later change of the item exists, naming it, and changes nothing", async () => {
    const id = await createEbook(db(), me(), ebook("Thermo"));
    await updateEbook(db(), me(), id, ebook("Thermo 2"));
    const first = await lastAudit();
    await updateEbook(db(), OTHER, id, ebook("Thermo 3"));
    expect((await activity()).entries.find((e) => e.id === first.id)?.canUndo).toBe(false);

    const before = await snapshot();
    const answer = await post(activityAction, "/admin/activity", { intent: "undo", id: String(first.id) });
    expectRefused(
      answer,
      409,
      /This change can no longer be undone: other-admin@example\.com changed the same item later/,
    );
    expect(await snapshot()).toEqual(before);
    expect(await ebookTitle(id)).toBe("Thermo 3");
  });

  it("refuses when the item is no longer as the change left it", async () => {
    const id = await createEbook(db(), me(), ebook("Fluids"));
    await updateEbook(db(), me(), id, ebook("Fluids 2"));
    const update = await lastAudit();
    await db().updateTable("ebooks").set({ title: "Changed elsewhere" }).where("id", "=", id).execute();
    expectRefused(
      await post(activityAction, "/admin/activity", { intent: "undo", id: String(update.id) }),
      409,
      h.undo.refused["changed-since"],
    );
  });

  it("undoes a create into the trash, and a delete back out of it", async () => {
    const id = await createEbook(db(), me(), ebook("Created by mistake"));
    const create = await lastAudit();
    expectDone(
      await post(activityAction, "/admin/activity", { intent: "undo", id: String(create.id) }),
      "/admin/activity",
      h.undo.done(`Created E-book #${id}: Created by mistake`),
    );
    expect(await ebookTitle(id)).toBeNull();
    expect(await db().selectFrom("trash").select(["entity", "entity_id", "title"]).execute()).toEqual([
      { entity: "ebooks", entity_id: id, title: "Created by mistake" },
    ]);

    const kept = await createEbook(db(), me(), ebook("Deleted by mistake"));
    await deleteEbook(db(), me(), kept);
    const deletion = await lastAudit();
    expect((await activity()).entries[0]).toMatchObject({
      canUndo: true,
      what: `Deleted E-book #${kept}: Deleted by mistake`,
    });
    expectDone(
      await post(activityAction, "/admin/activity", { intent: "undo", id: String(deletion.id) }),
      "/admin/activity",
      h.undo.done(`Deleted E-book #${kept}: Deleted by mistake`),
    );
    expect(await ebookTitle(kept)).toBe("Deleted by mistake");
    expect(await lastAudit()).toMatchObject({ action: "undo", entity: "ebooks", entity_id: String(kept) });
  });
});

function seriesFields(title: string) {
  return {
    title,
    price: 999,
    original_price: 1999,
    tests: 20,
    students: 10,
    validity_months: 12,
    description: "Full-length mocks",
    purchase_url: null,
    features: ["20 mocks"],
    image: "/images/series.webp",
    display_order: 1,
    is_active: true,
  };
}

describe(`trash on ${process.env.TEST_ENGINE}`, () => {
  it("keeps a deleted e-book out of the public list and restores it with its id, audited", async () => {
    const id = await createEbook(db(), me(), ebook("Process Control"));
    await deleteEbook(db(), me(), id);
    expect(await ebookTitle(id)).toBeNull();
    expect((await listActiveEbooks(db())).map((e) => e.title)).not.toContain("Process Control");
    const [item] = await trashed();
    expect(item).toMatchObject({ entity: "ebooks", entity_id: id, title: "Process Control", deleted_by: ADMIN });
    expect(JSON.parse(item!.row_data)).toMatchObject({
      id,
      title: "Process Control",
      pdf_link: "https://example.com/notes.pdf",
    });

    const list = await get(trashLoader, "/admin/trash");
    expect(list).toMatchObject({
      kind: "data",
      data: { items: [{ id: item!.id, title: "Process Control", section: "E-book" }] },
    });

    const answer = await post(trashAction, "/admin/trash", { intent: "restore", id: String(item!.id) });
    expectDone(answer, "/admin/trash", h.trash.restored('E-book "Process Control"'));
    expect(await ebookTitle(id)).toBe("Process Control");
    expect((await listActiveEbooks(db())).map((e) => e.title)).toContain("Process Control");
    expect(await trashed()).toEqual([]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "restore", entity: "ebooks", entity_id: String(id), actor_email: ADMIN });
    expect(JSON.parse(audit.row_after!)).toMatchObject({ id, title: "Process Control" });

    // Restored once: it is not in the trash any more.
    expectRefused(
      await post(trashAction, "/admin/trash", { intent: "restore", id: String(item!.id) }),
      404,
      h.trash.missing,
    );
  });

  it("refuses a restore whose title is taken now, or whose parent is gone, changing nothing", async () => {
    const series = await createTestSeries(db(), me(), seriesFields("GATE CH Mock Series"));
    await deleteTestSeries(db(), me(), series);
    await createTestSeries(db(), me(), seriesFields("gate ch mock series"));
    const [seriesItem] = await trashed();
    let before = await snapshot();
    expectRefused(
      await post(trashAction, "/admin/trash", { intent: "restore", id: String(seriesItem!.id) }),
      409,
      'Cannot restore: another test series is now called "GATE CH Mock Series". Rename that one first, then restore.',
    );
    expect(await snapshot()).toEqual(before);

    const category = await createTestCategory(db(), me(), { name: "History mocks", is_active: true });
    const sub = await createTestSubcategory(db(), me(), {
      category_id: category.id,
      name: "History subcategory",
      test_count: 1,
      is_active: true,
    });
    const item = await createTestItem(db(), me(), {
      subcategory_id: sub.id,
      title: "History test item",
      description: null,
      test_link: "https://example.com/test",
      is_active: true,
    });
    await deleteTestItem(db(), me(), item);
    await deleteTestSubcategory(db(), me(), sub.id);
    const itemInTrash = (await trashed()).find((row) => row.entity === "test_items")!;
    before = await snapshot();
    expectRefused(
      await post(trashAction, "/admin/trash", { intent: "restore", id: String(itemInTrash.id) }),
      409,
      "Cannot restore: the test subcategory it belongs to was deleted. Restore or add that first.",
    );
    expect(await snapshot()).toEqual(before);
    await db().deleteFrom("test_categories").where("id", "=", category.id).execute();
  });

  it("is purged after 30 days by the retention job", async () => {
    const now = Date.parse("2026-12-01T06:00:00.000Z");
    const old = await createEbook(db(), me(), ebook("Old one"));
    await deleteEbook(db(), me(), old, new Date(now - 31 * DAY));
    const recent = await createEbook(db(), me(), ebook("Recent one"));
    await deleteEbook(db(), me(), recent, new Date(now - 29 * DAY));

    const deleted = await purgeExpiredData(db(), now);
    expect(deleted.trash).toBe(1);
    expect((await trashed()).map((row) => row.title)).toEqual(["Recent one"]);
  });
});

describe(`GATE import preview on ${process.env.TEST_ENGINE}`, () => {
  it("shows what an import adds, changes and removes, changes nothing, then applies it once confirmed", async () => {
    const stamp = "2026-01-01T00:00:00.000Z";
    const paper = await db()
      .insertInto("gate_papers")
      .values({ code: "HY", name: "History paper", display_order: 9, created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("gate_rank_points")
      .values(
        [
          [60, 70],
          [50, 260],
        ].map(([marks, air]) => ({
          paper_id: paper.id,
          year: 2024,
          marks: marks!,
          air: air!,
          kind: "official" as const,
          source_label: "IISc",
          source_url: null,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
    const csv = [
      "paper_code,year,marks,air,kind,source_label,source_url",
      "HY,2024,60,70,official,IISc,",
      "HY,2024,40,900,official,IISc,",
    ].join("\n");
    const path = "/admin/gate-rank-points";
    const before = await snapshot();
    const preview = await post(gateAction, path, { intent: "import", csv });
    expect(preview).toMatchObject({
      kind: "data",
      status: 200,
      data: {
        ok: true,
        intent: "import-preview",
        counts: { added: 1, changed: 0, removed: 1, unchanged: 1 },
        added: [{ row: 3, label: "HY 2024: 40 marks, AIR 900 (official; IISc)" }],
        removed: [{ row: null, label: "HY 2024: 50 marks, AIR 260 (official; IISc)" }],
        stale: false,
      },
    });
    expect(await snapshot()).toEqual(before);
    const { digest } = (preview as { data: { digest: string } }).data;

    // A confirmation of another state of the data shows the new preview instead, applying nothing.
    const stale = await post(gateAction, path, { intent: "import-confirm", csv, digest: "0".repeat(64) });
    expect(stale).toMatchObject({ kind: "data", data: { intent: "import-preview", stale: true } });
    expect(await snapshot()).toEqual(before);

    const applied = await post(gateAction, path, { intent: "import-confirm", csv, digest });
    expect(applied).toMatchObject({ kind: "redirect", location: path });
    expect(
      await db().selectFrom("gate_rank_points").select("air").where("paper_id", "=", paper.id).orderBy("air").execute(),
    ).toEqual([{ air: 70 }, { air: 900 }]);
    await db().deleteFrom("gate_rank_points").where("paper_id", "=", paper.id).execute();
    await db().deleteFrom("gate_papers").where("id", "=", paper.id).execute();
  });
});

describe(`who may use the history on ${process.env.TEST_ENGINE}`, () => {
  it("sends anonymous callers to sign in and refuses non-admins, changing nothing", async () => {
    const id = await createEbook(db(), me(), ebook("Guarded"));
    await deleteEbook(db(), me(), id);
    const [item] = await trashed();
    const deletion = await lastAudit();
    const attempts: [unknown, string, Record<string, string>][] = [
      [trashAction, "/admin/trash", { intent: "restore", id: String(item!.id) }],
      [activityAction, "/admin/activity", { intent: "undo", id: String(deletion.id) }],
    ];
    const before = await snapshot();
    for (const [action, path, fields] of attempts) {
      const anonymous = await post(action, path, fields, null);
      expect(anonymous).toMatchObject({ kind: "redirect" });
      expect((anonymous as { location: string }).location).toMatch(/^\/admin\/login/);
      expect(await post(action, path, fields, sessions.studentCookie)).toMatchObject({ kind: "data", status: 403 });
    }
    for (const [loader, path] of [
      [trashLoader, "/admin/trash"],
      [activityLoader, `/admin/activity?undo=${deletion.id}`],
    ] as const) {
      const anonymous = await get(loader, path, null);
      expect((anonymous as { location: string }).location).toMatch(/^\/admin\/login/);
      expect(await get(loader, path, sessions.studentCookie)).toMatchObject({ kind: "data", status: 403 });
    }
    expect(await snapshot()).toEqual(before);
  });
});
