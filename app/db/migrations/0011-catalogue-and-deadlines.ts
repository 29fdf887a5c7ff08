import { sql, type Kysely } from "kysely";

// Issue 26: a catalogue staff keep, and job alerts with deadlines.
// - Courses and test series gain an Active flag, and a course can be sold as one of the test
//   series (test_series_id): such a course shows the series' price, original price, tests,
//   students and purchase URL, so the two pages can never disagree.
// - A test series' purchase URL may be empty, as a course's may.
// - The stored discount goes: it is computed from price and original price wherever it is shown.
// - A test series keeps the titles it had (test_series_aliases): its URL is built from the title
//   (spec §2), and links made before a rename redirect to the current one.
// - Job alerts gain the last date to apply (a calendar date in India, YYYY-MM-DD as text on both
//   engines, like purchased_on), how candidates are selected, eligibility, number of posts, the
//   official notification, and the hiring organisation and place of work that a JobPosting needs.

export async function up(db: Kysely<any>) {
  for (const table of ["courses", "test_series"]) {
    await db.schema
      .alterTable(table)
      .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
      .execute();
    await db.schema.alterTable(table).dropColumn("discount_percent").execute();
  }
  // A test series may have no purchase page yet, like a course: its purchase_url becomes nullable,
  // by copy and rename because SQLite cannot alter a column's constraints.
  await db.schema.alterTable("test_series").addColumn("purchase_url_new", "text").execute();
  await sql`update test_series set purchase_url_new = purchase_url`.execute(db);
  await db.schema.alterTable("test_series").dropColumn("purchase_url").execute();
  await db.schema.alterTable("test_series").renameColumn("purchase_url_new", "purchase_url").execute();
  await db.schema
    .alterTable("courses")
    .addColumn("test_series_id", "integer", (c) => c.references("test_series.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("test_series_aliases")
    .addColumn("alias", "text", (c) => c.primaryKey())
    .addColumn("test_series_id", "integer", (c) => c.notNull().references("test_series.id").onDelete("cascade"))
    .execute();

  await db.schema.alterTable("job_alerts").addColumn("last_date", "text").execute();
  await db.schema
    .alterTable("job_alerts")
    .addColumn("selection_mode", "text", (c) =>
      c.check(sql`selection_mode in ('gate-score', 'written-test', 'interview')`),
    )
    .execute();
  await db.schema.alterTable("job_alerts").addColumn("gate_year", "integer").execute();
  await db.schema.alterTable("job_alerts").addColumn("posts", "integer").execute();
  for (const column of ["eligibility", "notification_url", "organisation", "job_location"]) {
    await db.schema.alterTable("job_alerts").addColumn(column, "text").execute();
  }
  // A tab lists its open alerts by last date; the archive, search and sitemap split on it too.
  await db.schema
    .createIndex("job_alerts_category_active_last")
    .on("job_alerts")
    .columns(["category_id", "is_active", "last_date"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("job_alerts_category_active_last").ifExists().execute();
  for (const column of [
    "job_location",
    "organisation",
    "notification_url",
    "eligibility",
    "posts",
    "gate_year",
    "selection_mode",
    "last_date",
  ]) {
    await db.schema.alterTable("job_alerts").dropColumn(column).execute();
  }
  await db.schema.dropTable("test_series_aliases").ifExists().execute();
  await db.schema.alterTable("courses").dropColumn("test_series_id").execute();
  for (const table of ["courses", "test_series"]) {
    await db.schema
      .alterTable(table)
      .addColumn("discount_percent", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).dropColumn("is_active").execute();
  }
}
