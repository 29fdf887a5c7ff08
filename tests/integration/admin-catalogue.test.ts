import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { catalogueYear, seededTitles, seedFixedData } from "~/db/seed/fixed-data.server";
import { adminMessages } from "~/lib/admin/messages";
import { action, loader } from "~/routes/admin/manage/catalogue";
import { loader as courseLoader, meta as courseMeta } from "~/routes/public/course-detail";
import { loader as coursesLoader } from "~/routes/public/courses";
import { loader as searchLoader } from "~/routes/public/search";
import { loader as seriesLoader } from "~/routes/public/test-series-detail";
import { adminAndStudent, type Answer, call, flash, getRequest, pageArgs, postRequest, snapshot } from "./auth-support";

// The catalogue manager (issue 26), called as the router calls it, on both engines: each action
// valid and invalid, its audit row, refused callers, and what the public pages then answer: a
// renamed series' old address redirecting, an inactive product not found, a course sold as a
// series showing the series' price.

const m = adminMessages.catalogue;
const PATH = "/admin/catalogue";
const COURSES = "/admin/catalogue?tab=courses";
const sessions = adminAndStudent("catalogue-admin@example.com", "catalogue-student@example.com");
const db = () => getDb();
const titles = seededTitles(catalogueYear());

beforeAll(async () => {
  await seedFixedData(db());
});

const post = (fields: Record<string, string>, cookie: string | null = sessions.adminCookie) =>
  call(action, postRequest(PATH, fields, cookie ?? undefined));
const lastAudit = () => db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
const series = () => db().selectFrom("test_series").selectAll().orderBy("id").execute();
const courses = () => db().selectFrom("courses").selectAll().orderBy("id").execute();
const aliases = () => db().selectFrom("test_series_aliases").selectAll().orderBy("alias").execute();
const contentVersion = async () =>
  (await db().selectFrom("content_version").select("version").executeTakeFirst())?.version ?? 0;

const validSeries = (fields: Record<string, string> = {}) => ({
  intent: "create",
  table: "test-series",
  title: "BPCL Mock Tests",
  price: "299",
  original_price: "599",
  tests: "10",
  students: "0",
  validity_months: "6",
  features: "10 Full-Length Tests\n\n  Detailed solutions  ",
  description: "Full-length tests for the BPCL written test.",
  purchase_url: "https://learn.example.com/bpcl",
  image: "/images/catalog/iocl.svg",
  display_order: "3",
  is_active: "on",
  ...fields,
});

const validCourse = (fields: Record<string, string> = {}) => ({
  intent: "create",
  table: "courses",
  title: "GATE CH Weekend Batch",
  test_series_id: "",
  price: "2999",
  original_price: "4999",
  tests: "40",
  students: "120",
  duration: "6 months",
  expiry: "1 year from purchase",
  videos: "80",
  learn_points: "Thermodynamics\nMass transfer",
  description: "Live weekend classes with tests.",
  purchase_url: "",
  image: "https://cdn.example.com/weekend.png",
  display_order: "5",
  is_active: "on",
  ...fields,
});

