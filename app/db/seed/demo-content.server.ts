import { avatarFromName } from "~/core/avatar";
import { latestGateResultYear, nextGateYear } from "~/core/gate-cycle";
import { addDays, istDate, type CalendarDate } from "~/core/ist";
import { slugify } from "~/core/slug";
import { anyTable } from "../any-table.server";
import type { DB } from "../client.server";
import type { JobSelectionMode } from "../schema";
import { catalogueYear, seededTitles } from "./fixed-data.server";
import { seedGateReference } from "./gate-reference.server";
import { seedPurchaseEntries } from "./purchase-entries.server";

// Demo content for every database-backed public page, in a GATE Chemical Engineering and PSU
// flavour. Idempotent: each row has a natural key (image URL, name, slug, title) and is inserted
// only when missing, so a restart never duplicates anything. A few rows are inactive on purpose,
// so the "visitors see only active items" rule (spec §4) is visible on the pages.

const learn = "https://learn.gatechacademy.in";
const DAY = 24 * 60 * 60 * 1000;

/** Each with its own page and the words drawn on its image (issue 27). */
export const demoHeroBanners = [
  {
    image_url: "/images/banners/gate-2026-ch-test-series.svg",
    link_url: "/test-series",
    alt_text: "GATE CH Test Series: full-length mocks, topicwise tests and detailed solutions. See the test series",
    display_order: 1,
    is_active: true,
  },
  {
    image_url: "/images/banners/iocl-2025-test-series.svg",
    link_url: "/test-series",
    alt_text: "IOCL Test Series: full-length tests for chemical engineers, technical and aptitude questions",
    display_order: 2,
    is_active: true,
  },
  {
    image_url: "/images/banners/free-tests-every-week.svg",
    link_url: "/free-tests",
    alt_text: "Free Tests Every Week: Fluid Mechanics, Heat Transfer, Mass Transfer and more. Start a free test",
    display_order: 3,
    is_active: true,
  },
  {
    image_url: "/images/banners/psu-interview-guidance.svg",
    link_url: "/post-gate-guidance",
    alt_text: "PSU Interview Guidance: 1:1 mock interviews with engineers from PSUs. Book a 1:1 session",
    display_order: 4,
    is_active: false,
  },
];

export const demoTestimonials = [
  {
    name: "Priya Sharma",
    rating: 5,
    comment:
      "The full-length mocks felt exactly like the real GATE interface. The mass transfer and CRE solutions were so clear that I stopped making silly mistakes in NTU and conversion questions. Got AIR 312 in GATE CH.",
  },
  {
    name: "Rohit Verma",
    rating: 5,
    comment:
      "I took the IOCL test series alongside GATE preparation. The technical questions matched the level of the written test, and the analysis showed me that process control was my weak area.",
  },
  {
    name: "Ananya Iyer",
    rating: 4,
    comment:
      "Topic-wise tests after every chapter kept my revision on track while I was in final year. Thermodynamics tests were tough but very useful. Would love a few more aptitude tests.",
  },
  {
    name: "Mohammed Faiz",
    rating: 5,
    comment:
      "Studied only on my phone during a long commute and the tests worked smoothly even on a slow connection. Scored 58 marks and got calls from two PSUs.",
  },
  {
    name: "Sneha Patil",
    rating: 4,
    comment:
      "The previous-year tests with detailed solutions were the best part. Heat exchanger and evaporator numericals finally made sense after going through the explanations.",
  },
  {
    name: "Arjun Reddy",
    rating: 5,
    comment:
      "Good mix of MCQ, MSQ and NAT questions. The rank in each mock test pushed me to improve every week. Cleared GATE CH with a score good enough for an M.Tech at an IIT.",
  },
];

