import { sql, type Selectable, type Transaction } from "kysely";
import { ADMIN_LIST_LIMIT, auditedWrite, type AdminActor } from "../audited-write.server";
import { anyTable } from "../any-table.server";
import type { DB } from "../client.server";
import type { Database, MediaFilesTable, MediaKind, MediaVariantFormat } from "../schema";

// The media library's tables (issue 45, decision 017): media_files (what each file is),
// media_chunks (its bytes) and media_variants (a picture's responsive copies). A file is known by
// the SHA-256 of its stored bytes, so an identical upload finds the row already there. Every
// admin write goes through auditedWrite: the file row, its chunks and the audit row commit
// together, so an interrupted upload leaves nothing half-stored.

/** The size of one stored chunk. Never changed once files are stored: range reads count on it. */
export const MEDIA_CHUNK_BYTES = 256 * 1024;

const fileColumns = [
  "id",
  "hash",
  "kind",
  "mime",
  "ext",
  "size",
  "width",
  "height",
  "filename",
  "title",
  "alt_text",
  "is_decorative",
  "source_url",
  "source_read_on",
  "created_by",
  "created_at",
  "updated_at",
] as const;

export type MediaFile = Selectable<MediaFilesTable>;

/** What an upload stores about its file (the hash, type and size come from the bytes). */
export type NewMediaFile = Omit<MediaFile, "id" | "created_at" | "updated_at">;

/** What staff may change afterwards: never the bytes, the type or the name (the address). */
export type MediaDetails = Pick<MediaFile, "title" | "alt_text" | "is_decorative" | "source_url" | "source_read_on">;

export function getMediaFile(db: DB, id: number): Promise<MediaFile | undefined> {
  return db.selectFrom("media_files").select(fileColumns).where("id", "=", id).executeTakeFirst();
}

export function getMediaFileByHash(db: DB, hash: string): Promise<MediaFile | undefined> {
  return db.selectFrom("media_files").select(fileColumns).where("hash", "=", hash).executeTakeFirst();
}

/** The files of these hashes (a page's pictures, looked up at once), in no order. */
export async function getMediaFilesByHashes(db: DB, hashes: readonly string[]): Promise<MediaFile[]> {
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return [];
  return db.selectFrom("media_files").select(fileColumns).where("hash", "in", unique).execute();
}

export interface MediaListQuery {
  kind?: MediaKind;
  /** Words found in the title, the display name or the alt text (case-insensitive). */
  search?: string;
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

/** The library, newest first, filtered by kind and words: one page of it, and how many match. */
export async function listMediaFiles(db: DB, query: MediaListQuery = {}) {
  const pageSize = Math.min(ADMIN_LIST_LIMIT, Math.max(1, Math.trunc(query.pageSize ?? 60)));
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  const words = (query.search ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  let base = db.selectFrom("media_files");
  if (query.kind) base = base.where("kind", "=", query.kind);
  for (const word of words) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or(
        (["title", "filename", "alt_text"] as const).map(
          (column) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .select(fileColumns)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n), page, pageSize };
}

// --- the bytes -----------------------------------------------------------------------------------

/**
 * Where a file's bytes live, behind one interface (decision 017): these tables by default. An
 * S3-compatible store would implement the same three operations (put under the hash, read a
 * byte range, remove) and leave media_files, auditing and usage as they are.
 */
export interface MediaBlobStore {
  /** Stores the bytes under `hash`, inside the write's transaction; returns how many. */
  put(trx: Transaction<Database>, hash: string, bytes: AsyncIterable<Uint8Array>): Promise<number>;
  /** Bytes `start` to `end` (both included) of the file, a chunk at a time. */
  read(db: DB, hash: string, start: number, end: number): AsyncIterable<Uint8Array>;
  remove(trx: Transaction<Database>, hash: string): Promise<void>;
}

/**
 * Splits any stream of byte arrays into pieces of exactly `size` bytes (the last may be shorter).
 * A piece may be a view of the caller's buffer, valid until the next is asked for: each is
 * written before the next is read, so a file is not copied on its way to the database.
 */
async function* rechunk(bytes: AsyncIterable<Uint8Array>, size: number): AsyncIterable<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const piece of bytes) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    if (heldBytes === 0) {
      for (; rest.length >= size; rest = rest.subarray(size)) yield rest.subarray(0, size);
    }
    while (heldBytes + rest.length >= size) {
      const take = size - heldBytes;
      yield Buffer.concat([...held, rest.subarray(0, take)]);
      held = [];
      heldBytes = 0;
      rest = rest.subarray(take);
    }
    if (rest.length) {
      // A copy: the caller may reuse its buffer for the next piece.
      held.push(Buffer.from(rest));
      heldBytes += rest.length;
    }
  }
  if (heldBytes) yield Buffer.concat(held);
}

