import type { Generated, Insertable, Kysely, Transaction, Updateable } from "kysely";
import type { DB } from "./client.server";
import { bumpContentVersion } from "./content-version.server";
import { recordAudit, type AuditAction, type AuditDetails, type AuditEntity } from "./queries/audit-log.server";
import { claimSubmission } from "./queries/idempotency-keys.server";
import type { Database } from "./schema";

// Every admin write (issue 5) is one transaction: the change, its audit row (who, what, which row,
// when) and the content-version bump that marks cached public pages stale. They commit or fail
// together. The managers' writes all go through auditedWrite; insertAudited, updateAudited and
// deleteAudited are its plain one-row forms.

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
}

/** What a write returns, and what it did for the audit row: none when it changed nothing. */
export interface Change<T> {
  result: T;
  audit?: { action: AuditAction; entityId: number; details?: AuditDetails };
}

/** Runs `change` in a transaction with its audit row and the content-version bump. */
export function auditedWrite<T>(
  db: DB,
  actor: AdminActor,
  entity: AuditEntity,
  change: (write: Write) => Promise<Change<T>>,
  now = new Date(),
): Promise<T> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const claim = async (outcome: AuditAction) => {
      if (!actor.submission) return;
      const claimed = await claimSubmission(trx, actor.submission, outcome, now);
      if (!claimed.fresh) throw new DuplicateSubmission(claimed.outcome);
    };
    const { result, audit } = await change({ trx, stamp, claim });
    if (audit) {
      await recordAudit(trx, actor, { ...audit, entity }, stamp);
      await bumpContentVersion(trx);
    }
    return result;
  });
}

/** The tables whose rows the managers create, edit and delete one at a time by id. */
export type RowTable = "job_alerts" | "test_items" | "hero_banners" | "ebooks" | "free_materials";

/** The columns of a row that a manager's form sets. */
export type RowFields<Table extends RowTable> = Omit<Insertable<Database[Table]>, "id" | "created_at" | "updated_at">;

// Kysely types a query by its table name, which is generic here; every RowTable has the columns
// used below, and the callers' values are checked against their own table's columns.
type AnyRow = { id: Generated<number>; created_at: string; updated_at: string } & Record<string, unknown>;
const untyped = (trx: Transaction<Database>) => trx as unknown as Kysely<Record<string, AnyRow>>;

/** Inserts a row, claiming the submission first; returns the new id. */
export function insertAudited<Table extends RowTable>(
  db: DB,
  actor: AdminActor,
  table: Table,
  values: RowFields<Table>,
  details: AuditDetails,
  now = new Date(),
): Promise<number> {
  return auditedWrite(
    db,
    actor,
    table,
    async ({ trx, stamp, claim }) => {
      await claim("create");
      const { id } = await untyped(trx)
        .insertInto(table as string)
        .values({ ...values, created_at: stamp, updated_at: stamp })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { result: id, audit: { action: "create", entityId: id, details } };
    },
    now,
  );
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
  return auditedWrite(
    db,
    actor,
    table,
    async ({ trx, stamp }) => {
      const row = await untyped(trx)
        .updateTable(table as string)
        .set({ ...values, updated_at: stamp })
        .where("id", "=", id)
        .returning("id")
        .executeTakeFirst();
      if (!row) return { result: false };
      return { result: true, audit: { action: "update", entityId: id, details } };
    },
    now,
  );
}

/** Deletes a row by id; the audit row keeps its `detail` column. False when no such row exists. */
export function deleteAudited<Table extends RowTable>(
  db: DB,
  actor: AdminActor,
  table: Table,
  id: number,
  detail: keyof Database[Table] & string,
  now = new Date(),
): Promise<boolean> {
  return auditedWrite(
    db,
    actor,
    table,
    async ({ trx }) => {
      const column: string = detail;
      const row = await untyped(trx)
        .deleteFrom(table as string)
        .where("id", "=", id)
        .returning(column)
        .executeTakeFirst();
      if (!row) return { result: false };
      const details = { [column]: row[column] as string | number };
      return { result: true, audit: { action: "delete", entityId: id, details } };
    },
    now,
  );
}