export const demoWelcomePopup = {
  title: "Welcome to GATE CH Preparation",
  // Named as the seeded catalogue's products, for the GATE cycle of the day it is seeded (issue 26).
  get subtitle() {
    const titles = seededTitles(catalogueYear());
    return `${titles.gateSeries} and ${titles.ioclSeries} test series are live`;
  },
  description:
    "Practise with 150+ tests designed for Chemical Engineering: full-length mocks, topic-wise tests and previous-year papers with detailed solutions and performance analysis.",
  image_url: "/images/welcome-popup.svg",
};

interface DemoTest {
  title: string;
  description: string;
  path: string;
  is_active?: boolean;
}
interface DemoSubcategory {
  name: string;
  is_active?: boolean;
  tests: DemoTest[];
}
interface DemoCategory {
  name: string;
  is_active?: boolean;
  subcategories: DemoSubcategory[];
}

// Free tests on the learning app, as staff would run them once it exists (`is_active` says which
// rows would be live). The demo has no copy of the app, so every category is written inactive:
// no visitor is sent to an address that does not exist for a test this site gives itself (its own
// sample tests are the demo's free tests, ./sample-test-rows.server.ts). Staff see these in the
// Free Test Series manager as examples of tests elsewhere: a real link, and they go live.
export const demoTestCategories: DemoCategory[] = [
  {
    name: "Core Chemical Engineering",
    subcategories: [
      {
        name: "Fluid Mechanics",
        tests: [
          {
            title: "Fluid Statics and Manometry",
            description: "15 questions · 25 minutes. Pressure measurement, manometers and buoyancy.",
            path: "fm-fluid-statics",
          },
          {
            title: "Flow Through Pipes and Friction Factor",
            description: "15 questions · 25 minutes. Hagen-Poiseuille, Moody chart and pipe networks.",
            path: "fm-flow-through-pipes",
          },
          {
            title: "Pumps, Compressors and Flow Meters",
            description: "15 questions · 25 minutes. NPSH, pump curves, venturi and orifice meters.",
            path: "fm-pumps-flow-meters",
          },
        ],
      },
      {
        name: "Heat Transfer",
        tests: [
          {
            title: "Conduction and Insulation",
            description: "15 questions · 25 minutes. Composite walls, critical insulation radius and fins.",
            path: "ht-conduction",
          },
          {
            title: "Heat Exchangers: LMTD and NTU Methods",
            description: "15 questions · 25 minutes. Double pipe and shell-and-tube exchanger design.",
            path: "ht-heat-exchangers",
          },
          {
            title: "Evaporators and Boiling",
            description: "10 questions · 20 minutes. Single and multiple effect evaporator calculations.",
            path: "ht-evaporators",
            is_active: false,
          },
        ],
      },
      {
        name: "Mass Transfer",
        tests: [
          {
            title: "Diffusion and Mass Transfer Coefficients",
            description: "15 questions · 25 minutes. Fick's law, film and penetration theories.",
            path: "mt-diffusion",
          },
          {
            title: "Distillation: McCabe-Thiele Method",
            description: "15 questions · 25 minutes. Minimum reflux, number of stages and q-line.",
            path: "mt-distillation",
          },
          {
            title: "Absorption, Extraction and Drying",
            description: "15 questions · 25 minutes. HTU, NTU, ternary diagrams and drying rate curves.",
            path: "mt-absorption-extraction-drying",
          },
          {
            title: "Humidification and Adsorption",
            description: "10 questions · 20 minutes. Psychrometric charts, cooling towers and isotherms.",
            path: "mt-humidification-adsorption",
          },
        ],
      },
      {
        name: "Chemical Reaction Engineering",
        tests: [
          {
            title: "Ideal Reactors: CSTR and PFR",
            description: "15 questions · 25 minutes. Design equations, reactors in series and recycle.",
            path: "cre-ideal-reactors",
          },
          {
            title: "RTD and Non-Ideal Reactors",
            description: "15 questions · 25 minutes. E-curves, dispersion and tanks-in-series models.",
            path: "cre-rtd-non-ideal",
          },
          {
            title: "Catalysis and Catalyst Deactivation",
            description: "10 questions · 20 minutes. Thiele modulus, effectiveness factor and deactivation.",
            path: "cre-catalysis",
          },
        ],
      },
    ],
  },
  {
    name: "Engineering Mathematics & Aptitude",
    subcategories: [
      {
        name: "Engineering Mathematics",
        tests: [
          {
            title: "Linear Algebra and Calculus",
            description: "15 questions · 25 minutes. Eigenvalues, rank, limits, maxima and minima.",
            path: "em-linear-algebra-calculus",
          },
          {
            title: "Differential Equations and Numerical Methods",
            description: "15 questions · 25 minutes. ODEs, Laplace transforms, Newton-Raphson and Simpson's rule.",
            path: "em-differential-equations",
          },
          {
            title: "Probability and Statistics",
            description: "10 questions · 20 minutes. Distributions, conditional probability and regression.",
            path: "em-probability-statistics",
          },
        ],
      },
      {
        name: "General Aptitude",
        tests: [
          {
            title: "Verbal Aptitude",
            description: "10 questions · 15 minutes. Grammar, vocabulary and reading comprehension.",
            path: "ga-verbal",
          },
          {
            title: "Quantitative and Analytical Aptitude",
            description: "10 questions · 15 minutes. Data interpretation, percentages and logical reasoning.",
            path: "ga-quantitative-analytical",
          },
        ],
      },
      {
        name: "Spatial Aptitude",
        is_active: false,
        tests: [
          {
            title: "Paper Folding and Patterns",
            description: "10 questions · 15 minutes. Transformations, folding and cutting in 2D and 3D.",
            path: "ga-spatial",
          },
          {
            title: "Shapes and Transformations",
            description: "10 questions · 15 minutes. Rotation, mirroring and assembling shapes.",
            path: "ga-shapes",
          },
        ],
      },
    ],
  },
  {
    name: "PSU Preparation",
    subcategories: [
      {
        name: "IOCL Technical",
        tests: [
          {
            title: "IOCL Chemical Engineer Mock Test 1",
            description: "50 questions · 60 minutes. Technical section modelled on the IOCL written test.",
            path: "iocl-mock-1",
          },
          {
            title: "Refinery Processes for IOCL",
            description: "20 questions · 25 minutes. Crude distillation, cracking, reforming and hydrotreating.",
            path: "iocl-refinery-processes",
          },
        ],
      },
      {
        name: "ONGC and GAIL Technical",
        tests: [
          {
            title: "Petroleum and Natural Gas Processing",
            description: "20 questions · 25 minutes. Gas sweetening, dehydration and LPG recovery.",
            path: "ongc-gail-gas-processing",
          },
          {
            title: "Chemical Technology Quick Test",
            description: "15 questions · 20 minutes. Fertilizers, chlor-alkali, sulfuric acid and polymers.",
            path: "ongc-gail-chemical-technology",
          },
        ],
      },
    ],
  },
  {
    name: "GATE 2025 Paper Analysis",
    is_active: false,
    subcategories: [
      {
        name: "GATE 2025 CH Memory-Based Questions",
        tests: [
          {
            title: "GATE 2025 CH Forenoon Session",
            description: "65 questions · 180 minutes. Memory-based questions with solutions.",
            path: "gate-2025-ch-memory-based",
          },
          {
            title: "GATE 2025 CH Topic Analysis Quiz",
            description: "20 questions · 30 minutes. The most-asked topics of GATE 2025.",
            path: "gate-2025-ch-topic-quiz",
          },
        ],
      },
    ],
  },
];

