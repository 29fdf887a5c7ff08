import { PostgresAdapter, sql, type Kysely } from "kysely";

// Timed tests in the GATE interface (issue 47), built from the question bank (0017).
// - practice_tests: a test staff keep (topic, subject, full-length mock, previous-year paper),
//   free or sold elsewhere, with an optional window (opens_at, closes_at).
// - practice_test_questions: its paper in order, each question in a section (General Aptitude or
//   the subject) with the version aspirants see: null while a draft (the current one is used),
//   frozen at publish and never changed once the test has an attempt.
// - test_attempts: one aspirant's go at a test, known only by the SHA-256 of its token (the token
//   is the aspirant's, never stored), with the deadline the server holds it to and, once
//   submitted, its score in thirds of a mark.
// - attempt_answers: one row per position of the paper, written at start; client_seq is the
//   browser's save sequence, so a queued older save never overwrites a newer one.
// - test_items.practice_test_id: a free test may open a test on this site instead of a link.

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable("practice_tests")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('topic', 'subject', 'full_mock', 'previous_year')`),
    )
    .addColumn("instructions_md", "text", (c) => c.notNull())
    .addColumn("instructions_html", "text", (c) => c.notNull())
    .addColumn("duration_minutes", "integer", (c) => c.notNull().check(sql`duration_minutes > 0`))
    .addColumn("access", "text", (c) => c.notNull().check(sql`access in ('free', 'paid')`))
    // Where a paid test is sold (an http(s) URL); null for a free one.
    .addColumn("paid_url", "text")
    .addColumn("opens_at", timestamp)
    .addColumn("closes_at", timestamp)
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('draft', 'published')`))
    .addColumn("is_sample", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("published_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("practice_test_questions")
    .addColumn("test_id", "integer", (c) => c.notNull().references("practice_tests.id").onDelete("cascade"))
    // 1..n, the order of the paper.
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position > 0`))
    .addColumn("section", "text", (c) => c.notNull().check(sql`section in ('ga', 'subject')`))
    .addColumn("question_id", "integer", (c) => c.notNull().references("questions.id"))
    .addColumn("version_id", "integer", (c) => c.references("question_versions.id"))
    .addPrimaryKeyConstraint("practice_test_questions_pk", ["test_id", "position"])
    .execute();
  // A question's tests (the bank's delete asks whether a test holds it).
  await sql`create index practice_test_questions_question on practice_test_questions (question_id)`.execute(db);

  await db.schema
    .createTable("test_attempts")
    .addColumn("id", "integer", id)
    .addColumn("test_id", "integer", (c) => c.notNull().references("practice_tests.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("started_at", timestamp, (c) => c.notNull())
    .addColumn("deadline_at", timestamp, (c) => c.notNull())
    .addColumn("submitted_at", timestamp)
    .addColumn("submit_reason", "text", (c) => c.check(sql`submit_reason in ('candidate', 'deadline')`))
    .addColumn("score_thirds", "integer")
    // The result link's e-mail, given with consent (consent_at), and the lead it made.
    .addColumn("email", "text")
    .addColumn("consent_at", timestamp)
    .addColumn("lead_id", "integer", (c) => c.references("contact_messages.id").onDelete("set null"))
    // Who started it, for the rate limit of starts.
    .addColumn("ip_key", "text", (c) => c.notNull())
    .addColumn("last_position", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  // Rank and percentile among the submitted attempts of a test.
  await sql`create index test_attempts_rank on test_attempts (test_id, submitted_at, score_thirds)`.execute(db);

  await db.schema
    .createTable("attempt_answers")
    .addColumn("attempt_id", "integer", (c) => c.notNull().references("test_attempts.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('not_visited', 'not_answered', 'answered', 'marked', 'answered_marked')`),
    )
    // JSON of what was given: {"type":"mcq","choices":[1]} or {"type":"nat","value":"12.5"}.
    .addColumn("answer", "text")
    .addColumn("seconds_spent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("client_seq", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("attempt_answers_pk", ["attempt_id", "position"])
    .execute();

  await db.schema
    .alterTable("test_items")
    .addColumn("practice_test_id", "integer", (c) => c.references("practice_tests.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("test_items").dropColumn("practice_test_id").execute();
  for (const table of ["attempt_answers", "test_attempts", "practice_test_questions", "practice_tests"])
    await db.schema.dropTable(table).ifExists().execute();
}
