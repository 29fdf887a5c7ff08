import type { Insertable, Transaction, Updateable } from "kysely";
import { anyTable } from "./any-table.server";
import type { AuditEntity, RowTable, StampedTable, TrashableTable } from "./audited-tables";
import type { DB } from "./client.server";
import { bumpContentVersion } from "./content-version.server";
import { recordAudit, type AuditAction, type AuditDetails } from "./queries/audit-log.server";
import { claimSubmission } from "./queries/idempotency-keys.server";
import { putInTrash, type Row } from "./queries/trash.server";
import type { IdTable } from "./row-by-id.server";
import type { Database } from "./schema";

// Every admin write (issue 5) is one transaction: the change, its audit row (who, what, which row,
// when) and the content-version bump that marks cached public pages stale. They commit or fail
// together. The managers' writes all go through auditedWrite; insertAudited, updateAudited and
// deleteAudited are its plain one-row forms. Rows written through Write.insert and Write.update
// carry the write's own moment in created_at and updated_at.
//
// Issue 48: the audit row of a write that changes one row holds that row before and after
// (row_before, row_after), for the activity log's field-by-field changes and its Undo. Write.insert,
// Write.update and Write.remove record them; a write that changes a row with its own statements
// calls Write.track first. Write.remove keeps the deleted row in the trash for 30 days.

/** Admin lists are bounded like every list (DESIGN §9), far above any real catalogue. */
export const ADMIN_LIST_LIMIT = 1000;

/** The signed-in admin making a change. */
export interface AdminActor {
  userId: string;
  email: string;
  /** The form submission this write answers: written once (see Write.claim). */
  submission?: string;
}

/** Thrown inside a write's transaction to roll it back: the submission was already written. */
export class DuplicateSubmission extends Error {
  constructor(readonly outcome: string | null) {
    super("duplicate submission");
  }
}

export interface Write {
  trx: Transaction<Database>;
  /** The write's moment, for created_at and updated_at. */
  stamp: string;
  /**
   * The first statement of a write that answers a form submission (issue 7 "Duplicate submits"):
   * claims the actor's submission, recording `outcome`, or throws DuplicateSubmission when the same
   * submission was already written. First, so that a concurrent replay waits for the original to
   * commit and then writes nothing, rather than racing it for a slug or an order.
   */
  claim(outcome: AuditAction): Promise<void>;
  /** Inserts a row with created_at and updated_at set to the stamp; returns the new id. */
  insert<Table extends StampedTable>(table: Table, values: RowFields<Table>): Promise<number>;
  /** Updates the row with this id and sets updated_at to the stamp. False when no such row exists. */
  update<Table extends StampedTable>(table: Table, id: number, values: Updateable<Database[Table]>): Promise<boolean>;
  /**
   * Reads the row with this id as it is before the write changes it, so that the audit row of a
   * change to it holds the row before and after. insert, update and remove do this themselves.
   */
  track(table: IdTable, id: number): Promise<void>;
  /** Deletes the row with this id into the trash (issue 48); the row deleted, or null when none. */
  remove(table: TrashableTable, id: number): Promise<Row | null>;
}

/** What a write returns, and what it did for the audit row: none when it changed nothing. */
export interface Change<T> {
  result: T;
  /**
   * entityId is null for a write of many rows (an import). before and after, when given, are
   * recorded as they are, in place of the tracked row's (site settings, a set of keys).
   */
  audit?: { action: AuditAction; entityId: number | null; details?: AuditDetails; before?: Row; after?: Row };
}

// Which tables the one-row helpers, the trash and the timestamps take: ./audited-tables.ts.
export type { RowTable, StampedTable, TrashableTable };

/** The columns of a row that a manager's form sets. */
export type RowFields<Table extends StampedTable> = Omit<
  Insertable<Database[Table]>,
  "id" | "created_at" | "updated_at"
>;

