import { sql, type ExpressionBuilder, type Transaction } from "kysely";
import type { ListQuery } from "~/core/list-query";
import { matchTestSeries, normaliseTitle, parseId, titleKeys } from "~/core/test-series-title";
import { readListPage, setActiveAudited, type ListColumns } from "../admin-list.server";
import { ADMIN_LIST_LIMIT, auditedWrite, deleteAudited, type AdminActor } from "../audited-write.server";
import { isPostgres, type DB } from "../client.server";
import type { Database } from "../schema";
import type { AuditDetails } from "./audit-log.server";

// The catalogue's public reads (spec §3, issue 26): paid courses, free sample courses and test
// series, the active ones only, each function selecting the columns its pages render. A course
// sold as a test series (test_series_id) reads its price, original price, tests, students and
// purchase URL from the series, here and nowhere else, so no two pages can disagree about one
// product; it is on sale while the series is. A course sold on its own is on sale only with a
// price of its own (issue 42: one without was offered at ₹0).
//
// Then the catalogue manager's reads and writes (issue 26): every course and test series, active
// or not, and their audited create, update and delete. Renaming a test series keeps its earlier
// title (test_series_aliases) in the same transaction, so links to it keep answering; deleting one
// takes its earlier titles with it (cascade), and is refused while courses are sold as it.

/** learn_points and features are JSON arrays of strings; anything else reads as empty. */
export function parseStringList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

type CourseRow = ExpressionBuilder<Database & { c: Database["courses"]; s: Database["test_series"] }, "c" | "s">;

/** The figures a course shows: the linked series' when it is sold as one, else its own. */
function effectiveFigures(eb: CourseRow) {
  return [
    eb.fn.coalesce("s.price", "c.price").as("price"),
    eb.fn.coalesce("s.original_price", "c.original_price").as("original_price"),
    eb.fn.coalesce("s.tests", "c.tests").as("tests"),
    eb.fn.coalesce("s.students", "c.students").as("students"),
    // The series' purchase URL even when it has none: never the course's own, which is not shown.
    eb
      .case()
      .when("s.id", "is not", null)
      .then(eb.ref("s.purchase_url"))
      .else(eb.ref("c.purchase_url"))
      .end()
      .as("purchase_url"),
  ] as const;
}

/** What effectiveFigures gives a course on sale (paidCourses): never an empty figure. */
type Figures = { price: number; original_price: number; tests: number; students: number };

/**
 * The active paid courses on sale (the free samples have pages of their own, spec §2): those
 * sold as an active test series, and those sold on their own with a price of at least ₹1 and
 * each figure. Every public read of a paid course (list, home, detail page and its JSON-LD,
 * search, sitemap) starts here, so a course without a price is on none of them.
 */
function paidCourses(db: DB) {
  return db
    .selectFrom("courses as c")
    .leftJoin("test_series as s", "s.id", "c.test_series_id")
    .where("c.is_free", "=", false)
    .where("c.is_active", "=", true)
    .where((eb) =>
      eb.or([
        eb("s.is_active", "=", true),
        eb.and([
          eb("c.test_series_id", "is", null),
          eb("c.price", ">", 0),
          eb("c.original_price", "is not", null),
          eb("c.tests", "is not", null),
          eb("c.students", "is not", null),
        ]),
      ]),
    );
}

/** What a paid course's card shows; its detail page shows more. */
const courseCardColumns = ["c.id", "c.title", "c.image", "c.duration", "c.videos", "c.test_series_id"] as const;

/** The paid courses for /courses and the home page, in display order. */
export function listCourses(db: DB) {
  return paidCourses(db)
    .select(courseCardColumns)
    .select(effectiveFigures)
    .$narrowType<Figures>()
    .orderBy("c.display_order")
    .orderBy("c.id")
    .execute();
}

export type CourseCardData = Awaited<ReturnType<typeof listCourses>>[number];

/** The active free sample courses for /free-courses, in display order. */
export function listFreeCourses(db: DB) {
  return (
    db
      .selectFrom("courses")
      .select(["id", "title", "description", "image", "purchase_url", "tests", "students", "videos", "duration"])
      .where("is_free", "=", true)
      .where("is_active", "=", true)
      // The form asks a free course for its tests and students; a row without them is not listed.
      .where("tests", "is not", null)
      .where("students", "is not", null)
      .$narrowType<Pick<Figures, "tests" | "students">>()
      .orderBy("display_order")
      .orderBy("id")
      .execute()
  );
}

