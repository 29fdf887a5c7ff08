import type { Kysely } from "kysely";
import type { ListQuery } from "~/core/list-query";
import type { ListPage, RowRange } from "~/core/pagination";
import { readListPage, setActiveAudited } from "../admin-list.server";
import {
  ADMIN_LIST_LIMIT,
  deleteAudited,
  insertAudited,
  updateAudited,
  type AdminActor,
} from "../audited-write.server";
import type { DB } from "../client.server";

// E-books and free materials are the same kind of content (spec §2, §7): a title, an optional
// description, one link and Active, listed newest first. One set of queries serves both tables;
// ./ebooks.server.ts and ./free-materials.server.ts name them.

type LinkTable = "ebooks" | "free_materials";

/** What the manager's form sets: the link is the table's own column (pdf_link, material_link). */
export type LinkFields<Link extends string> = {
  title: string;
  description: string | null;
  /** The card's picture (issue 45); left as it is when absent. */
  cover_url?: string | null;
  is_active: boolean;
} & Record<Link, string>;

export function linkListQueries<Link extends string>(table: LinkTable, link: Link, perPage: number) {
  // Kysely types a query by its table name; the two tables share every column used here.
  const q = (db: DB) => db as unknown as Kysely<Record<LinkTable, Record<string, unknown>>>;
  type Public = { id: number; title: string; description: string | null } & Record<Link, string>;
  // cover_url (issue 45): the card's picture, chosen in the manager.
  type Admin = Public & { cover_url: string | null; is_active: boolean; created_at: string; updated_at: string };

  return {
    /** The active rows for the public page, newest first (spec §7), with their covers (issue 45): the first page unless a range is given. */
    listActive(db: DB, range: RowRange = { limit: perPage, offset: 0 }) {
      return q(db)
        .selectFrom(table)
        .select(["id", "title", "description", link, "cover_url"])
        .where("is_active", "=", true)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(range.limit)
        .offset(range.offset)
        .execute() as Promise<(Public & { cover_url: string | null })[]>;
    },

    /** Every row, active or not, newest first, for the manager. */
    listForAdmin(db: DB) {
      return q(db)
        .selectFrom(table)
        .select(["id", "title", "description", link, "cover_url", "is_active", "created_at", "updated_at"])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(ADMIN_LIST_LIMIT)
        .execute() as Promise<Admin[]>;
    },

    /** One page of the manager's list as its view says (issue 48): search, Active, dates, sorts. */
    pageForAdmin(db: DB, list: ListQuery) {
      const query = q(db)
        .selectFrom(table)
        .select(["id", "title", "description", link, "cover_url", "is_active", "created_at", "updated_at"]);
      return readListPage(query, list, {
        id: "id",
        search: ["title", "description"],
        sorts: { added: { column: "created_at" }, title: { column: "title" }, updated: { column: "updated_at" } },
        active: "is_active",
        dated: { column: "created_at", kind: "instant" },
      }) as Promise<ListPage<Admin>>;
    },

    /** Switches a row on or off (a bulk action). False when no such row exists. */
    setActive(db: DB, actor: AdminActor, id: number, active: boolean, now = new Date()) {
      return setActiveAudited(db, actor, table, id, active, "title", now);
    },

    async get(db: DB, id: number) {
      const row = await q(db)
        .selectFrom(table)
        .select(["id", "title", "description", link, "is_active"])
        .where("id", "=", id)
        .executeTakeFirst();
      return (row as (Public & { is_active: boolean }) | undefined) ?? null;
    },

    /** Returns the new id. */
    create(db: DB, actor: AdminActor, input: LinkFields<Link>, now = new Date()) {
      return insertAudited(db, actor, table, input, { title: input.title }, now);
    },

    /** False when no such row exists. */
    update(db: DB, actor: AdminActor, id: number, input: LinkFields<Link>, now = new Date()) {
      return updateAudited(db, actor, table, id, input, { title: input.title }, now);
    },

    /** False when no such row exists. */
    delete(db: DB, actor: AdminActor, id: number, now = new Date()) {
      return deleteAudited(db, actor, table, id, "title", now);
    },
  };
}