// The e-books' and free materials' links name files that do not exist: once seeded, each row is
// pointed at a demo PDF of the media library while it still holds its link
// (app/lib/media/demo-documents.server.ts).
export const demoEbooks = [
  {
    title: "GATE CH Formula Handbook",
    description: "Every formula of the nine GATE Chemical Engineering sections on 60 pages, for last-week revision.",
    pdf_link: `${learn}/assets/ebooks/gate-ch-formula-handbook.pdf`,
  },
  {
    title: "Mass Transfer Short Notes",
    description: "Diffusion, distillation, absorption, extraction and drying with solved GATE examples.",
    pdf_link: `${learn}/assets/ebooks/mass-transfer-short-notes.pdf`,
  },
  {
    title: "Chemical Reaction Engineering Solved Problems",
    description: "50 worked problems on ideal and non-ideal reactors, RTD and catalysis.",
    pdf_link: `${learn}/assets/ebooks/cre-solved-problems.pdf`,
  },
  {
    title: "IOCL Chemical Engineer Interview Guide",
    description: "Refinery basics, common technical questions and HR round tips for PSU interviews.",
    pdf_link: `${learn}/assets/ebooks/iocl-interview-guide.pdf`,
  },
  {
    title: "Process Control Notes (draft)",
    description: "Transfer functions, controller tuning and stability. Being revised.",
    pdf_link: `${learn}/assets/ebooks/process-control-notes-draft.pdf`,
    is_active: false,
  },
];