export type FreeCourseCardData = Awaited<ReturnType<typeof listFreeCourses>>[number];

/** One active paid course for /course/:id, or null: free sample courses have no detail page. */
export async function getCourse(db: DB, id: number) {
  const row = await paidCourses(db)
    .select([...courseCardColumns, "c.description", "c.learn_points", "c.expiry"])
    .select(effectiveFigures)
    .$narrowType<Figures>()
    .where("c.id", "=", id)
    .executeTakeFirst();
  return row ? { ...row, learn_points: parseStringList(row.learn_points) } : null;
}

export type CourseDetailData = NonNullable<Awaited<ReturnType<typeof getCourse>>>;

/** The active test series with what the list, detail and home pages show, in display order. */
export async function listTestSeries(db: DB) {
  const rows = await db
    .selectFrom("test_series")
    .select([
      "id",
      "title",
      "description",
      "price",
      "original_price",
      "tests",
      "students",
      "validity_months",
      "features",
      "image",
      "purchase_url",
    ])
    .where("is_active", "=", true)
    .orderBy("display_order")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, features: parseStringList(row.features) }));
}

export type TestSeriesData = Awaited<ReturnType<typeof listTestSeries>>[number];

/**
 * The active test series a /test-series/:param URL names: its current title (any case), its id,
 * or one of its earlier titles (test_series_aliases). The page redirects all but the current
 * title's own encoding to that.
 */
export async function findTestSeries(db: DB, param: string) {
  const list = await listTestSeries(db);
  const found = matchTestSeries(param, list);
  if (found || parseId(param) !== null) return found;
  const alias = await db
    .selectFrom("test_series_aliases")
    .select("test_series_id")
    .where("alias", "in", titleKeys(param))
    .executeTakeFirst();
  return alias ? list.find((series) => series.id === alias.test_series_id) : undefined;
}

/** Titles of everything /search looks through: the paid courses and the test series (spec §2). */
export async function listSearchableCatalog(db: DB) {
  const [courses, testSeries] = await Promise.all([
    paidCourses(db)
      .select(["c.id", "c.title"])
      .select((eb) => effectiveFigures(eb)[0])
      .$narrowType<Pick<Figures, "price">>()
      .orderBy("c.display_order")
      .orderBy("c.id")
      .execute(),
    db
      .selectFrom("test_series")
      .select(["id", "title", "price"])
      .where("is_active", "=", true)
      .orderBy("display_order")
      .orderBy("id")
      .execute(),
  ]);
  return [
    ...courses.map((row) => ({ kind: "course" as const, ...row })),
    ...testSeries.map((row) => ({ kind: "test-series" as const, ...row })),
  ];
}

// --- the catalogue manager (admin) ----------------------------------------------------------

/** Lines of a JSON list, as the form's textarea shows them. */
const asLines = (json: string) => parseStringList(json).join("\n");

const seriesColumns = [
  "id",
  "title",
  "price",
  "original_price",
  "tests",
  "students",
  "validity_months",
  "description",
  "purchase_url",
  "features",
  "image",
  "display_order",
  "is_active",
] as const;

/** Every test series, for the manager's table and form. */
export async function listTestSeriesForAdmin(db: DB) {
  const rows = await db
    .selectFrom("test_series")
    .select(seriesColumns)
    .orderBy("display_order")
    .orderBy("id")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({ ...row, features: asLines(row.features) }));
}

export type AdminTestSeries = Awaited<ReturnType<typeof listTestSeriesForAdmin>>[number];

/** The catalogue's lists (issue 48): searched in the title and description, by Active, sorted. */
const catalogueColumns = (alias: string): ListColumns => ({
  id: `${alias}.id`,
  search: [`${alias}.title`, `${alias}.description`],
  sorts: {
    order: { column: `${alias}.display_order` },
    title: { column: `${alias}.title` },
    price: { column: `${alias}.price`, nullable: true },
    updated: { column: `${alias}.updated_at` },
  },
  active: `${alias}.is_active`,
});