export const databaseBlobs: MediaBlobStore = {
  async put(trx, hash, bytes) {
    let seq = 0;
    let size = 0;
    for await (const data of rechunk(bytes, MEDIA_CHUNK_BYTES)) {
      await trx.insertInto("media_chunks").values({ hash, seq: seq++, data }).execute();
      size += data.length;
    }
    return size;
  },
  async *read(db, hash, start, end) {
    const first = Math.floor(start / MEDIA_CHUNK_BYTES);
    const last = Math.floor(end / MEDIA_CHUNK_BYTES);
    // One chunk per query: a slow reader holds one chunk in memory, not the file.
    for (let seq = first; seq <= last; seq++) {
      const row = await db
        .selectFrom("media_chunks")
        .select("data")
        .where("hash", "=", hash)
        .where("seq", "=", seq)
        .executeTakeFirst();
      if (!row) throw new Error(`media chunk ${hash}/${seq} is missing`);
      const offset = seq * MEDIA_CHUNK_BYTES;
      const from = Math.max(0, start - offset);
      const to = Math.min(row.data.length, end - offset + 1);
      yield row.data.subarray(from, to);
    }
  },
  async remove(trx, hash) {
    await trx.deleteFrom("media_variants").where("hash", "=", hash).execute();
    await trx.deleteFrom("media_chunks").where("hash", "=", hash).execute();
  },
};

/** Where this process keeps files. */
export const mediaBlobs: MediaBlobStore = databaseBlobs;

// --- admin writes --------------------------------------------------------------------------------

export type CreateOutcome = { created: true; file: MediaFile } | { created: false; file: MediaFile };

/** The file's row, inserted; undefined when a row with its hash exists already. */
function insertFileRow(trx: Transaction<Database>, input: NewMediaFile, stamp: string) {
  return trx
    .insertInto("media_files")
    .values({ ...input, created_at: stamp, updated_at: stamp })
    .onConflict((oc) => oc.column("hash").doNothing())
    .returning(fileColumns)
    .executeTakeFirst();
}

/**
 * Stores a new file: its row, its bytes and the audit row in one transaction. When a file with
 * the same hash is already there (stored before, or by an upload committing meanwhile), nothing
 * is written and that file is returned.
 */
export async function createMediaFile(
  db: DB,
  actor: AdminActor,
  input: NewMediaFile,
  bytes: () => AsyncIterable<Uint8Array>,
  now = new Date(),
): Promise<CreateOutcome> {
  const existing = await getMediaFileByHash(db, input.hash);
  if (existing) return { created: false, file: existing };
  const created = await auditedWrite(db, actor, "media_files", now, async ({ trx, stamp }) => {
    // The row first: a second upload of the same bytes waits here for this one to commit
    // (PostgreSQL's unique index; SQLite has one writer), then inserts nothing and stores nothing.
    const row = await insertFileRow(trx, input, stamp);
    if (!row) return { result: null };
    const stored = await mediaBlobs.put(trx, input.hash, bytes());
    if (stored !== input.size) throw new Error(`stored ${stored} bytes of ${input.size}`);
    const details = { title: input.title, filename: input.filename, kind: input.kind, size: input.size };
    return { result: row, audit: { action: "create", entityId: row.id, details } };
  });
  if (created) return { created: true, file: created };
  const other = await getMediaFileByHash(db, input.hash);
  if (!other) throw new Error(`media file ${input.hash} was neither stored nor found`);
  return { created: false, file: other };
}

/**
 * Stores a file the demo seed made (issue 45): no admin made it, so no audit row. Once per hash:
 * the same bytes again write nothing and return the file already there.
 */
export async function seedMediaFile(
  db: DB,
  input: NewMediaFile,
  data: Buffer,
  now = new Date(),
): Promise<CreateOutcome> {
  const existing = await getMediaFileByHash(db, input.hash);
  if (existing) return { created: false, file: existing };
  const stamp = now.toISOString();
  const created = await db.transaction().execute(async (trx) => {
    const row = await insertFileRow(trx, input, stamp);
    if (row)
      await mediaBlobs.put(
        trx,
        input.hash,
        (async function* () {
          yield data;
        })(),
      );
    return row;
  });
  if (created) return { created: true, file: created };
  return { created: false, file: (await getMediaFileByHash(db, input.hash))! };
}