export const demoFreeMaterials = [
  {
    title: "GATE CH Previous Year Topic-wise Analysis",
    description: "Marks per subject in GATE CH 2019–2025, to plan what to study first.",
    material_link: `${learn}/assets/materials/gate-ch-topic-analysis.pdf`,
  },
  {
    title: "Thermodynamics Revision Sheet",
    description: "Equations of state, fugacity, activity coefficients and VLE on four pages.",
    material_link: `${learn}/assets/materials/thermodynamics-revision-sheet.pdf`,
  },
  {
    title: "Fluid Mechanics Important Questions",
    description: "40 frequently asked questions with answers, from Bernoulli to fluidization.",
    material_link: `${learn}/assets/materials/fluid-mechanics-important-questions.pdf`,
  },
  {
    title: "Heat Transfer Formula Sheet",
    description: "Conduction, convection, radiation and heat exchanger design at a glance.",
    material_link: `${learn}/assets/materials/heat-transfer-formula-sheet.pdf`,
  },
  {
    title: "GATE CH 100-Day Study Plan",
    description: "A day-by-day plan covering all subjects, revision weeks and mock tests.",
    material_link: `${learn}/assets/materials/gate-ch-100-day-study-plan.pdf`,
  },
  {
    title: "Plant Design and Economics Notes (old edition)",
    description: "Replaced by the new edition.",
    material_link: `${learn}/assets/materials/plant-design-economics-old.pdf`,
    is_active: false,
  },
];

interface DemoJobAlert {
  title: string;
  description: string;
  view_link: string;
  /** Posted this many days before the seed runs. */
  daysAgo: number;
  /** The last date to apply, this many days after the seed's day in India (negative: closed). */
  lastIn?: number;
  selection_mode?: JobSelectionMode;
  gate_year?: number;
  eligibility?: string;
  /**
   * Left out of every demo alert, as is a job location: a number of posts or a place of work with
   * a real organisation's name would read as a fact, and with a location the page would tell
   * search engines (JobPosting) of a vacancy nobody announced. Staff enter them from the notice.
   */
  posts?: number;
  organisation?: string;
  job_location?: string;
  is_active?: boolean;
}

/**
 * The demo alerts as of `today` (issue 26: nothing looks stale on the day the site is started):
 * recruitment through the next GATE, results and interview calls of the latest one, and last
 * dates around today: some weeks ahead, one within the week, one past (in the archive), one
 * without. They stand in for the notifications staff will enter; the links are the organisations'
 * own careers pages, and nothing here is a fact about GATE itself.
 */
