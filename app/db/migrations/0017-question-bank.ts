import { PostgresAdapter, sql, type Kysely } from "kysely";

// The question bank (issue 46). A question is its place in the syllabus and its status; what an
// aspirant answers is a version of it: type, marks, text, options, key and solution. A version
// that has been answered is never changed: an edit makes a new one, and answers keep the version
// they saw. Markdown with LaTeX is stored as written and as the HTML rendered from it on the
// server (MathML), so no page renders math per request.
// - question_answers: every checked practice answer (which version, right or wrong), so staff see
//   how a question performs and an edit knows whether it must make a new version.
// - question_reports: "Report a problem with this question", for staff.

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable("questions")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    // draft | published
    .addColumn("status", "text", (c) => c.notNull())
    // A section id of the CH syllabus (app/content/syllabus.ts), General Aptitude included, and a
    // topic key of that section (app/lib/questions/syllabus-topics.ts).
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    // easy | medium | hard
    .addColumn("difficulty", "text", (c) => c.notNull())
    // original (written by staff) | gate (a previous-year question: year, number, paper)
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("gate_year", "integer")
    .addColumn("gate_question_no", "integer")
    // The official paper in the media library (issue 45), by its hash.
    .addColumn("source_media_hash", "text")
    // Demo content: an original sample, marked as such wherever it shows.
    .addColumn("is_sample", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("current_version", "integer", (c) => c.notNull())
    .addColumn("published_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await sql`create index questions_practice on questions (status, subject, topic, id)`.execute(db);

  await db.schema
    .createTable("question_versions")
    .addColumn("id", "integer", id)
    .addColumn("question_id", "integer", (c) => c.notNull().references("questions.id").onDelete("cascade"))
    .addColumn("version_no", "integer", (c) => c.notNull())
    // mcq | msq | nat
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("marks", "integer", (c) => c.notNull())
    .addColumn("text_md", "text", (c) => c.notNull())
    .addColumn("text_html", "text", (c) => c.notNull())
    // JSON arrays of the four options (MCQ, MSQ); "[]" for NAT.
    .addColumn("options_md", "text", (c) => c.notNull())
    .addColumn("options_html", "text", (c) => c.notNull())
    // JSON array of the correct options' indices (0–3): one for MCQ, one or more for MSQ; null for NAT.
    .addColumn("correct", "text")
    // NAT: the accepted range, inclusive, and the decimals to enter.
    .addColumn("nat_min", "double precision")
    .addColumn("nat_max", "double precision")
    .addColumn("nat_decimals", "integer")
    .addColumn("solution_md", "text", (c) => c.notNull())
    .addColumn("solution_html", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addUniqueConstraint("question_versions_question_version", ["question_id", "version_no"])
    .execute();

  await db.schema
    .createTable("question_answers")
    .addColumn("id", "integer", id)
    .addColumn("version_id", "integer", (c) => c.notNull().references("question_versions.id").onDelete("cascade"))
    // JSON: [index] for MCQ, [indices] for MSQ, "text as typed" for NAT.
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("is_correct", "boolean", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await sql`create index question_answers_version on question_answers (version_id)`.execute(db);

  await db.schema
    .createTable("question_reports")
    .addColumn("id", "integer", id)
    .addColumn("question_id", "integer", (c) => c.notNull().references("questions.id").onDelete("cascade"))
    .addColumn("version_no", "integer", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("email", "text")
    // new | resolved
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await sql`create index question_reports_status on question_reports (status, created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of ["question_reports", "question_answers", "question_versions", "questions"])
    await db.schema.dropTable(table).ifExists().execute();
}
