import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { demoPurchaseEntries, seedPurchaseEntries } from "~/db/seed/purchase-entries.server";
import { adminMessages } from "~/lib/admin/messages";
import { recentPurchaseToasts } from "~/lib/purchase-toast.server";
import { addDays, istDate } from "~/core/ist";
import { action, loader } from "~/routes/admin/manage/purchase-toasts";
import { withDegradedCheck } from "~/lib/degraded.server";
import { loader as publicLayoutLoader } from "~/routes/public/layout";
import { adminAndStudent, type Answer, call, flash, getRequest, pageArgs, postRequest, snapshot } from "./auth-support";

// The Purchase Toasts manager and the toast's entries (issue 25 "True social proof"), called as
// the router calls them, on both engines: each action valid and invalid, what the database then
// holds (audit rows included), refused callers, and which entries visitors get on which day: the
// public layout's loader puts them in every public page (issue 44).

const m = adminMessages.purchaseToasts;
const PATH = "/admin/purchase-toasts";
const sessions = adminAndStudent("toasts-admin@example.com", "toasts-student@example.com");
const db = () => getDb();

const post = (fields: Record<string, string>, cookie: string | null = sessions.adminCookie) =>
  call(action, postRequest(PATH, fields, cookie ?? undefined));
const get = (cookie: string | null = sessions.adminCookie) => call(loader, getRequest(PATH, cookie ?? undefined));
const rows = () => db().selectFrom("purchase_entries").selectAll().orderBy("id").execute();
const lastAudit = () => db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
const contentVersion = async () =>
  (await db().selectFrom("content_version").select("version").executeTakeFirst())?.version ?? 0;

const today = () => istDate();
const valid = () => ({
  intent: "create",
  buyer_name: "Meera",
  city: "Kochi",
  product: "GATE 2026 Test Series",
  purchased_on: addDays(today(), -2),
  is_active: "on",
});

