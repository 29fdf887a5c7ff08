import type { DB } from "../client.server";

// The fixed catalogue (spec §3): paid courses (ids 2 and 3), free sample courses and test
// series. Each function selects the columns its pages render.

/** learn_points and features are JSON arrays of strings; anything else reads as empty. */
function parseStringList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** The paid courses; the free samples have pages of their own (spec §2). */
function paidCourses(db: DB) {
  return db.selectFrom("courses").where("is_free", "=", false);
}

/** What a paid course's card shows; its detail page shows more. */
const courseCardColumns = [
  "id",
  "title",
  "price",
  "original_price",
  "discount_percent",
  "image",
  "purchase_url",
  "tests",
  "students",
  "duration",
  "videos",
] as const;

/** The paid courses for /courses and the home page, in display order. */
export function listCourses(db: DB) {
  return paidCourses(db).select(courseCardColumns).orderBy("display_order").orderBy("id").execute();
}

export type CourseCardData = Awaited<ReturnType<typeof listCourses>>[number];

/** The free sample courses for /free-courses, in display order. */
export function listFreeCourses(db: DB) {
  return db
    .selectFrom("courses")
    .select(["id", "title", "description", "image", "purchase_url", "tests", "students", "videos", "duration"])
    .where("is_free", "=", true)
    .orderBy("display_order")
    .orderBy("id")
    .execute();
}

export type FreeCourseCardData = Awaited<ReturnType<typeof listFreeCourses>>[number];

/**
 * One paid course for /course/:id, or null. Only the fixed paid list has detail pages (spec §2:
 * "finds the course in a fixed list (ids 2 and 3)"); free sample courses do not.
 */
export async function getCourse(db: DB, id: number) {
  const row = await paidCourses(db)
    .select([...courseCardColumns, "description", "learn_points", "expiry"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { ...row, learn_points: parseStringList(row.learn_points) } : null;
}

export type CourseDetailData = NonNullable<Awaited<ReturnType<typeof getCourse>>>;

/** Test series with what the list, detail and home pages show, in display order. */
export async function listTestSeries(db: DB) {
  const rows = await db
    .selectFrom("test_series")
    .select([
      "id",
      "title",
      "description",
      "price",
      "original_price",
      "discount_percent",
      "tests",
      "features",
      "image",
      "purchase_url",
    ])
    .orderBy("display_order")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, features: parseStringList(row.features) }));
}

export type TestSeriesData = Awaited<ReturnType<typeof listTestSeries>>[number];

/** Titles of everything /search looks through: the paid courses and the test series (spec §2). */
export async function listSearchableCatalog(db: DB) {
  const [courses, testSeries] = await Promise.all([
    paidCourses(db).select(["id", "title", "price", "original_price"]).orderBy("display_order").orderBy("id").execute(),
    db
      .selectFrom("test_series")
      .select(["id", "title", "price", "original_price"])
      .orderBy("display_order")
      .orderBy("id")
      .execute(),
  ]);
  return [
    ...courses.map((row) => ({ kind: "course" as const, ...row })),
    ...testSeries.map((row) => ({ kind: "test-series" as const, ...row })),
  ];
}
