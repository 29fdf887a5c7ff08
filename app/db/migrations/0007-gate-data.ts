import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from "kysely";

// The GATE reference data behind the exam tools (issue 24): papers, each paper-year's published
// figures with where each was read, marks-vs-rank points, previous-year question papers, and the
// question bank's subjects. Every figure carries its source URL, the date it was read and whether
// staff checked it against the organising institute's own PDF. Marks are double precision on both
// engines (PostgreSQL's `real` would read 27.7 back as 27.700000762939453).

const paper = <T extends string>(t: CreateTableBuilder<T, any>) =>
  t.addColumn("paper_id", "integer", (c) => c.notNull().references("gate_papers.id").onDelete("cascade"));
/** A figure's provenance: where it was read, when, and whether staff checked it. */
function provenance<T extends string>(t: CreateTableBuilder<T, any>, figure: string) {
  return t
    .addColumn(`${figure}_source_url`, "text")
    .addColumn(`${figure}_retrieved_on`, "text")
    .addColumn(`is_${figure}_verified`, "boolean", (c) => c.notNull().defaultTo(false));
}

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const marks = sql`double precision`;

  function table(name: string) {
    return db.schema
      .createTable(name)
      .addColumn("id", "integer", (c) =>
        pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      );
  }
  function stamps<T extends string>(t: CreateTableBuilder<T, any>) {
    return t
      .addColumn("created_at", timestamp, (c) => c.notNull())
      .addColumn("updated_at", timestamp, (c) => c.notNull());
  }
  await stamps(
    table("gate_papers")
      .addColumn("code", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("display_order", "integer", (c) => c.notNull()),
  ).execute();

  let years = paper(table("gate_paper_years"))
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("institute", "text")
    .addColumn("qualifying_general", marks)
    .addColumn("qualifying_obc_ews", marks)
    .addColumn("qualifying_sc_st_pwd", marks);
  years = provenance(years, "qualifying").addColumn("top_mean_marks", marks);
  years = provenance(years, "top_mean").addColumn("candidates_appeared", "integer");
  years = provenance(years, "candidates");
  await stamps(years.addUniqueConstraint("gate_paper_years_paper_year", ["paper_id", "year"])).execute();

  await stamps(
    paper(table("gate_rank_points"))
      .addColumn("year", "integer", (c) => c.notNull())
      .addColumn("marks", marks, (c) => c.notNull())
      .addColumn("air", "integer", (c) => c.notNull().check(sql`air >= 1`))
      .addColumn("kind", "text", (c) =>
        c.notNull().check(sql`kind in ('official', 'candidate-reported', 'third-party estimate')`),
      )
      .addColumn("source_label", "text", (c) => c.notNull())
      .addColumn("source_url", "text"),
  ).execute();
  await db.schema
    .createIndex("gate_rank_points_paper_year")
    .on("gate_rank_points")
    .columns(["paper_id", "year", "marks"])
    .execute();

  await stamps(
    paper(table("gate_previous_papers"))
      .addColumn("year", "integer", (c) => c.notNull())
      .addColumn("question_paper_url", "text")
      .addColumn("answer_key_url", "text")
      .addColumn("source_url", "text")
      .addUniqueConstraint("gate_previous_papers_paper_year", ["paper_id", "year"]),
  ).execute();

  await stamps(
    paper(table("gate_subjects"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("topics", "text")
      .addColumn("question_count", "integer", (c) => c.check(sql`question_count >= 0`))
      .addColumn("free_test_subcategory_id", "integer", (c) =>
        c.references("test_subcategories.id").onDelete("set null"),
      )
      .addColumn("practice_url", "text")
      .addColumn("display_order", "integer", (c) => c.notNull()),
  ).execute();
}

export async function down(db: Kysely<any>) {
  for (const name of ["gate_subjects", "gate_previous_papers", "gate_rank_points", "gate_paper_years", "gate_papers"]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