/** One page of the test series as the manager's view says (issue 48). */
export async function pageTestSeriesForAdmin(db: DB, list: ListQuery) {
  const query = db.selectFrom("test_series as s").select(seriesColumns.map((column) => `s.${column}` as const));
  const page = await readListPage(query, list, catalogueColumns("s"));
  return { ...page, items: page.items.map((row) => ({ ...row, features: asLines(row.features) })) };
}

/** Shows or hides a test series (a bulk action). False when no such series exists. */
export function setTestSeriesActive(db: DB, actor: AdminActor, id: number, active: boolean, now = new Date()) {
  return setActiveAudited(db, actor, "test_series", id, active, "title", now);
}

/** Shows or hides a course (a bulk action). False when no such course exists. */
export function setCourseActive(db: DB, actor: AdminActor, id: number, active: boolean, now = new Date()) {
  return setActiveAudited(db, actor, "courses", id, active, "title", now);
}

/** The courses, each with the title of the test series it is sold as. */
const adminCourses = (db: DB) =>
  db
    .selectFrom("courses as c")
    .leftJoin("test_series as s", "s.id", "c.test_series_id")
    .select([
      "c.id",
      "c.title",
      "c.is_free",
      "c.test_series_id",
      "s.title as series_title",
      "c.price",
      "c.original_price",
      "c.tests",
      "c.students",
      "c.duration",
      "c.expiry",
      "c.videos",
      "c.learn_points",
      "c.description",
      "c.purchase_url",
      "c.image",
      "c.display_order",
      "c.is_active",
    ]);

/** One page of the courses as the manager's view says (issue 48); ?free=1 or 0 too. */
export async function pageCoursesForAdmin(db: DB, list: ListQuery) {
  let query = adminCourses(db);
  if (list.filters.free) query = query.where("c.is_free", "=", list.filters.free === "1");
  const page = await readListPage(query, list, catalogueColumns("c"));
  return { ...page, items: page.items.map((row) => ({ ...row, learn_points: asLines(row.learn_points) })) };
}

/** Every course, with the title of the test series it is sold as, for the manager. */
export async function listCoursesForAdmin(db: DB) {
  const rows = await adminCourses(db)
    .orderBy("c.is_free")
    .orderBy("c.display_order")
    .orderBy("c.id")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({ ...row, learn_points: asLines(row.learn_points) }));
}

export type AdminCourse = Awaited<ReturnType<typeof listCoursesForAdmin>>[number];

