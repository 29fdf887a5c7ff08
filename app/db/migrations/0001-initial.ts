import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from "kysely";

// One migration for both engines. The only differences are spelled out here:
// identity columns and the timestamp type (timestamptz on PostgreSQL, ISO text on SQLite).
// Migrations never import app code (docs/decisions/002-one-schema-two-engines.md).

function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function active<T extends string>(t: CreateTableBuilder<T, any>) {
  return t.addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true));
}

export async function up(db: Kysely<any>) {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;

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
    active(
      table("hero_banners")
        .addColumn("image_url", "text", (c) => c.notNull())
        .addColumn("display_order", "integer", (c) => c.notNull()),
    ),
  ).execute();
  await db.schema
    .createIndex("hero_banners_active_order")
    .on("hero_banners")
    .columns(["is_active", "display_order"])
    .execute();

  await table("testimonials")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("comment", "text", (c) => c.notNull())
    .addColumn("avatar", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("testimonials_created").on("testimonials").column("created_at").execute();

  await stamps(
    active(
      table("welcome_popup")
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("subtitle", "text")
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("image_url", "text", (c) => c.notNull()),
    ),
  ).execute();
  await db.schema
    .createIndex("welcome_popup_active_created")
    .on("welcome_popup")
    .columns(["is_active", "created_at"])
    .execute();

  await stamps(
    table("courses")
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("is_free", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("price", "integer", (c) => c.notNull())
      .addColumn("original_price", "integer", (c) => c.notNull())
      .addColumn("discount_percent", "integer", (c) => c.notNull())
      .addColumn("image", "text", (c) => c.notNull())
      .addColumn("purchase_url", "text")
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("learn_points", "text", (c) => c.notNull())
      .addColumn("tests", "integer", (c) => c.notNull())
      .addColumn("students", "integer", (c) => c.notNull())
      .addColumn("duration", "text", (c) => c.notNull())
      .addColumn("expiry", "text", (c) => c.notNull())
      .addColumn("videos", "integer", (c) => c.notNull())
      .addColumn("display_order", "integer", (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("courses_free_order").on("courses").columns(["is_free", "display_order"]).execute();

  await stamps(
    table("test_series")
      .addColumn("title", "text", (c) => c.notNull().unique())
      .addColumn("tests", "integer", (c) => c.notNull())
      .addColumn("price", "integer", (c) => c.notNull())
      .addColumn("original_price", "integer", (c) => c.notNull())
      .addColumn("discount_percent", "integer", (c) => c.notNull())
      .addColumn("students", "integer", (c) => c.notNull())
      .addColumn("validity_months", "integer", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("purchase_url", "text", (c) => c.notNull())
      .addColumn("features", "text", (c) => c.notNull())
      .addColumn("image", "text", (c) => c.notNull())
      .addColumn("display_order", "integer", (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("test_series_order").on("test_series").column("display_order").execute();

  await stamps(
    active(
      table("test_categories")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull().unique()),
    ),
  ).execute();

  await stamps(
    active(
      table("test_subcategories")
        .addColumn("category_id", "integer", (c) => c.notNull().references("test_categories.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("test_count", "integer", (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`test_count >= 0`),
        ),
    ),
  ).execute();
  await db.schema.createIndex("test_subcategories_category").on("test_subcategories").column("category_id").execute();

  await stamps(
    active(
      table("test_items")
        .addColumn("subcategory_id", "integer", (c) =>
          c.notNull().references("test_subcategories.id").onDelete("cascade"),
        )
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("test_link", "text"),
    ),
  ).execute();
  await db.schema.createIndex("test_items_subcategory").on("test_items").column("subcategory_id").execute();
  await db.schema.createIndex("test_items_active").on("test_items").columns(["is_active", "created_at"]).execute();

  for (const [name, link] of [
    ["ebooks", "pdf_link"],
    ["free_materials", "material_link"],
  ] as const) {
    await stamps(
      active(
        table(name)
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("description", "text")
          .addColumn(link, "text", (c) => c.notNull()),
      ),
    ).execute();
    await db.schema.createIndex(`${name}_active_created`).on(name).columns(["is_active", "created_at"]).execute();
  }

  await table("job_categories")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("display_order", "integer", (c) => c.notNull())
    .execute();

  await stamps(
    active(
      table("job_alerts")
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("view_link", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("posted_date", timestamp, (c) => c.notNull())
        .addColumn("category_id", "integer", (c) => c.notNull().references("job_categories.id").onDelete("restrict")),
    ),
  ).execute();
  await db.schema
    .createIndex("job_alerts_category_active_posted")
    .on("job_alerts")
    .columns(["category_id", "is_active", "posted_date"])
    .execute();

  await db.schema
    .createTable("admin_profiles")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();

  await table("contact_messages")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contact_messages_created").on("contact_messages").column("created_at").execute();

  await table("session_bookings")
    .addColumn("session_type", "text", (c) =>
      c.notNull().check(sql`session_type in ('higher-studies', 'career-guidance')`),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("gate_score", "text")
    .addColumn("college_name", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("session_bookings_created").on("session_bookings").column("created_at").execute();

  await table("email_outbox")
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("reply_to", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'sent', 'dead')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", timestamp, (c) => c.notNull())
    .addColumn("locked_until", timestamp)
    .addColumn("last_error", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("sent_at", timestamp)
    .execute();
  await db.schema.createIndex("email_outbox_due").on("email_outbox").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("site_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();

  await table("audit_log")
    .addColumn("actor_user_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("details", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").column("created_at").execute();

  // Fixed reference rows the public pages depend on (spec §3: job_categories).
  const categories = [
    ["Jobs", "jobs"],
    ["Vacancy", "vacancy"],
    ["Results", "results"],
    ["Admit Cards", "admit-cards"],
  ];
  await db
    .insertInto("job_categories")
    .values(categories.map(([name, slug], i) => ({ name, slug, display_order: i + 1 })))
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const name of [
    "audit_log",
    "site_settings",
    "email_outbox",
    "session_bookings",
    "contact_messages",
    "admin_profiles",
    "job_alerts",
    "job_categories",
    "free_materials",
    "ebooks",
    "test_items",
    "test_subcategories",
    "test_categories",
    "test_series",
    "courses",
    "welcome_popup",
    "testimonials",
    "hero_banners",
  ]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