export function demoJobAlerts(
  today: CalendarDate,
): Record<"jobs" | "vacancy" | "results" | "admit-cards", DemoJobAlert[]> {
  const next = nextGateYear(today);
  const latest = latestGateResultYear(today);
  return {
    jobs: [
      {
        title: `IOCL Recruitment through GATE ${next} – Engineers/Officers`,
        description: `Indian Oil invites chemical engineers who appear in GATE ${next} for Engineers/Officers (Grade A). Shortlisting on GATE score, followed by group discussion and interview.`,
        view_link: "https://iocl.com/latest-job-opening",
        daysAgo: 2,
        lastIn: 40,
        selection_mode: "gate-score",
        gate_year: next,
        eligibility: "B.E./B.Tech in Chemical Engineering; see the notification for marks and age limits.",
        organisation: "Indian Oil Corporation Limited",
      },
      {
        title: `ONGC Graduate Trainee Recruitment through GATE ${next}`,
        description: `Graduate Trainees in Chemical and other disciplines; selection on GATE ${next} score and interview.`,
        view_link: "https://ongcindia.com/web/eng/career/recruitment-notice",
        daysAgo: 6,
        lastIn: 3,
        selection_mode: "gate-score",
        gate_year: next,
        eligibility: "Degree in Chemical Engineering or Chemical Technology.",
        organisation: "Oil and Natural Gas Corporation Limited",
      },
      {
        title: `GAIL Executive Trainee (Chemical) through GATE ${next}`,
        description: `Executive Trainee posts in Chemical engineering; apply online after the GATE ${next} result.`,
        view_link: "https://gailonline.com/CRApplyingGail.html",
        daysAgo: 11,
        selection_mode: "gate-score",
        gate_year: next,
      },
      {
        title: `HPCL Officer Recruitment ${latest} – Chemical Engineers`,
        description: "This notification has been withdrawn.",
        view_link: "https://www.hindustanpetroleum.com/job-openings",
        daysAgo: 20,
        is_active: false,
      },
    ],
    vacancy: [
      {
        title: "BPCL Graduate Engineer Trainee – Chemical Vacancies",
        description: "Vacancies for Graduate Engineer Trainees in Chemical engineering at BPCL refineries.",
        view_link: "https://www.bharatpetroleum.in/careers/current-openings.aspx",
        daysAgo: 4,
        lastIn: 21,
        selection_mode: "written-test",
        eligibility: "Full-time B.E./B.Tech in Chemical Engineering.",
        organisation: "Bharat Petroleum Corporation Limited",
      },
      {
        title: `NTPC Engineering Executive Trainee Vacancies through GATE ${next}`,
        description: "Engineering Executive Trainees in Chemical and other branches; selection on GATE score.",
        view_link: "https://careers.ntpc.co.in/",
        daysAgo: 13,
        lastIn: 30,
        selection_mode: "gate-score",
        gate_year: next,
        organisation: "NTPC Limited",
      },
      {
        title: "Engineers India Limited (EIL) Management Trainee – Chemical",
        description: "Management Trainee vacancies for process engineering; GATE score required.",
        view_link: "https://engineersindia.com/careers",
        daysAgo: 24,
        lastIn: -3,
        selection_mode: "gate-score",
        gate_year: latest,
        organisation: "Engineers India Limited",
      },
    ],
    results: [
      {
        title: `IOCL Engineers/Officers Final Result (GATE ${latest})`,
        description: "List of candidates selected after the group discussion and interview rounds.",
        view_link: "https://iocl.com/latest-job-opening",
        daysAgo: 3,
      },
      {
        title: `ONGC GT Interview Result through GATE ${latest}`,
        description: "Provisionally selected Graduate Trainees, discipline-wise.",
        view_link: "https://ongcindia.com/web/eng/career/recruitment-notice",
        daysAgo: 16,
      },
      {
        title: "BPCL Graduate Engineer Trainee Final Result",
        description: "Candidates selected for appointment as Graduate Engineer Trainees.",
        view_link: "https://www.bharatpetroleum.in/careers/current-openings.aspx",
        daysAgo: 27,
      },
    ],
    "admit-cards": [
      {
        title: "NTPC Engineering Executive Trainee Interview Call Letter",
        description: "Interview call letters for shortlisted Engineering Executive Trainee candidates.",
        view_link: "https://careers.ntpc.co.in/",
        daysAgo: 5,
      },
      {
        title: "GAIL Executive Trainee Interview Call Letter",
        description: "Interview call letters for shortlisted Executive Trainee (Chemical) candidates.",
        view_link: "https://gailonline.com/CRApplyingGail.html",
        daysAgo: 9,
      },
      {
        title: "BARC OCES/DGFS Interview Schedule – Chemical Engineering",
        description: "Interview dates for candidates shortlisted through GATE and the BARC online test.",
        view_link: "https://www.barconlineexam.in/",
        daysAgo: 19,
      },
    ],
  };
}