function expectSaved(answer: Answer, message: string) {
  expect(answer).toMatchObject({ kind: "redirect", status: 302 });
  // The saved entry is the list's fragment (#row-12, issue 48).
  if (answer.kind === "redirect") expect(answer.location.replace(/#row-\d+$/, "")).toBe(PATH);
  expect(flash(answer)).toBe(message);
}

function expectRefused(answer: Answer, status: number, formError: string, errors: Record<string, RegExp> = {}) {
  expect(answer.kind).toBe("data");
  if (answer.kind !== "data") return;
  expect(answer.status).toBe(status);
  expect(answer.data).toMatchObject({ ok: false, formError });
  for (const [field, expected] of Object.entries(errors)) expect(answer.data.fieldErrors[field]).toMatch(expected);
}

async function insertEntry(purchased_on: string, buyer_name = "Asha", is_active = true) {
  const stamp = new Date().toISOString();
  const { id } = await db()
    .insertInto("purchase_entries")
    .values({
      buyer_name,
      city: "Surat",
      product: "IOCL-2025 Test Series",
      purchased_on,
      is_active,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function setToastsEnabled(value: string) {
  await db().deleteFrom("site_settings").where("key", "=", "purchase_toasts_enabled").execute();
  await db()
    .insertInto("site_settings")
    .values({ key: "purchase_toasts_enabled", value, updated_at: new Date().toISOString() })
    .execute();
}

/** What the public layout's loader gives every public page for the toast. */
async function pageToasts() {
  return (await publicLayoutLoader(pageArgs("/"))).purchaseToasts;
}

beforeEach(async () => {
  await db().deleteFrom("purchase_entries").execute();
  await setToastsEnabled("true");
});

describe(`Purchase Toasts manager on ${process.env.TEST_ENGINE}`, () => {
  it("refuses anonymous visitors (to the login page) and non-admins (403), reads and writes; nothing changes", async () => {
    const id = await insertEntry(today());
    expect(await get(null)).toMatchObject({ kind: "redirect", location: "/admin/login" });
    expect(await get(sessions.studentCookie)).toMatchObject({ kind: "data", status: 403 });
    const before = await snapshot();
    const entries = await rows();
    for (const fields of [
      valid(),
      { ...valid(), intent: "update", id: String(id) },
      { intent: "delete", id: String(id) },
    ]) {
      expect(await post(fields, null)).toMatchObject({ kind: "redirect", location: "/admin/login", replace: true });
      expect(await post(fields, sessions.studentCookie)).toMatchObject({ kind: "data", status: 403 });
    }
    expect(await snapshot()).toEqual(before);
    expect(await rows()).toEqual(entries);
  });

  it("creates an entry: back to the list with the toast, the row, its audit row, cached pages marked stale", async () => {
    const version = await contentVersion();
    const fields = valid();
    expectSaved(await post(fields), "Purchase entry created successfully");
    const [row] = await rows();
    expect(row).toMatchObject({
      buyer_name: "Meera",
      city: "Kochi",
      product: "GATE 2026 Test Series",
      purchased_on: fields.purchased_on,
      is_active: true,
    });
    expect(await lastAudit()).toMatchObject({
      action: "create",
      entity: "purchase_entries",
      entity_id: String(row!.id),
    });
    expect(await contentVersion()).toBeGreaterThan(version);
    // The list shows it, with today's date in India for the "shown / no longer shown" column.
    const list = await get();
    expect(list).toMatchObject({ kind: "data", data: { today: today(), loadError: null } });
    if (list.kind === "data")
      expect(list.data.entries.rows.map((e: { buyer_name: string }) => e.buyer_name)).toEqual(["Meera"]);
  });

  it.each([
    ["buyer_name", "", /Buyer's first name is required/],
    ["city", "   ", /City is required/],
    ["product", "", /Product is required/],
    ["purchased_on", "", /Date of purchase is required/],
    ["purchased_on", "12/03/2026", /YYYY-MM-DD/],
    ["purchased_on", "2026-02-30", /real date/],
    ["buyer_name", "x".repeat(61), /at most 60/],
  ])("refuses %s = %j with its field error, keeps what was typed, writes nothing", async (field, value, error) => {
    const before = await snapshot();
    const fields = { ...valid(), [field]: value };
    const answer = await post(fields);
    expectRefused(answer, 400, adminMessages.common.invalid, { [field]: error });
    if (answer.kind === "data") expect(answer.data.values).toMatchObject({ buyer_name: fields.buyer_name });
    expect(await rows()).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a date of purchase in the future (tomorrow in India)", async () => {
    const tomorrow = addDays(today(), 1);
    expectRefused(await post({ ...valid(), purchased_on: tomorrow }), 400, adminMessages.common.invalid, {
      purchased_on: /cannot be in the future/,
    });
    expect(await rows()).toEqual([]);
  });

  it("updates an entry, with its audit row; an entry that is gone or a bad id is refused", async () => {
    const id = await insertEntry(addDays(today(), -5));
    const fields = { ...valid(), intent: "update", id: String(id), city: "Thrissur" };
    delete (fields as Partial<typeof fields>).is_active;
    expectSaved(await post(fields), "Purchase entry updated successfully");
    expect(await rows()).toMatchObject([{ id, buyer_name: "Meera", city: "Thrissur", is_active: false }]);
    expect(await lastAudit()).toMatchObject({ action: "update", entity: "purchase_entries", entity_id: String(id) });

    expectRefused(await post({ ...fields, id: String(id + 1000) }), 404, "Failed to save purchase entry");
    expectRefused(await post({ ...fields, id: "abc" }), 400, "Failed to save purchase entry");
    expectRefused(await post({ ...fields, city: "" }), 400, adminMessages.common.invalid, { city: /required/ });
    expect(await rows()).toMatchObject([{ id, city: "Thrissur" }]);
  });

  it("deletes an entry, with its audit row; deleting it again or a bad id says 'Failed to delete purchase entry'", async () => {
    const id = await insertEntry(today());
    expectSaved(await post({ intent: "delete", id: String(id) }), "Purchase entry deleted successfully");
    expect(await rows()).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: "delete", entity: "purchase_entries", entity_id: String(id) });
    expectRefused(await post({ intent: "delete", id: String(id) }), 404, "Failed to delete purchase entry");
    expectRefused(await post({ intent: "delete", id: "abc" }), 400, "Failed to delete purchase entry");
    expectRefused(await post({ intent: "publish" }), 400, "Failed to save purchase entry");
  });

  it("says 'Failed to load purchase entries' with an empty list when the table cannot be read", async () => {
    await sql`alter table purchase_entries rename to purchase_entries_away`.execute(db());
    try {
      expect(await get()).toMatchObject({
        kind: "data",
        status: 200,
        data: { entries: { rows: [] }, loadError: m.loadFailed },
      });
    } finally {
      await sql`alter table purchase_entries_away rename to purchase_entries`.execute(db());
    }
  });
});

describe(`the toast's entries on ${process.env.TEST_ENGINE}`, () => {
  it("are the active entries of the last 30 days, newest first, each with its age and a 15–20 s gap", async () => {
    await insertEntry(addDays(today(), -31), "TooOld");
    await insertEntry(addDays(today(), -30), "ThirtyDays");
    await insertEntry(addDays(today(), -1), "Yesterday");
    await insertEntry(today(), "Today");
    await insertEntry(today(), "Hidden", false);
    await insertEntry(addDays(today(), 1), "Tomorrow");
    const toasts = await pageToasts();
    expect(toasts?.entries).toEqual([
      { name: "Today", city: "Surat", product: "IOCL-2025 Test Series", daysAgo: 0 },
      { name: "Yesterday", city: "Surat", product: "IOCL-2025 Test Series", daysAgo: 1 },
      { name: "ThirtyDays", city: "Surat", product: "IOCL-2025 Test Series", daysAgo: 30 },
    ]);
    // One start-to-start gap per entry, drawn on the server.
    expect(toasts?.gaps).toHaveLength(3);
    for (const gap of toasts!.gaps) expect(gap >= 15_000 && gap <= 20_000, `${gap} ms`).toBe(true);
  });

  it("count days in India: just after midnight IST an entry of 31 days before is gone", async () => {
    await insertEntry("2026-01-30", "Edge");
    // 23:45 IST on 1 March 2026: 30 days after 30 January, still shown.
    expect(await recentPurchaseToasts(db(), new Date("2026-03-01T18:15:00Z"))).toMatchObject([
      { name: "Edge", daysAgo: 30 },
    ]);
    // 00:15 IST on 2 March (still 1 March in UTC): 31 days, no longer shown.
    expect(await recentPurchaseToasts(db(), new Date("2026-03-01T18:45:00Z"))).toEqual([]);
  });

  it("are none when there are no entries, or when the setting switches toasts off", async () => {
    expect(await pageToasts()).toBeNull();
    await insertEntry(today());
    await setToastsEnabled("false");
    expect(await pageToasts()).toBeNull();
    await setToastsEnabled("true");
    expect((await pageToasts())?.entries).toHaveLength(1);
  });

  it("are none when they cannot be read, and that page is not cached; the page itself still renders", async () => {
    await insertEntry(today());
    await sql`alter table purchase_entries rename to purchase_entries_away`.execute(db());
    try {
      let toasts: unknown = "not loaded";
      const response = await withDegradedCheck(async () => {
        toasts = await pageToasts();
        return new Response("page");
      });
      expect(toasts).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    } finally {
      await sql`alter table purchase_entries_away rename to purchase_entries`.execute(db());
    }
  });

  it("the demo seed enters the spec's five sample buyers, dated within the last 30 days, once", async () => {
    await seedPurchaseEntries(db(), Date.now());
    await seedPurchaseEntries(db(), Date.now());
    const toasts = await pageToasts();
    expect(toasts?.entries).toHaveLength(5);
    expect(toasts?.entries.map((e) => e.name).sort()).toEqual(demoPurchaseEntries.map((e) => e.buyer_name).sort());
  });
});