function expectSaved(answer: Answer, location: string, message: string) {
  expect(answer).toMatchObject({ kind: "redirect", status: 302 });
  // The saved row is the list's fragment (#row-12, issue 48): scrolled to and focused.
  if (answer.kind === "redirect") expect(answer.location.replace(/#row-\d+$/, "")).toBe(location);
  expect(flash(answer)).toBe(message);
}

function expectRefused(answer: Answer, errors: Record<string, RegExp>) {
  expect(answer.kind).toBe("data");
  if (answer.kind !== "data") return;
  expect(answer.status).toBe(400);
  expect(answer.data).toMatchObject({ ok: false, formError: adminMessages.common.invalid });
  for (const [field, expected] of Object.entries(errors)) expect(answer.data.fieldErrors[field]).toMatch(expected);
}

/** What the router passes the public detail loaders for a GET of `path`. */
const publicArgs = (path: string, params: Record<string, string>) => pageArgs(path, params);

/** The test series page for /test-series/{raw}: its data, or [status, Location] of a redirect. */
async function openSeries(raw: string) {
  try {
    return await seriesLoader(publicArgs(`/test-series/${raw}`, { param: decodeURIComponent(raw) }) as never);
  } catch (error) {
    if (error instanceof Response) return [error.status, error.headers.get("Location")];
    throw error;
  }
}

const openCourse = (id: number) => courseLoader(publicArgs(`/course/${id}`, { id: String(id) }) as never);
/** The JSON-LD the course page's meta writes for what its loader answered (none when not found). */
function courseJsonLdOf(answer: unknown) {
  const loaderData = (answer as { data?: unknown }).data ?? answer;
  const root = { id: "root", loaderData: { siteUrl: "https://gate.example" } };
  const tags = courseMeta({ matches: [root, { id: "course", pathname: "/course/2" }], loaderData } as never);
  return tags.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"]] : []));
}

/** What /search?q= lists. */
const searchFor = async (query: string) =>
  (await searchLoader(publicArgs(`/search?q=${encodeURIComponent(query)}`, {}) as never)).groups;

const seriesIdOf = async (title: string) =>
  (await db().selectFrom("test_series").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id;

describe(`Catalogue manager on ${process.env.TEST_ENGINE}`, () => {
  it("refuses anonymous visitors (to the login page) and non-admins (403); a refused write changes nothing", async () => {
    expect(await call(loader, getRequest(PATH))).toMatchObject({ kind: "redirect", location: "/admin/login" });
    expect(await call(loader, getRequest(PATH, sessions.studentCookie))).toMatchObject({ kind: "data", status: 403 });
    const before = [await snapshot(), await series(), await courses(), await aliases()];
    for (const fields of [
      validSeries(),
      validSeries({ intent: "update", id: "1", title: "Hijacked" }),
      { intent: "delete", table: "test-series", id: "1" },
      validCourse(),
      { intent: "delete", table: "courses", id: "2" },
    ]) {
      expect(await post(fields, null)).toMatchObject({ kind: "redirect", location: "/admin/login", replace: true });
      expect(await post(fields, sessions.studentCookie)).toMatchObject({ kind: "data", status: 403 });
    }
    expect([await snapshot(), await series(), await courses(), await aliases()]).toEqual(before);
  });

  it("lists every test series and course for the admin, the seeded ones linked", async () => {
    const answer = await call(loader, getRequest(PATH, sessions.adminCookie));
    expect(answer).toMatchObject({ kind: "data", status: 200, data: { loadError: null } });
    if (answer.kind !== "data") return;
    expect(answer.data.testSeries.map((s: { title: string }) => s.title)).toEqual([
      titles.gateSeries,
      titles.ioclSeries,
    ]);
    expect(answer.data.courses.slice(0, 2)).toMatchObject([
      { id: 2, series_title: titles.gateSeries },
      { id: 3, series_title: titles.ioclSeries },
    ]);
  });

  it("creates a test series: the toast, the row, its audit row, cached pages marked stale", async () => {
    const version = await contentVersion();
    expectSaved(await post(validSeries()), PATH, "Test series created successfully");
    const row = (await series()).find((s) => s.title === "BPCL Mock Tests");
    expect(row).toMatchObject({
      price: 299,
      original_price: 599,
      tests: 10,
      validity_months: 6,
      purchase_url: "https://learn.example.com/bpcl",
      is_active: true,
    });
    expect(JSON.parse(row!.features)).toEqual(["10 Full-Length Tests", "Detailed solutions"]);
    expect(await lastAudit()).toMatchObject({ action: "create", entity: "test_series", entity_id: String(row!.id) });
    expect(await contentVersion()).toBeGreaterThan(version);
    expect(await openSeries("BPCL%20Mock%20Tests")).toMatchObject({ series: { title: "BPCL Mock Tests" } });
  });

  it.each([
    ["price", "-1", /Price must be a whole number of 0 or more/],
    ["price", "12.5", /Price must be a whole number/],
    ["price", "", /Price is required/],
    ["original_price", "100", /Original price \(₹100\) must be at least the price \(₹299\)/],
    ["purchase_url", "javascript:alert(1)", /Purchase URL must be a valid http/],
    ["purchase_url", "ftp://learn.example.com/bpcl", /Purchase URL must be a valid http/],
    ["image", "javascript:alert(1)", /Image must be an http/],
    ["validity_months", "0", /from 1 to 60/],
    ["validity_months", "61", /from 1 to 60/],
    ["tests", "-3", /Tests must be a whole number of 0 or more/],
    ["title", "2027", /Title must contain a letter/],
    ["title", "", /Title is required/],
  ])("refuses a test series with %s = %j, with its field error; writes nothing", async (field, value, error) => {
    const before = [await snapshot(), await series()];
    const answer = await post(validSeries({ title: "Refused Series", [field]: value }));
    expectRefused(answer, { [field]: error });
    if (answer.kind === "data") expect(answer.data.values).toMatchObject({ table: "test-series" });
    expect([await snapshot(), await series()]).toEqual(before);
  });

  it("refuses a title another series has, in any case", async () => {
    expectRefused(await post(validSeries({ title: titles.gateSeries.toLowerCase() })), {
      title: /Another test series already has this title/,
    });
  });

  it("renames a series: its old address redirects to the new one, in the same audited write", async () => {
    const id = await seriesIdOf("BPCL Mock Tests");
    const update = (title: string) => post(validSeries({ intent: "update", id: String(id), title }));
    expectSaved(await update("BPCL 2027 Mock Tests"), PATH, "Test series updated successfully");
    expect(await lastAudit()).toMatchObject({ action: "update", entity: "test_series", entity_id: String(id) });
    expect(JSON.parse((await lastAudit()).details ?? "{}")).toEqual({
      title: "BPCL 2027 Mock Tests",
      previous_title: "BPCL Mock Tests",
    });
    expect(await aliases()).toEqual([{ alias: "bpcl mock tests", test_series_id: id }]);
    expect(await openSeries("BPCL%20Mock%20Tests")).toEqual([301, "/test-series/BPCL%202027%20Mock%20Tests"]);
    expect(await openSeries(String(id))).toEqual([301, "/test-series/BPCL%202027%20Mock%20Tests"]);
    expect(await openSeries("BPCL%202027%20Mock%20Tests")).toMatchObject({ series: { id } });

    // Back to the first title: that title is the series' own again, the second one redirects.
    expectSaved(await update("BPCL Mock Tests"), PATH, "Test series updated successfully");
    expect(await aliases()).toEqual([{ alias: "bpcl 2027 mock tests", test_series_id: id }]);
    expect(await openSeries("BPCL%202027%20Mock%20Tests")).toEqual([301, "/test-series/BPCL%20Mock%20Tests"]);
  });

  it("hides an inactive series: its page answers 404 'Test Series not found'", async () => {
    const id = await seriesIdOf("BPCL Mock Tests");
    const { is_active: _on, ...inactive } = validSeries({ intent: "update", id: String(id) });
    expectSaved(await post(inactive), PATH, "Test series updated successfully");
    for (const raw of ["BPCL%20Mock%20Tests", String(id), "BPCL%202027%20Mock%20Tests"])
      expect(await openSeries(raw)).toMatchObject({ data: { series: null }, init: { status: 404 } });
  });

  it("shows a series' new price on the course sold as it", async () => {
    const { id: _id, created_at: _c, updated_at: _u, is_active: _a, features, ...gate } = (await series())[0]!;
    const fields = Object.fromEntries(Object.entries(gate).map(([key, value]) => [key, String(value ?? "")]));
    const answer = await post({
      ...fields,
      features: JSON.parse(features).join("\n"),
      intent: "update",
      table: "test-series",
      id: "1",
      price: "1299",
      is_active: "on",
    });
    expectSaved(answer, PATH, "Test series updated successfully");
    expect(await openCourse(2)).toMatchObject({ course: { price: 1299, original_price: 3010 } });
  });

  it("creates a course sold on its own, with its audit row; then sells it as a series", async () => {
    expectSaved(await post(validCourse()), COURSES, "Course created successfully");
    const row = (await courses()).find((c) => c.title === "GATE CH Weekend Batch")!;
    expect(row).toMatchObject({ price: 2999, original_price: 4999, test_series_id: null, purchase_url: null });
    expect(JSON.parse(row.learn_points)).toEqual(["Thermodynamics", "Mass transfer"]);
    expect(await lastAudit()).toMatchObject({ action: "create", entity: "courses", entity_id: String(row.id) });
    expect(await openCourse(row.id)).toMatchObject({ course: { id: row.id, price: 2999 } });

    // Sold as the IOCL series, its own figures may be left empty: the page shows the series'.
    const linked = validCourse({ intent: "update", id: String(row.id), test_series_id: "2", price: "", tests: "" });
    expectSaved(await post(linked), COURSES, "Course updated successfully");
    expect(await openCourse(row.id)).toMatchObject({
      course: { price: 499, original_price: 1009, tests: 15, students: 1000, purchase_url: null },
    });
  });

  it.each([
    ["price", "-1", /Price must be a whole number of 0 or more/],
    ["original_price", "1000", /Original price \(₹1,000\) must be at least the price \(₹2,999\)/],
    ["price", "", /Price is required/],
    ["purchase_url", "javascript:alert(1)", /Purchase URL must be a valid http/],
    ["purchase_url", "data:text/html,hi", /Purchase URL must be a valid http/],
    ["test_series_id", "abc", /Choose a test series from the list/],
    ["duration", "", /Duration is required/],
  ])("refuses a course with %s = %j, with its field error; writes nothing", async (field, value, error) => {
    const before = [await snapshot(), await courses()];
    expectRefused(await post(validCourse({ [field]: value })), { [field]: error });
    expect([await snapshot(), await courses()]).toEqual(before);
  });

  it("refuses a course sold as a series that does not exist, or a free course sold as one", async () => {
    expectRefused(await post(validCourse({ test_series_id: "9999" })), { test_series_id: /Choose a test series/ });
    expectRefused(await post(validCourse({ test_series_id: "1", is_free: "on" })), {
      test_series_id: /A free course cannot be sold as a test series/,
    });
  });

  // Issue 42: deleting a series put the courses sold as it on sale at ₹0 (list, page, JSON-LD).
  it("keeps a course sold as a series without figures of its own: empty, never 0", async () => {
    const row = (await courses()).find((c) => c.title === "GATE CH Weekend Batch")!;
    const id = await seriesIdOf("BPCL Mock Tests");
    const linked = validCourse({
      intent: "update",
      id: String(row.id),
      test_series_id: String(id),
      price: "",
      original_price: "",
      tests: "",
      students: "",
    });
    expectSaved(await post(linked), COURSES, "Course updated successfully");
    expect((await courses()).find((c) => c.id === row.id)).toMatchObject({
      test_series_id: id,
      price: null,
      original_price: null,
      tests: null,
      students: null,
    });
  });

  it("refuses to delete a series courses are sold as, naming them; nothing changes", async () => {
    const id = await seriesIdOf("BPCL Mock Tests");
    const before = [await snapshot(), await series(), await courses(), await aliases()];
    const answer = await post({ intent: "delete", table: "test-series", id: String(id) });
    expect(answer).toMatchObject({
      kind: "data",
      status: 409,
      data: { ok: false, formError: m.seriesSection.soldAs(["GATE CH Weekend Batch"]) },
    });
    if (answer.kind === "data") {
      expect(answer.data.formError).toMatch(/cannot be deleted: a course is sold as it \(GATE CH Weekend Batch\)/);
    }
    const seeded = await post({ intent: "delete", table: "test-series", id: "1" });
    expect(seeded).toMatchObject({ kind: "data", status: 409 });
    if (seeded.kind === "data") expect(seeded.data.formError).toContain(titles.gateCourse);
    expect([await snapshot(), await series(), await courses(), await aliases()]).toEqual(before);
    expect((await lastAudit()).action).not.toBe("delete");
  });

  it("deletes a series once no course is sold as it, with its earlier titles", async () => {
    const id = await seriesIdOf("BPCL Mock Tests");
    const row = (await courses()).find((c) => c.title === "GATE CH Weekend Batch")!;
    // Sold on its own again, the form asks for its own figures.
    expectRefused(await post(validCourse({ intent: "update", id: String(row.id), price: "" })), {
      price: /Price is required/,
    });
    expectSaved(await post(validCourse({ intent: "update", id: String(row.id) })), COURSES, m.courseSection.updated);
    expectSaved(
      await post({ intent: "delete", table: "test-series", id: String(id) }),
      PATH,
      "Test series deleted successfully",
    );
    expect(await lastAudit()).toMatchObject({ action: "delete", entity: "test_series", entity_id: String(id) });
    expect(await aliases()).toEqual([]);
    expect((await courses()).find((c) => c.id === row.id)).toMatchObject({ test_series_id: null, price: 2999 });
    const again = await post({ intent: "delete", table: "test-series", id: String(id) });
    expect(again).toMatchObject({ kind: "data", status: 404, data: { formError: "Failed to delete test series" } });
  });

  it("refuses a paid course sold on its own at ₹0", async () => {
    expectRefused(await post(validCourse({ price: "0", original_price: "0" })), {
      price: /A paid course needs a price of at least ₹1/,
    });
  });

  it.each([
    ["left at ₹0 by a deleted series (before issue 42)", 0],
    ["without a price of its own", null],
  ])("never offers a course %s: not on the list, its page, JSON-LD or search", async (_case, price) => {
    const row = (await courses()).find((c) => c.title === "GATE CH Weekend Batch")!;
    const own = { price, original_price: price, tests: price, students: price, test_series_id: null };
    await db().updateTable("courses").set(own).where("id", "=", row.id).execute();
    try {
      const list = await coursesLoader(pageArgs("/courses"));
      expect(list.courses.map((c) => c.id)).not.toContain(row.id);
      expect(list.courses.length).toBeGreaterThan(0);
      const page = await openCourse(row.id);
      expect(page).toMatchObject({ data: { course: null }, init: { status: 404 } });
      expect(JSON.stringify(courseJsonLdOf(page))).not.toMatch(/Offer|"price"/);
      const found = await searchFor("Weekend Batch");
      expect(JSON.stringify(found)).not.toContain("GATE CH Weekend Batch");
      // Priced again, it is on sale again: the test would pass for a page that lists nothing.
      await db()
        .updateTable("courses")
        .set({ price: 2999, original_price: 4999, tests: 40, students: 120 })
        .where("id", "=", row.id)
        .execute();
      expect((await coursesLoader(pageArgs("/courses"))).courses.map((c) => c.id)).toContain(row.id);
      expect(JSON.stringify(courseJsonLdOf(await openCourse(row.id)))).toMatch(/"@type":"Offer".*"price":2999/);
      expect(JSON.stringify(await searchFor("Weekend Batch"))).toContain("GATE CH Weekend Batch");
    } finally {
      await db()
        .updateTable("courses")
        .set({ price: 2999, original_price: 4999, tests: 40, students: 120 })
        .where("id", "=", row.id)
        .execute();
    }
  });

  it("deletes a course, with its audit row; the page is then not found", async () => {
    const row = (await courses()).find((c) => c.title === "GATE CH Weekend Batch")!;
    expectSaved(
      await post({ intent: "delete", table: "courses", id: String(row.id) }),
      COURSES,
      m.courseSection.deleted,
    );
    expect(await lastAudit()).toMatchObject({ action: "delete", entity: "courses", entity_id: String(row.id) });
    expect(await openCourse(row.id)).toMatchObject({ data: { course: null }, init: { status: 404 } });
  });
});
