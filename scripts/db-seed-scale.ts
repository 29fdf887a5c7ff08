// `npm run bench:seed-scale -- --database file:.cache/bench/scale.db [--factor 100] [--replace]`
// (or --database postgres://…/an_empty_database): a fresh database holding the demo content
// `factor` times over (issue 6 "100× the demo size"). The bench (perf/bench/pages.ts) runs the
// site on it to show that page speed does not depend on how much content the database holds;
// the soak can reuse seedScaled() for the same reason.
//
// The copies are made from what seedDemoContent wrote, so they follow the demo content when it
// changes: copy k of every row gets " · k" in its natural key (title, name, slug) and an older
// timestamp, so the demo rows stay the newest and the pages' first rows look as they do at demo
// size. Visitor submissions (contact messages, bookings and their e-mails) have no demo rows: a
// small base set is written `factor` times, as a busy site would have collected them.
import { existsSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import type { Insertable } from "kysely";
import { createDb, parseDatabaseUrl, type DB } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { Database } from "~/db/schema";
import { seedDemoContent, seedFixedData } from "~/db/seed.server";
import { liveLearningAppTests } from "~/db/seed/demo-content.server";
import { avatarFromName } from "~/core/avatar";
import { seedDemoDocuments } from "~/lib/media/demo-documents.server";
import { seedDemoPictures } from "~/lib/media/demo-pictures.server";
import { seedSampleQuestions } from "~/lib/questions/sample-seed.server";
import { seedSiteSettings } from "~/lib/site/settings.server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Rows per INSERT: well under both engines' limits on bound parameters. */
const CHUNK = 200;

/** Rows written per table, for the report. */
export type ScaleCounts = Record<string, number>;

const baseContactMessages = [
  {
    name: "Kavya Nair",
    email: "kavya.nair@example.com",
    phone: "9876500001",
    message: "Is the GATE 2026 series valid until the exam date?",
  },
  {
    name: "Rahul Gupta",
    email: "rahul.gupta@example.com",
    phone: "9876500002",
    message: "Do the IOCL tests include aptitude questions?",
  },
  {
    name: "Meera Joshi",
    email: "meera.joshi@example.com",
    phone: "9876500003",
    message: "Can I use the tests on two devices?",
  },
];

const baseBookings = [
  {
    session_type: "higher-studies" as const,
    name: "Vikram Singh",
    phone: "9876500011",
    gate_score: "712",
    college_name: "NIT Trichy",
    query: "Which IITs should I apply to for M.Tech with this score?",
  },
  {
    session_type: "career-guidance" as const,
    name: "Pooja Menon",
    phone: "9876500012",
    gate_score: null,
    college_name: "ICT Mumbai",
    query: "PSU or M.Tech first: what suits a process engineer?",
  },
];

async function insertChunked<T extends keyof Database & string>(db: DB, table: T, rows: Insertable<Database[T]>[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
  return rows.length;
}

const older = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();
/** A row without its id, to insert as a new row. */
const strip = <R extends { id: number }>({ id: _id, ...rest }: R) => rest;

/**
 * Migrates an empty database, writes what every deployment has (settings, fixed catalogue), the
 * demo content, then `factor - 1` more copies of it, and `factor` copies of the base submissions.
 */
export async function seedScaled(db: DB, factor: number, now = Date.now()): Promise<ScaleCounts> {
  if (!Number.isInteger(factor) || factor < 1) throw new Error("factor must be a positive integer");
  await migrateToLatest(db);
  await seedSiteSettings(db);
  await seedFixedData(db);
  await seedDemoContent(db);
  // A site this size runs the learning app's tests too (the demo writes them inactive).
  await liveLearningAppTests(db);
  await seedDemoPictures(db);
  await seedDemoDocuments(db);
  await seedSampleQuestions(db);

  const counts: ScaleCounts = {};
  const stamp = (k: number, i: number) => new Date(now - k * 7 * DAY - i * HOUR).toISOString();
  const add = (table: string, n: number) => (counts[table] = (counts[table] ?? 0) + n);

  await db.transaction().execute(async (trx) => {
    const banners = await trx.selectFrom("hero_banners").selectAll().orderBy("id").execute();
    const testimonials = await trx.selectFrom("testimonials").selectAll().orderBy("id").execute();
    const popups = await trx.selectFrom("welcome_popup").selectAll().orderBy("id").execute();
    const ebooks = await trx.selectFrom("ebooks").selectAll().orderBy("id").execute();
    const materials = await trx.selectFrom("free_materials").selectAll().orderBy("id").execute();
    const alerts = await trx.selectFrom("job_alerts").selectAll().orderBy("id").execute();
    const categories = await trx.selectFrom("test_categories").selectAll().orderBy("id").execute();
    const subcategories = await trx.selectFrom("test_subcategories").selectAll().orderBy("id").execute();
    const items = await trx.selectFrom("test_items").selectAll().orderBy("id").execute();
    const questions = await trx.selectFrom("questions").selectAll().orderBy("id").execute();
    const questionVersions = await trx.selectFrom("question_versions").selectAll().orderBy("id").execute();

    const copies = Array.from({ length: factor - 1 }, (_, i) => i + 2);

    add(
      "hero_banners",
      await insertChunked(
        trx,
        "hero_banners",
        copies.flatMap((k) =>
          banners.map((b) => ({ ...strip(b), display_order: b.display_order + (k - 1) * banners.length })),
        ),
      ),
    );
    add(
      "testimonials",
      await insertChunked(
        trx,
        "testimonials",
        copies.flatMap((k) =>
          testimonials.map((t) => {
            const name = `${t.name} ${k}`;
            return { ...strip(t), name, avatar: avatarFromName(name), created_at: older(t.created_at, k * 20 * DAY) };
          }),
        ),
      ),
    );
    add(
      "welcome_popup",
      await insertChunked(
        trx,
        "welcome_popup",
        copies.flatMap((k) =>
          popups.map((p) => ({ ...strip(p), title: `${p.title} · ${k}`, created_at: older(p.created_at, k * DAY) })),
        ),
      ),
    );
    for (const [table, rows] of [
      ["ebooks", ebooks],
      ["free_materials", materials],
    ] as const) {
      add(
        table,
        await insertChunked(
          trx,
          table,
          copies.flatMap((k) =>
            rows.map((r) => ({
              ...strip(r),
              title: `${r.title} · ${k}`,
              created_at: older(r.created_at, k * DAY),
              updated_at: older(r.updated_at, k * DAY),
            })),
          ),
        ),
      );
    }
    add(
      "job_alerts",
      await insertChunked(
        trx,
        "job_alerts",
        copies.flatMap((k) =>
          alerts.map((a) => ({
            ...strip(a),
            title: `${a.title} · ${k}`,
            posted_date: older(a.posted_date, k * 30 * DAY),
            created_at: older(a.created_at, k * 30 * DAY),
            updated_at: older(a.updated_at, k * 30 * DAY),
          })),
        ),
      ),
    );

    // The free-test tree: each copy gets categories and subcategories of its own (slugs are unique).
    const newCategories = copies.flatMap((k) =>
      categories.map((c) => ({ ...strip(c), name: `${c.name} · ${k}`, slug: `${c.slug}-${k}` })),
    );
    add("test_categories", await insertChunked(trx, "test_categories", newCategories));
    const categoryIds = await idsBySlug(trx, "test_categories");
    const slugOfCategory = new Map(categories.map((c) => [c.id, c.slug]));
    const newSubcategories = copies.flatMap((k) =>
      subcategories.map((s) => ({
        ...strip(s),
        category_id: categoryIds.get(`${slugOfCategory.get(s.category_id)}-${k}`)!,
        name: `${s.name} · ${k}`,
        slug: `${s.slug}-${k}`,
      })),
    );
    add("test_subcategories", await insertChunked(trx, "test_subcategories", newSubcategories));
    const subcategoryIds = await idsBySlug(trx, "test_subcategories");
    const slugOfSubcategory = new Map(subcategories.map((s) => [s.id, s.slug]));
    add(
      "test_items",
      await insertChunked(
        trx,
        "test_items",
        copies.flatMap((k) =>
          items.map((i) => ({
            ...strip(i),
            subcategory_id: subcategoryIds.get(`${slugOfSubcategory.get(i.subcategory_id)}-${k}`)!,
            title: `${i.title} · ${k}`,
          })),
        ),
      ),
    );

    // The question bank (issue 46): each copy's questions with slugs of their own, published, each
    // with its versions, so practice sets hold `factor` times the demo's questions.
    add(
      "questions",
      await insertChunked(
        trx,
        "questions",
        copies.flatMap((k) => questions.map((q) => ({ ...strip(q), slug: `${q.slug}-${k}` }))),
      ),
    );
    const questionIds = new Map(
      (await trx.selectFrom("questions").select(["id", "slug"]).execute()).map((q) => [q.slug, q.id]),
    );
    const slugOfQuestion = new Map(questions.map((q) => [q.id, q.slug]));
    add(
      "question_versions",
      await insertChunked(
        trx,
        "question_versions",
        copies.flatMap((k) =>
          questionVersions.map((v) => ({
            ...strip(v),
            question_id: questionIds.get(`${slugOfQuestion.get(v.question_id)}-${k}`)!,
          })),
        ),
      ),
    );

    // What visitors sent: messages and bookings, each with the e-mail the outbox delivered.
    const all = Array.from({ length: factor }, (_, i) => i + 1);
    add(
      "contact_messages",
      await insertChunked(
        trx,
        "contact_messages",
        all.flatMap((k) => baseContactMessages.map((m, i) => ({ ...m, created_at: stamp(k, i) }))),
      ),
    );
    add(
      "session_bookings",
      await insertChunked(
        trx,
        "session_bookings",
        all.flatMap((k) => baseBookings.map((b, i) => ({ ...b, created_at: stamp(k, i) }))),
      ),
    );
    add(
      "email_outbox",
      await insertChunked(
        trx,
        "email_outbox",
        all.flatMap((k) =>
          [...baseContactMessages, ...baseBookings].map((s, i) => ({
            to_address: "leads@example.com",
            reply_to: "email" in s ? s.email : null,
            subject: `New enquiry from ${s.name}`,
            html: `<p>${s.name} wrote to the site.</p>`,
            text: `${s.name} wrote to the site.`,
            status: "sent" as const,
            attempts: 1,
            next_attempt_at: stamp(k, i),
            created_at: stamp(k, i),
            sent_at: stamp(k, i),
          })),
        ),
      ),
    );
  });
  return counts;
}

async function idsBySlug(db: DB, table: "test_categories" | "test_subcategories") {
  const rows = await db.selectFrom(table).select(["id", "slug"]).execute();
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Refuses a database that already has tables: the copies assume exactly one demo set. */
async function assertEmpty(db: DB) {
  const tables = await db.introspection.getTables();
  if (tables.length > 0)
    throw new Error("the database is not empty: give a new file, --replace, or an empty PostgreSQL database");
}

/** Creates the scaled database at `url` (file: or postgres://); a SQLite file is replaced when asked. */
export async function createScaledDatabase(url: string, factor: number, options: { replace?: boolean } = {}) {
  const { engine, location } = parseDatabaseUrl(url);
  if (engine === "sqlite" && options.replace && existsSync(location)) {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(location + suffix, { force: true });
  }
  const { db } = createDb(url);
  try {
    await assertEmpty(db);
    return await seedScaled(db, factor);
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      database: { type: "string" },
      factor: { type: "string", default: "100" },
      replace: { type: "boolean", default: false },
    },
    strict: true,
  });
  const factor = Number(values.factor);
  if (!values.database || !Number.isInteger(factor) || factor < 1) {
    console.error("usage: seed-scale --database file:PATH|postgres://URL [--factor 100] [--replace]");
    process.exit(2);
  }
  const started = performance.now();
  try {
    const counts = await createScaledDatabase(values.database, factor, { replace: values.replace });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`seeded ${factor}× the demo content in ${seconds} s (rows added beyond the demo set):`);
    for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(20)} ${n}`);
  } catch (error) {
    console.error(`seed-scale failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