async function seedHeroBanners(db: DB, now: string) {
  const banners = await db.selectFrom("hero_banners").select(["image_url", "alt_text"]).execute();
  // A demo banner is there by its image, or by its words once its image is the media library's
  // (./demo-pictures.server.ts, issue 45).
  const existing = new Set(banners.flatMap((r) => [r.image_url, r.alt_text]));
  const rows = demoHeroBanners
    .filter((b) => !existing.has(b.image_url) && !existing.has(b.alt_text))
    .map((b) => ({ ...b, created_at: now, updated_at: now }));
  if (rows.length) await db.insertInto("hero_banners").values(rows).execute();
  // Demo banners seeded before issue 27 get their link and words; a value staff set stays.
  for (const { image_url, link_url, alt_text } of demoHeroBanners) {
    for (const [column, value] of [
      ["link_url", link_url],
      ["alt_text", alt_text],
    ] as const) {
      await db
        .updateTable("hero_banners")
        .set({ [column]: value })
        .where("image_url", "=", image_url)
        .where(column, "is", null)
        .execute();
    }
  }
}

async function seedTestimonials(db: DB, now: number) {
  const existing = new Set((await db.selectFrom("testimonials").select("name").execute()).map((r) => r.name));
  const rows = demoTestimonials
    .filter((t) => !existing.has(t.name))
    .map((t, i) => ({
      ...t,
      avatar: avatarFromName(t.name),
      created_at: new Date(now - (i + 1) * 3 * DAY).toISOString(),
    }));
  if (rows.length) await db.insertInto("testimonials").values(rows).execute();
}

// The popup is a single row (spec §3): seed it only into an empty table, so a popup an admin
// created is never joined by a second one.
async function seedWelcomePopup(db: DB, now: string) {
  const any = await db.selectFrom("welcome_popup").select("id").limit(1).executeTakeFirst();
  if (!any) {
    await db
      .insertInto("welcome_popup")
      .values({ ...demoWelcomePopup, is_active: true, created_at: now, updated_at: now })
      .execute();
  }
}

/**
 * The learning app's demo tests live, as staff make them once the app exists: the categories
 * demoTestCategories marks active. For a site that size, its scaled copies and the tests that
 * search them.
 */
export async function liveLearningAppTests(db: DB) {
  const live = demoTestCategories.filter((category) => category.is_active ?? true);
  await db
    .updateTable("test_categories")
    .set({ is_active: true })
    .where(
      "slug",
      "in",
      live.map((category) => slugify(category.name)),
    )
    .execute();
}

