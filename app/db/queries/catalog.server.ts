import type { ExpressionBuilder } from "kysely";
import { matchTestSeries, parseId, titleKeys } from "~/core/test-series-title";
import type { DB } from "../client.server";
import type { Database } from "../schema";

// The catalogue's public reads (spec §3, issue 26): paid courses, free sample courses and test
// series, the active ones only, each function selecting the columns its pages render. A course
// sold as a test series (test_series_id) reads its price, original price, tests, students and
// purchase URL from the series, here and nowhere else, so no two pages can disagree about one
// product; it is on sale while the series is. A course sold on its own is on sale only with a
// price of its own (issue 42: one without was offered at ₹0). The admin's reads and writes are in
// catalog-writes.server.ts.

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
