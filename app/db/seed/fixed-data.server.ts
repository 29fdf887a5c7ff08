import type { Insertable } from "kysely";
import { anyTable } from "../any-table.server";
import type { DB } from "../client.server";
import type { CoursesTable, Database, TestSeriesTable } from "../schema";

// The spec's fixed catalogue (§3 "Course" and "Test series", figures from §9). Rows carry
// explicit ids so the course detail route keeps its ids 2 and 3 (§2) and re-seeding at every
// start updates the same rows instead of adding new ones.

const learningApp = "https://learn.gatechacademy.in/s/store/courses";

type CourseRow = Omit<Insertable<CoursesTable>, "created_at" | "updated_at" | "learn_points"> & {
  id: number;
  learn_points: string[];
};
type TestSeriesRow = Omit<Insertable<TestSeriesTable>, "created_at" | "updated_at" | "features"> & {
  id: number;
  features: string[];
};

const gateDescription =
  "The complete online test series for GATE 2026 Chemical Engineering (CH). Full-length mock tests in the " +
  "real GATE interface, topicwise tests for every subject from Process Calculations and Thermodynamics to " +
  "Plant Design and Economics, mixed subjectwise tests and previous-year GATE CH papers, each with detailed " +
  "solutions and performance analytics.";

const ioclDescription =
  "Full-length practice tests for the IOCL 2025 recruitment exam, written for Chemical Engineering " +
  "candidates. Technical and aptitude questions on the latest pattern, with detailed solutions and " +
  "performance analytics after every test.";

export const fixedTestSeries: readonly TestSeriesRow[] = [
  {
    id: 1,
    title: "GATE 2026",
    price: 1499,
    original_price: 3010,
    discount_percent: 47,
    tests: 150,
    students: 1200,
    validity_months: 12,
    description: gateDescription,
    // §9: 25 full-length, 80 topicwise, 10 mixed subjectwise and 15 previous-year tests.
    features: ["25 Full-Length Tests", "80 Topicwise Tests", "10 Mixed Subjectwise Tests", "15 Previous-Year Tests"],
    purchase_url: `${learningApp}/gate-2026`,
    image: "/images/catalog/gate-2026-ch.svg",
    display_order: 1,
  },
  {
    id: 2,
    title: "IOCL-2025",
    price: 499,
    original_price: 1009,
    discount_percent: 51,
    tests: 15,
    students: 1000,
    validity_months: 12,
    description: ioclDescription,
    // §9: 15 full-length tests plus question types.
    features: [
      "15 Full-Length Tests",
      "Chemical Engineering technical questions",
      "General aptitude and reasoning questions",
    ],
    purchase_url: `${learningApp}/iocl-2025`,
    image: "/images/catalog/iocl-2025.svg",
    display_order: 2,
  },
];

export const fixedCourses: readonly CourseRow[] = [
  {
    id: 2,
    title: "GATE 2026 Chemical Engineering (CH) Test Series",
    is_free: false,
    price: 1499,
    original_price: 3010,
    discount_percent: 47,
    tests: 150,
    students: 1200,
    duration: "12 months",
    expiry: "1 year from purchase",
    videos: 60,
    description: gateDescription,
    learn_points: [
      "Attempt full-length GATE CH mocks in the real exam interface and time limit",
      "Cover every subject, from Process Calculations to Plant Design and Economics, with topicwise tests",
      "Work through previous-year GATE CH questions with step-by-step solutions",
      "Manage your time across MCQ, MSQ and numerical answer (NAT) questions",
      "Find your weak topics with accuracy, speed and rank analytics",
    ],
    purchase_url: `${learningApp}/gate-2026`,
    image: "/images/catalog/gate-2026-ch.svg",
    display_order: 1,
  },
  {
    id: 3,
    title: "IOCL-2025 Chemical Engineering Test Series",
    is_free: false,
    price: 499,
    original_price: 1009,
    discount_percent: 51,
    tests: 15,
    students: 1000,
    duration: "12 months",
    expiry: "1 year from purchase",
    videos: 15,
    description: ioclDescription,
    learn_points: [
      "Practise the technical Chemical Engineering questions asked in IOCL recruitment exams",
      "Sharpen general aptitude and reasoning for the non-technical section",
      "Build exam speed with 15 full-length timed tests",
      "Review every answer with detailed solutions",
    ],
    // No purchase page yet: Buy Now falls back to this course's detail page (§2, §8).
    purchase_url: null,
    image: "/images/catalog/iocl-2025.svg",
    display_order: 2,
  },
  {
    id: 4,
    title: "GATE CH Crash Course: Fluid Mechanics (Free)",
    is_free: true,
    price: 0,
    original_price: 0,
    discount_percent: 0,
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
    price: 0,
    original_price: 0,
    discount_percent: 0,
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

/**
 * Inserts the rows, or overwrites every column but created_at of those whose id exists: an edit of
 * the figures above reaches the database at the next start.
 */
async function upsertById<Table extends "test_series" | "courses">(
  db: DB,
  table: Table,
  rows: Insertable<Database[Table]>[],
) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (column) => column !== "id" && column !== "created_at",
  );
  await anyTable(db)
    .insertInto(table as string)
    .values(rows)
    .onConflict((oc) =>
      oc
        .column("id")
        .doUpdateSet((eb) => Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)]))),
    )
    .execute();
}

/** Writes the fixed courses and test series. Idempotent: a second run leaves the same rows. */
export async function seedFixedData(db: DB) {
  const now = new Date().toISOString();
  const stamps = { created_at: now, updated_at: now };
  await upsertById(
    db,
    "test_series",
    fixedTestSeries.map((row) => ({ ...row, features: JSON.stringify(row.features), ...stamps })),
  );
  await upsertById(
    db,
    "courses",
    fixedCourses.map((row) => ({ ...row, learn_points: JSON.stringify(row.learn_points), ...stamps })),
  );
}