/** Whether another test series has this title, in any case: their URLs would be one. */
export async function testSeriesTitleTaken(db: DB, title: string, exceptId: number | null) {
  let query = db
    .selectFrom("test_series")
    .select("id")
    .where(sql<string>`lower(title)`, "=", normaliseTitle(title));
  if (exceptId !== null) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Whether a test series with this id exists (a course's chosen series). */
export async function testSeriesExists(db: DB, id: number) {
  return (await db.selectFrom("test_series").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** What the test series form sets. */
export interface TestSeriesFields {
  title: string;
  price: number;
  original_price: number;
  tests: number;
  students: number;
  validity_months: number;
  description: string;
  purchase_url: string | null;
  features: string[];
  image: string;
  display_order: number;
  is_active: boolean;
}

/** What the course form sets. Sold as a test series, its own figures may be empty (null). */
export interface CourseFields {
  title: string;
  is_free: boolean;
  test_series_id: number | null;
  price: number | null;
  original_price: number | null;
  tests: number | null;
  students: number | null;
  duration: string;
  expiry: string;
  videos: number;
  learn_points: string[];
  description: string;
  purchase_url: string | null;
  image: string;
  display_order: number;
  is_active: boolean;
}

/** A title is its series' own: no earlier title of any series answers for it any more. */
function releaseAlias(trx: Transaction<Database>, title: string) {
  return trx.deleteFrom("test_series_aliases").where("alias", "=", normaliseTitle(title)).execute();
}

/** Creates a test series, claiming the submission first. Returns the new id. */
export function createTestSeries(db: DB, actor: AdminActor, input: TestSeriesFields, now = new Date()) {
  return auditedWrite(db, actor, "test_series", now, async ({ trx, claim, insert }) => {
    await claim("create");
    await releaseAlias(trx, input.title);
    const id = await insert("test_series", { ...input, features: JSON.stringify(input.features) });
    return { result: id, audit: { action: "create", entityId: id, details: { title: input.title } } };
  });
}

/**
 * Updates a test series. A new title keeps the old one as an alias of this series (the most recent
 * series to have had a title owns its old URL). False when no such series exists.
 */
export function updateTestSeries(db: DB, actor: AdminActor, id: number, input: TestSeriesFields, now = new Date()) {
  return auditedWrite(db, actor, "test_series", now, async ({ trx, update }) => {
    const before = await trx.selectFrom("test_series").select("title").where("id", "=", id).executeTakeFirst();
    if (!before) return { result: false };
    await update("test_series", id, { ...input, features: JSON.stringify(input.features) });
    await releaseAlias(trx, input.title);
    const renamed = normaliseTitle(before.title) !== normaliseTitle(input.title);
    if (renamed) {
      await trx
        .insertInto("test_series_aliases")
        .values({ alias: normaliseTitle(before.title), test_series_id: id })
        .onConflict((oc) => oc.column("alias").doUpdateSet({ test_series_id: id }))
        .execute();
    }
    const details: AuditDetails = renamed
      ? { title: input.title, previous_title: before.title }
      : { title: input.title };
    return { result: true, audit: { action: "update", entityId: id, details } };
  });
}

/**
 * Deletes a test series with its earlier titles, unless courses are sold as it (issue 42: they
 * went on sale at a price they do not have). `soldAs` names those courses, and then nothing
 * changed; `deleted` is false with none when no such series exists.
 */
export function deleteTestSeries(
  db: DB,
  actor: AdminActor,
  id: number,
  now = new Date(),
): Promise<{ deleted: boolean; soldAs: string[] }> {
  return auditedWrite<{ deleted: boolean; soldAs: string[] }>(
    db,
    actor,
    "test_series",
    now,
    async ({ trx, remove }) => {
      // On PostgreSQL the row lock waits for a course being sold as this series to commit (its
      // foreign key check holds a key-share lock), so the list below sees it; a course saved after
      // it fails its foreign key. SQLite runs one write at a time.
      let lookup = trx.selectFrom("test_series").select("title").where("id", "=", id);
      if (isPostgres(trx)) lookup = lookup.forUpdate();
      const series = await lookup.executeTakeFirst();
      if (!series) return { result: { deleted: false, soldAs: [] } };
      const sold = await trx
        .selectFrom("courses")
        .select("title")
        .where("test_series_id", "=", id)
        .orderBy("display_order")
        .orderBy("id")
        .execute();
      if (sold.length > 0) return { result: { deleted: false, soldAs: sold.map((course) => course.title) } };
      // Into the trash (issue 48); its earlier titles go with it.
      await remove("test_series", id);
      return {
        result: { deleted: true, soldAs: [] },
        audit: { action: "delete", entityId: id, details: { title: series.title } },
      };
    },
  );
}

const courseValues = (input: CourseFields) => ({ ...input, learn_points: JSON.stringify(input.learn_points) });

/** Creates a course, claiming the submission first. Returns the new id. */
export function createCourse(db: DB, actor: AdminActor, input: CourseFields, now = new Date()) {
  return auditedWrite(db, actor, "courses", now, async ({ claim, insert }) => {
    await claim("create");
    const id = await insert("courses", courseValues(input));
    return { result: id, audit: { action: "create", entityId: id, details: { title: input.title } } };
  });
}

/** Updates a course. False when no such course exists. */
export function updateCourse(db: DB, actor: AdminActor, id: number, input: CourseFields, now = new Date()) {
  return auditedWrite(db, actor, "courses", now, async ({ update }) => {
    if (!(await update("courses", id, courseValues(input)))) return { result: false };
    return { result: true, audit: { action: "update", entityId: id, details: { title: input.title } } };
  });
}

/** Deletes a course. False when no such course exists. */
export function deleteCourse(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return deleteAudited(db, actor, "courses", id, "title", now);
}
