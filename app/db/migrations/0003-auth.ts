import { PostgresAdapter, sql, type Kysely } from "kysely";

// Sign-in for staff (issue #4). The first four tables are the auth library's (Better Auth: users,
// sessions, credential accounts, verification tokens), in our snake_case names; the library maps
// its fields onto these columns (app/lib/auth/auth.server.ts) and checks this shape when it starts.
// The rest are ours: the TOTP second factor, its single-use backup codes, and the generated
// signing secret used when BETTER_AUTH_SECRET is not set. Timestamps are timestamptz on
// PostgreSQL and ISO text on SQLite, as in 0001.

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const userRef = "auth_users.id";

  await db.schema
    .createTable("auth_users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("image", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("auth_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references(userRef).onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    // Authenticator assurance: aal2 once the session has passed the second factor (spec §4).
    .addColumn("aal", "text", (c) =>
      c
        .notNull()
        .defaultTo("aal1")
        .check(sql`aal in ('aal1', 'aal2')`),
    )
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_sessions_user").on("auth_sessions").column("user_id").execute();

  await db.schema
    .createTable("auth_accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references(userRef).onDelete("cascade"))
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", timestamp)
    .addColumn("refresh_token_expires_at", timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_accounts_user").on("auth_accounts").column("user_id").execute();

  await db.schema
    .createTable("auth_verifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_verifications_identifier").on("auth_verifications").column("identifier").execute();

  await db.schema
    .createTable("auth_two_factor")
    .addColumn("user_id", "text", (c) => c.primaryKey().references(userRef).onDelete("cascade"))
    /** The TOTP secret, encrypted with a key derived from the auth secret. */
    .addColumn("secret", "text", (c) => c.notNull())
    /** Null while enrolment waits for its first code. */
    .addColumn("confirmed_at", timestamp)
    /** The last accepted 30-second step: a code is never accepted twice (RFC 6238 §5.2). */
    .addColumn("last_used_step", "integer")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("auth_backup_codes")
    .addColumn("id", "integer", (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "text", (c) => c.notNull().references(userRef).onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_backup_codes_user").on("auth_backup_codes").column("user_id").execute();

  await db.schema
    .createTable("auth_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const name of [
    "auth_secrets",
    "auth_backup_codes",
    "auth_two_factor",
    "auth_verifications",
    "auth_accounts",
    "auth_sessions",
    "auth_users",
  ]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
