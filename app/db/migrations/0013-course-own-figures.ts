import { sql, type Kysely } from "kysely";

// Issue 42: a course sold as a test series stored 0 for each of its own figures left empty, so
// deleting the series put it on sale at ₹0 with a "Buy on WhatsApp". A course's own price,
// original price, tests and students may now be empty (null): "none of its own".
// - The columns become nullable, by copy and rename because SQLite cannot alter a column's
//   constraints (as 0011 did for test_series.purchase_url).
// - A course sold as a series: each own figure that is 0 was the form's filler, now null.
// - A paid course sold on its own at ₹0 is what deleting its series left: no price of its own
//   (the form now asks a paid course for at least ₹1). The public pages list a course on its own
//   only with a price, so it is off sale until staff give it one or sell it as a series again.

const FIGURES = ["price", "original_price", "tests", "students"] as const;

export async function up(db: Kysely<any>) {
  for (const column of FIGURES) {
    await db.schema.alterTable("courses").addColumn(`${column}_new`, "integer").execute();
    await sql`update courses set ${sql.ref(`${column}_new`)} = ${sql.ref(column)}`.execute(db);
    await db.schema.alterTable("courses").dropColumn(column).execute();
    await db.schema.alterTable("courses").renameColumn(`${column}_new`, column).execute();
  }
  for (const column of FIGURES) {
    await db
      .updateTable("courses")
      .set({ [column]: null })
      .where("test_series_id", "is not", null)
      .where(column, "=", 0)
      .execute();
  }
  await db
    .updateTable("courses")
    .set({ price: null, original_price: null })
    .where("test_series_id", "is", null)
    .where("is_free", "=", false)
    .where("price", "=", 0)
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const column of FIGURES) {
    await db.schema
      .alterTable("courses")
      .addColumn(`${column}_old`, "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update courses set ${sql.ref(`${column}_old`)} = coalesce(${sql.ref(column)}, 0)`.execute(db);
    await db.schema.alterTable("courses").dropColumn(column).execute();
    await db.schema.alterTable("courses").renameColumn(`${column}_old`, column).execute();
  }
}
