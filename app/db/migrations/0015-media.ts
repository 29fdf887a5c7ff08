import { PostgresAdapter, sql, type Kysely } from "kysely";

// The media library (issue 45, decision 017): pictures and papers staff upload, kept in the
// database so that every instance on one database serves them with no shared disk. A file is
// known by the SHA-256 of its stored bytes (content addressing: an identical upload is stored
// once), held in chunks of 256 KiB so that a range request reads a few rows; the responsive
// variants of a picture (AVIF and WebP at a few widths) are made once and kept beside it.
// Blobs are `bytea` on PostgreSQL and `blob` on SQLite; both clients hand them back as Buffers.

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const blob = pg ? sql`bytea` : sql`blob`;

  await db.schema
    .createTable("media_files")
    .addColumn("id", "integer", (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("hash", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('image', 'document')`))
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("ext", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("alt_text", "text")
    .addColumn("is_decorative", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("source_url", "text")
    // The day the source was read, YYYY-MM-DD, as the GATE figures keep it.
    .addColumn("source_read_on", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await sql`create index media_files_kind_created on media_files (kind, created_at, id)`.execute(db);
  await sql`create index media_files_created on media_files (created_at, id)`.execute(db);

  // Chunks and variants go with their file (ON DELETE CASCADE), and cannot exist without one.
  await db.schema
    .createTable("media_chunks")
    .addColumn("hash", "text", (c) => c.notNull().references("media_files.hash").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("data", blob, (c) => c.notNull())
    .addPrimaryKeyConstraint("media_chunks_pk", ["hash", "seq"])
    .execute();

  await db.schema
    .createTable("media_variants")
    .addColumn("hash", "text", (c) => c.notNull().references("media_files.hash").onDelete("cascade"))
    .addColumn("format", "text", (c) => c.notNull().check(sql`format in ('avif', 'webp')`))
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("data", blob, (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("media_variants_pk", ["hash", "format", "width"])
    .execute();

  if (pg) {
    // JPEG, PNG, WebP, AVIF and PDF are compressed already: PostgreSQL's TOAST would spend CPU
    // compressing each chunk again for nothing. EXTERNAL keeps them out of line, uncompressed.
    await sql`alter table media_chunks alter column data set storage external`.execute(db);
    await sql`alter table media_variants alter column data set storage external`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("media_variants").ifExists().execute();
  await db.schema.dropTable("media_chunks").ifExists().execute();
  await db.schema.dropTable("media_files").ifExists().execute();
}