/** Changes a file's details. False when no such file exists. */
export function updateMediaDetails(db: DB, actor: AdminActor, id: number, details: MediaDetails, now = new Date()) {
  return auditedWrite(db, actor, "media_files", now, async ({ trx, stamp }) => {
    const row = await trx
      .updateTable("media_files")
      .set({ ...details, updated_at: stamp })
      .where("id", "=", id)
      .returning("title")
      .executeTakeFirst();
    if (!row) return { result: false };
    return { result: true, audit: { action: "update", entityId: id, details: { title: row.title } } };
  });
}

export type DeleteOutcome<U> = { deleted: true; file: MediaFile } | { deleted: false; usedBy: U[] } | null;

/**
 * Deletes a file with its chunks and variants, unless `usedBy` (run in the same transaction)
 * finds rows that still show it: then nothing changes and those rows are returned. Null when no
 * such file exists.
 */
export function deleteMediaFile<U>(
  db: DB,
  actor: AdminActor,
  id: number,
  usedBy: (trx: Transaction<Database>, hash: string) => Promise<U[]>,
  now = new Date(),
): Promise<DeleteOutcome<U>> {
  return auditedWrite<DeleteOutcome<U>>(db, actor, "media_files", now, async ({ trx }) => {
    const file = await trx.selectFrom("media_files").select(fileColumns).where("id", "=", id).executeTakeFirst();
    if (!file) return { result: null };
    const users = await usedBy(trx, file.hash);
    if (users.length) return { result: { deleted: false as const, usedBy: users } };
    await mediaBlobs.remove(trx, file.hash);
    await trx.deleteFrom("media_files").where("id", "=", id).execute();
    const details = { title: file.title, filename: file.filename, hash: file.hash };
    return { result: { deleted: true as const, file }, audit: { action: "delete", entityId: id, details } };
  });
}

// --- variants ------------------------------------------------------------------------------------

export interface MediaVariant {
  data: Buffer;
  size: number;
}

export function getMediaVariant(db: DB, hash: string, format: MediaVariantFormat, width: number) {
  return db
    .selectFrom("media_variants")
    .select(["data", "size"])
    .where("hash", "=", hash)
    .where("format", "=", format)
    .where("width", "=", width)
    .executeTakeFirst();
}

/** Keeps a variant; one already there (made by another instance meanwhile) stays as it is. */
export async function saveMediaVariant(
  db: DB,
  variant: { hash: string; format: MediaVariantFormat; width: number; data: Buffer },
  now = new Date(),
) {
  await db
    .insertInto("media_variants")
    .values({ ...variant, size: variant.data.length, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["hash", "format", "width"]).doNothing())
    .execute();
}

// --- where files are used ------------------------------------------------------------------------

/** A column that may hold a media address, and the column that names its row. */
export interface MediaColumn {
  table: keyof Database & string;
  column: string;
  labelColumn: string;
  /** The column holds a file's bare hash (a question's source paper), not its address. */
  holdsHash?: boolean;
}

export interface MediaReference {
  table: string;
  column: string;
  id: number;
  label: string | null;
  value: string;
}

/**
 * The rows whose `columns` hold an address of the file `hash`, or of any media file when no hash
 * is given (for a list that shows which files are in use). Hashes are hex, so the pattern needs
 * no escaping.
 */
export async function findMediaReferences(
  db: DB | Transaction<Database>,
  columns: readonly MediaColumn[],
  hash?: string,
): Promise<MediaReference[]> {
  if (hash !== undefined && !/^[0-9a-f]{64}$/.test(hash)) return [];
  const pattern = `%/media/${hash ? `${hash}/` : ""}%`;
  const found = await Promise.all(
    columns.map(async ({ table, column, labelColumn, holdsHash }) => {
      let query = anyTable(db)
        .selectFrom(table)
        .select([
          sql.ref<number>("id").as("id"),
          sql.ref<unknown>(labelColumn).as("label"),
          sql.ref<string>(column).as("value"),
        ]);
      if (!holdsHash) query = query.where(sql.ref(column), "like", pattern);
      else if (hash) query = query.where(sql.ref(column), "=", hash);
      else query = query.where(sql.ref(column), "is not", null);
      const rows = await query.orderBy("id").limit(ADMIN_LIST_LIMIT).execute();
      return rows.map((row) => ({
        table,
        column,
        id: Number(row.id),
        label: row.label === null || row.label === undefined ? null : String(row.label),
        value: String(row.value),
      }));
    }),
  );
  return found.flat();
}
