import { PostgresAdapter, sql, type Kysely } from "kysely";

// Issue 48 items 6 and 7: what the FAQ page and the terms page say, kept by staff.
// - faqs: the FAQ page's questions in display order, each with its anchor (slug, kept when the
//   question is reworded, so a link to /faqs#how-to-buy keeps working) and Active. Seeded with the
//   five questions the site has shown since the start (app/content/faqs.ts held them), verbatim.
// - site_pages: a page staff write in Markdown (the terms, refunds and how to pay page, by slug
//   "terms"), stored with the HTML it was rendered to when saved. No row: the page shows its
//   placeholder text (app/lib/site/terms-page.ts).

const defaultFaqs = [
  {
    slug: "what-is-the-test-series",
    question: "What does the GATE Chemical Engineering (CH) test series include?",
    answer:
      "Full-length mock tests in the real GATE interface, topic-wise tests for every subject, mixed subject-wise tests and previous-year papers. Every test comes with detailed solutions and performance analytics, so you can see your rank among other students and which topics need more work. The Test Series page lists the current series with their number of tests and price.",
  },
  {
    slug: "iocl-preparation",
    question: "Do you have a test series for IOCL and other PSU exams?",
    answer:
      "Yes. The IOCL test series has full-length tests modelled on the IOCL written test for chemical engineers, with technical and aptitude questions; the Test Series page shows the current one. Many PSUs such as IOCL, ONGC, GAIL, BPCL and HPCL shortlist through GATE scores, so the GATE CH test series prepares you for them as well. Watch the Job Alerts page for the latest PSU notifications.",
  },
  {
    slug: "how-to-buy",
    question: "How do I buy a test series?",
    answer:
      "Open Test Series, choose a series and press Buy Now. You will be taken to the series' purchase page on our learning platform, where you complete the payment. The tests are unlocked in your account on the platform once the payment is confirmed. A series whose online checkout is not open yet shows Buy on WhatsApp instead: message us and we will help you buy it.",
  },
  {
    slug: "validity",
    question: "How long can I use a test series after buying it?",
    answer:
      "Each test series is valid for the period shown on its page (for example 1 year), counted from the date of purchase. You can attempt the tests at your own pace during that time and review the solutions and analysis as often as you like.",
  },
  {
    slug: "login",
    question: "Where do I log in to take my tests?",
    answer:
      "Tests are taken on our learning platform. Press the Login button at the top of any page; it opens the platform's login page for our institute. Sign in with the same details you used when buying, and your purchased test series appear there. The platform runs in the browser, so a phone is enough.",
  },
];

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable("faqs")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("display_order", "integer", (c) => c.notNull())
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  // The FAQ page's read: the active questions in order.
  await sql`create index faqs_active_order on faqs (is_active, display_order, id)`.execute(db);

  await db.schema
    .createTable("site_pages")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("body_md", "text", (c) => c.notNull())
    .addColumn("body_html", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  await db
    .insertInto("faqs")
    .values(
      defaultFaqs.map((faq, index) => ({
        ...faq,
        display_order: index + 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("site_pages").ifExists().execute();
  await db.schema.dropTable("faqs").ifExists().execute();
}
