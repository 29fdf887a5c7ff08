import { sql, type Insertable } from "kysely";
import { nextGateYear } from "~/core/gate-cycle";
import { istDate, type CalendarDate } from "~/core/ist";
import { anyTable } from "../any-table.server";
import { isPostgres, type DB } from "../client.server";
import type { CoursesTable, Database, TestSeriesTable } from "../schema";

// The spec's catalogue (§3 "Course" and "Test series", prices and figures from §9), the first
// time a site starts: after that staff keep it in the Catalogue manager (issue 26), and a start
// never writes over their changes. The products are named for the next GATE cycle on the day the
// catalogue is first written, so a demo started in November 2026 sells GATE 2027 and IOCL-2027.
// Rows carry explicit ids: the paid courses are /course/2 and /course/3 (§2), and each is the same
// product as one test series (test_series_id), whose price and figures it shows.

const learningApp = "https://learn.gatechacademy.in/s/store/courses";

type CourseRow = Omit<Insertable<CoursesTable>, "created_at" | "updated_at" | "learn_points"> & {
  id: number;
  learn_points: string[];
};
type TestSeriesRow = Omit<Insertable<TestSeriesTable>, "created_at" | "updated_at" | "features"> & {
  id: number;
  features: string[];
};

/** The titles of the two products for the GATE cycle of `year`: "GATE 2027", "IOCL-2027". */
export function seededTitles(year: number) {
  return {
    gateSeries: `GATE ${year}`,
    ioclSeries: `IOCL-${year}`,
    gateCourse: `GATE ${year} Chemical Engineering (CH) Test Series`,
    ioclCourse: `IOCL-${year} Chemical Engineering Test Series`,
  };
}

/** The catalogue's year on a day in India: the next GATE. */
export const catalogueYear = (today: CalendarDate = istDate()) => nextGateYear(today);

const gateDescription = (year: number) =>
  `The complete online test series for GATE ${year} Chemical Engineering (CH). Full-length mock tests in the ` +
  "real GATE interface, topicwise tests for every subject from Process Calculations and Thermodynamics to " +
  "Plant Design and Economics, mixed subjectwise tests and previous-year GATE CH papers, each with detailed " +
  "solutions and performance analytics.";

const ioclDescription = (year: number) =>
  `Full-length practice tests for the IOCL ${year} recruitment exam, written for Chemical Engineering ` +
  "candidates. Technical and aptitude questions on the latest pattern, with detailed solutions and " +
  "performance analytics after every test.";

/** The two test series of §9, for the GATE cycle of `year`. */
export function fixedTestSeries(year: number): TestSeriesRow[] {
  const titles = seededTitles(year);
  return [
    {
      id: 1,
      title: titles.gateSeries,
      price: 1499,
      original_price: 3010,
      tests: 150,
      students: 1200,
      validity_months: 12,
      description: gateDescription(year),
      // §9: 25 full-length, 80 topicwise, 10 mixed subjectwise and 15 previous-year tests.
      features: ["25 Full-Length Tests", "80 Topicwise Tests", "10 Mixed Subjectwise Tests", "15 Previous-Year Tests"],
      purchase_url: `${learningApp}/gate-ch-test-series`,
      image: "/images/catalog/gate-ch.svg",
      display_order: 1,
    },
    {
      id: 2,
      title: titles.ioclSeries,
      price: 499,
      original_price: 1009,
      tests: 15,
      students: 1000,
      validity_months: 12,
      description: ioclDescription(year),
      // §9: 15 full-length tests plus question types.
      features: [
        "15 Full-Length Tests",
        "Chemical Engineering technical questions",
        "General aptitude and reasoning questions",
      ],
      // No purchase page yet (as the spec's course 3): every page offers Buy on WhatsApp instead.
      purchase_url: null,
      image: "/images/catalog/iocl.svg",
      display_order: 2,
    },
  ];
}

/**
 * The courses of §3: the paid ones (2 and 3) are the two test series sold as courses, so their own
 * price and figures are kept equal to the series' but never shown; then two free samples.
 */