async function seedFreeTests(db: DB, now: string) {
  for (const category of demoTestCategories) {
    const slug = slugify(category.name);
    await db
      .insertInto("test_categories")
      // Inactive: the demo has no learning app (see demoTestCategories).
      .values({ name: category.name, slug, is_active: false, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("slug").doNothing())
      .execute();
    const { id: categoryId } = await db
      .selectFrom("test_categories")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();

    for (const sub of category.subcategories) {
      const subSlug = slugify(sub.name);
      await db
        .insertInto("test_subcategories")
        .values({
          category_id: categoryId,
          name: sub.name,
          slug: subSlug,
          // The badge counts what visitors can open, so inactive tests are left out.
          test_count: sub.tests.filter((t) => t.is_active ?? true).length,
          is_active: sub.is_active ?? true,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("slug").doNothing())
        .execute();
      const { id: subcategoryId } = await db
        .selectFrom("test_subcategories")
        .select("id")
        .where("slug", "=", subSlug)
        .executeTakeFirstOrThrow();

      const existing = new Set(
        (await db.selectFrom("test_items").select("title").where("subcategory_id", "=", subcategoryId).execute()).map(
          (r) => r.title,
        ),
      );
      const rows = sub.tests
        .filter((t) => !existing.has(t.title))
        .map((t) => ({
          subcategory_id: subcategoryId,
          title: t.title,
          description: t.description,
          test_link: `${learn}/test/${t.path}`,
          is_active: t.is_active ?? true,
          created_at: now,
          updated_at: now,
        }));
      if (rows.length) await db.insertInto("test_items").values(rows).execute();
    }
  }
}

// Newest first on the pages, so the first listed item gets the latest created_at.
function staggered(now: number, i: number) {
  return new Date(now - i * 60 * 60 * 1000).toISOString();
}

/** An e-book (pdf_link) or a free material (material_link): the two tables differ only by the link. */
type DemoLinkItem = { title: string; description: string; is_active?: boolean } & (
  { pdf_link: string } | { material_link: string }
);

/** Inserts the e-books or free materials missing by title, staggered in the order listed above. */
async function seedLinkList(db: DB, table: "ebooks" | "free_materials", items: readonly DemoLinkItem[], now: number) {
  const existing = new Set((await db.selectFrom(table).select("title").execute()).map((r) => r.title));
  const rows = items
    .map((item, i) => ({
      ...item,
      is_active: item.is_active ?? true,
      created_at: staggered(now, i),
      updated_at: staggered(now, i),
    }))
    .filter((item) => !existing.has(item.title));
  if (rows.length) await anyTable(db).insertInto(table).values(rows).execute();
}

async function seedJobAlerts(db: DB, now: number) {
  // job_categories are fixed rows written by the first migration.
  const categories = await db.selectFrom("job_categories").select(["id", "slug"]).execute();
  const existing = new Set((await db.selectFrom("job_alerts").select("title").execute()).map((r) => r.title));
  const stamp = new Date(now).toISOString();
  const today = istDate(now);
  const rows = Object.entries(demoJobAlerts(today)).flatMap(([slug, alerts]) => {
    const category = categories.find((c) => c.slug === slug);
    if (!category) return [];
    return alerts
      .filter((a) => !existing.has(a.title))
      .map((a) => ({
        title: a.title,
        description: a.description,
        view_link: a.view_link,
        posted_date: new Date(now - a.daysAgo * DAY).toISOString(),
        last_date: a.lastIn === undefined ? null : addDays(today, a.lastIn),
        selection_mode: a.selection_mode ?? null,
        gate_year: a.gate_year ?? null,
        eligibility: a.eligibility ?? null,
        posts: a.posts ?? null,
        notification_url: null,
        organisation: a.organisation ?? null,
        job_location: a.job_location ?? null,
        category_id: category.id,
        is_active: a.is_active ?? true,
        created_at: stamp,
        updated_at: stamp,
      }));
  });
  if (rows.length) await db.insertInto("job_alerts").values(rows).execute();
}

/** Realistic demo content for every public page. Idempotent. */
export async function seedDemoContent(db: DB) {
  const now = Date.now();
  const iso = new Date(now).toISOString();
  await db.transaction().execute(async (trx) => {
    await seedHeroBanners(trx, iso);
    await seedTestimonials(trx, now);
    await seedWelcomePopup(trx, iso);
    await seedFreeTests(trx, iso);
    await seedLinkList(trx, "ebooks", demoEbooks, now);
    await seedLinkList(trx, "free_materials", demoFreeMaterials, now);
    await seedJobAlerts(trx, now);
    await seedGateReference(trx, iso);
    await seedPurchaseEntries(trx, now);
  });
}
