import type { Kysely } from "kysely";
import type { DB } from "~/db/client.server";
import { ADMIN_LIST_LIMIT, claimSubmissionOnce, recordAudit, type AdminActor, type AuditEntity } from "./audit.server";

// E-books and free materials are the same kind of content (spec §2, §7): a title, an optional
// description, one link and Active, listed newest first. One set of writes serves both tables;
// each write carries its audit row in one transaction and sets updated_at.

type LinkTable = Extract<AuditEntity, "ebooks" | "free_materials">;

export interface LinkInput {
  title: string;
  description: string | null;
  is_active: boolean;
}

export function linkListStore<Link extends string, Input extends LinkInput & Record<Link, string>>(
  table: LinkTable,
  link: Link,
) {
  // Kysely types a query by its table name; the two tables share every column used here.
  const q = (db: DB) => db as unknown as Kysely<Record<LinkTable, Record<string, unknown>>>;
  type Row = { id: number; title: string; description: string | null; is_active: boolean } & Record<Link, string>;

  return {
    list(db: DB) {
      return q(db)
        .selectFrom(table)
        .select(["id", "title", "description", link, "is_active", "created_at", "updated_at"])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(ADMIN_LIST_LIMIT)
        .execute() as Promise<(Row & { created_at: string; updated_at: string })[]>;
    },

    async get(db: DB, id: number) {
      const row = await q(db)
        .selectFrom(table)
        .select(["id", "title", "description", link, "is_active"])
        .where("id", "=", id)
        .executeTakeFirst();
      return (row as Row | undefined) ?? null;
    },

    /** Returns the new id. */
    create(db: DB, actor: AdminActor, input: Input, now = new Date()) {
      const stamp = now.toISOString();
      return db.transaction().execute(async (trx) => {
        await claimSubmissionOnce(trx, actor, "create", stamp);
        const { id } = (await q(trx)
          .insertInto(table)
          .values({ ...input, created_at: stamp, updated_at: stamp })
          .returning("id")
          .executeTakeFirstOrThrow()) as { id: number };
        await recordAudit(
          trx,
          actor,
          { action: "create", entity: table, entityId: id, details: { title: input.title } },
          stamp,
        );
        return id;
      });
    },

    /** False when no such row exists. */
    update(db: DB, actor: AdminActor, id: number, input: Input, now = new Date()) {
      const stamp = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await q(trx)
          .updateTable(table)
          .set({ ...input, updated_at: stamp })
          .where("id", "=", id)
          .returning("id")
          .executeTakeFirst();
        if (!row) return false;
        await recordAudit(
          trx,
          actor,
          { action: "update", entity: table, entityId: id, details: { title: input.title } },
          stamp,
        );
        return true;
      });
    },

    /** False when no such row exists. */
    delete(db: DB, actor: AdminActor, id: number, now = new Date()) {
      const stamp = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const row = (await q(trx)
          .deleteFrom(table)
          .where("id", "=", id)
          .returning(["id", "title"])
          .executeTakeFirst()) as { id: number; title: string } | undefined;
        if (!row) return false;
        await recordAudit(
          trx,
          actor,
          { action: "delete", entity: table, entityId: id, details: { title: row.title } },
          stamp,
        );
        return true;
      });
    },
  };
}

export type LinkListStore<Link extends string, Input extends LinkInput & Record<Link, string>> = ReturnType<
  typeof linkListStore<Link, Input>
>;