export function fixedCourses(year: number): CourseRow[] {
  const [gate, iocl] = fixedTestSeries(year) as [TestSeriesRow, TestSeriesRow];
  const figures = ({ price, original_price, tests, students, purchase_url }: TestSeriesRow) => ({
    price,
    original_price,
    tests,
    students,
    purchase_url,
  });
  const titles = seededTitles(year);
  return [
    {
      id: 2,
      title: titles.gateCourse,
      is_free: false,
      test_series_id: gate.id,
      ...figures(gate),
      duration: "12 months",
      expiry: "1 year from purchase",
      videos: 60,
      description: gateDescription(year),
      learn_points: [
        "Attempt full-length GATE CH mocks in the real exam interface and time limit",
        "Cover every subject, from Process Calculations to Plant Design and Economics, with topicwise tests",
        "Work through previous-year GATE CH questions with step-by-step solutions",
        "Manage your time across MCQ, MSQ and numerical answer (NAT) questions",
        "Find your weak topics with accuracy, speed and rank analytics",
      ],
      image: gate.image,
      display_order: 1,
    },
    {
      id: 3,
      title: titles.ioclCourse,
      is_free: false,
      test_series_id: iocl.id,
      ...figures(iocl),
      duration: "12 months",
      expiry: "1 year from purchase",
      videos: 15,
      description: ioclDescription(year),
      learn_points: [
        "Practise the technical Chemical Engineering questions asked in IOCL recruitment exams",
        "Sharpen general aptitude and reasoning for the non-technical section",
        "Build exam speed with 15 full-length timed tests",
        "Review every answer with detailed solutions",
      ],
      image: iocl.image,
      display_order: 2,
    },
    {
      id: 4,
      title: "GATE CH Crash Course: Fluid Mechanics (Free)",
      is_free: true,
      test_series_id: null,
      price: 0,
      original_price: 0,
      tests: 5,
      students: 50000,
      duration: "3 weeks",
      expiry: "Lifetime access",
      videos: 12,
      description:
        "A free sample of our teaching: short video lessons on fluid statics, Bernoulli's equation, flow " +
        "through pipes, pumps and flow measurement, with GATE-style practice tests.",
      learn_points: [
        "Apply Bernoulli's equation and energy balances to GATE problems",
        "Estimate friction losses in pipes and fittings",
        "Choose and size pumps and flow meters",
      ],
      purchase_url: `${learningApp}/gate-ch-fluid-mechanics-free`,
      image: "/images/catalog/fluid-mechanics-free.svg",
      display_order: 1,
    },
    {
      id: 5,
      title: "Aptitude for GATE & PSUs (Free)",
      is_free: true,
      test_series_id: null,
      price: 0,
      original_price: 0,
      tests: 10,
      students: 35000,
      duration: "4 weeks",
      expiry: "Lifetime access",
      videos: 20,
      description:
        "The General Aptitude section carries 15 marks in GATE and appears in every PSU exam. Free lessons " +
        "and timed practice tests on verbal, quantitative, analytical and spatial aptitude.",
      learn_points: [
        "Solve quantitative aptitude questions quickly and accurately",
        "Handle verbal ability and reading comprehension with confidence",
        "Crack analytical and spatial reasoning puzzles",
      ],
      purchase_url: `${learningApp}/aptitude-gate-psu-free`,
      image: "/images/catalog/aptitude-free.svg",
      display_order: 2,
    },
  ];
}

/** Whether the catalogue has no row yet: it is written once, then it is the staff's. */
async function catalogueIsEmpty(db: DB) {
  const [series, course] = await Promise.all([
    db.selectFrom("test_series").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("courses").select("id").limit(1).executeTakeFirst(),
  ]);
  return !series && !course;
}

/**
 * Rows inserted with explicit ids leave PostgreSQL's identity behind: move it past them, so the
 * next row the manager adds gets a free id. (SQLite's autoincrement follows by itself.)
 */
async function identityPastSeededIds(db: DB, table: "test_series" | "courses") {
  if (!isPostgres(db)) return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
    db,
  );
}

/**
 * Writes the catalogue into an empty database, named for the next GATE cycle on `today` (India).
 * Once any course or test series exists it writes nothing: staff's edits are never overwritten.
 */
export async function seedFixedData(db: DB, today: CalendarDate = istDate()) {
  await db.transaction().execute(async (trx) => {
    if (!(await catalogueIsEmpty(trx))) return;
    const year = catalogueYear(today);
    const now = new Date().toISOString();
    const stamps = { created_at: now, updated_at: now };
    const insert = <Table extends "test_series" | "courses">(table: Table, rows: Insertable<Database[Table]>[]) =>
      anyTable(trx)
        .insertInto(table as string)
        .values(rows)
        // Two instances starting at once on an empty database: the second writes nothing.
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    await insert(
      "test_series",
      fixedTestSeries(year).map((row) => ({ ...row, features: JSON.stringify(row.features), ...stamps })),
    );
    await insert(
      "courses",
      fixedCourses(year).map((row) => ({ ...row, learn_points: JSON.stringify(row.learn_points), ...stamps })),
    );
    await identityPastSeededIds(trx, "test_series");
    await identityPastSeededIds(trx, "courses");
  });
}