/** Runs `change` in a transaction with its audit row and the content-version bump. */
export function auditedWrite<T>(
  db: DB,
  actor: AdminActor,
  entity: AuditEntity,
  now: Date,
  change: (write: Write) => Promise<Change<T>>,
): Promise<T> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    // Each row the write changes, by table and id, as it was before (null: the write created it).
    const tracked = new Map<string, { table: string; id: number; before: Row | null }>();
    const read = (table: string, id: number) =>
      anyTable(trx).selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst() as Promise<Row | undefined>;
    const track = async (table: string, id: number) => {
      const key = `${table}:${id}`;
      if (!tracked.has(key)) tracked.set(key, { table, id, before: (await read(table, id)) ?? null });
    };
    const claim = async (outcome: AuditAction) => {
      if (!actor.submission) return;
      const claimed = await claimSubmission(trx, actor.submission, outcome, now);
      if (!claimed.fresh) throw new DuplicateSubmission(claimed.outcome);
    };
    const insert = async (table: StampedTable, values: object) => {
      const { id } = await anyTable(trx)
        .insertInto(table)
        .values({ ...values, created_at: stamp, updated_at: stamp })
        .returning("id")
        .executeTakeFirstOrThrow();
      tracked.set(`${table}:${id}`, { table, id, before: null });
      return id;
    };
    const update = async (table: StampedTable, id: number, values: object) => {
      await track(table, id);
      const row = await anyTable(trx)
        .updateTable(table)
        .set({ ...values, updated_at: stamp })
        .where("id", "=", id)
        .returning("id")
        .executeTakeFirst();
      return row !== undefined;
    };
    const remove = async (table: TrashableTable, id: number) => {
      const row = (await anyTable(trx).deleteFrom(table).where("id", "=", id).returningAll().executeTakeFirst()) as
        Row | undefined;
      if (!row) return null;
      const key = `${table}:${id}`;
      if (!tracked.has(key)) tracked.set(key, { table, id, before: row });
      await putInTrash(trx, { entity: table, entityId: id, row, actor, stamp });
      return row;
    };
    const { result, audit } = await change({ trx, stamp, claim, insert, update, track, remove });
    if (audit) {
      const row = audit.entityId === null ? undefined : tracked.get(`${entity}:${audit.entityId}`);
      const before = audit.before ?? row?.before ?? null;
      const after = audit.after ?? (row ? ((await read(row.table, row.id)) ?? null) : null);
      await recordAudit(trx, actor, { ...audit, entity, before, after }, stamp);
      await bumpContentVersion(trx);
    }
    return result;
  });
}

/** Inserts a row, claiming the submission first; returns the new id. */
export function insertAudited<Table extends RowTable>(
  db: DB,
  actor: AdminActor,
  table: Table,
  values: RowFields<Table>,
  details: AuditDetails,
  now = new Date(),
): Promise<number> {
  return auditedWrite(db, actor, table, now, async ({ claim, insert }) => {
    await claim("create");
    const id = await insert(table, values);
    return { result: id, audit: { action: "create", entityId: id, details } };
  });
}

/** Updates a row by id and sets updated_at. False when no such row exists. */
export function updateAudited<Table extends RowTable>(
  db: DB,
  actor: AdminActor,
  table: Table,
  id: number,
  values: Updateable<Database[Table]>,
  details: AuditDetails,
  now = new Date(),
): Promise<boolean> {
  return auditedWrite(db, actor, table, now, async ({ update }) => {
    if (!(await update(table, id, values))) return { result: false };
    return { result: true, audit: { action: "update", entityId: id, details } };
  });
}

/**
 * Deletes a row by id into the trash; the audit row keeps its `detail` column. False when no such
 * row exists.
 */
export function deleteAudited<Table extends RowTable>(
  db: DB,
  actor: AdminActor,
  table: Table,
  id: number,
  detail: keyof Database[Table] & string,
  now = new Date(),
): Promise<boolean> {
  return auditedWrite(db, actor, table, now, async ({ remove }) => {
    const column: string = detail;
    const row = await remove(table, id);
    if (!row) return { result: false };
    const details = { [column]: row[column] as string | number };
    return { result: true, audit: { action: "delete", entityId: id, details } };
  });
}
