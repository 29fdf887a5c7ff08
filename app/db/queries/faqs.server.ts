import { ADMIN_LIST_LIMIT, auditedWrite, deleteAudited, updateAudited, type AdminActor } from "../audited-write.server";
import type { ListQuery } from "~/core/list-query";
import { readListPage, setActiveAudited } from "../admin-list.server";
import type { DB } from "../client.server";
import { moveInOrder, nextDisplayOrder } from "../display-order.server";
import { freeSlug } from "./free-slug.server";

// The FAQ page's questions (issue 48 item 7; migration 0022 seeded the five the site started
// with): the active ones in display order for /faqs and site search, every one for the FAQ
// manager, which adds, edits, reorders, switches off and deletes them. A question keeps the slug
// it was made with (its anchor, /faqs#how-to-buy) when it is reworded, so links to it keep
// working. Its order is kept as the hero banners' is (../display-order.server.ts).

/** The FAQ page lists at most this many questions (DESIGN §9: long lists are bounded). */
export const FAQ_LIMIT = 100;

/** The active questions in display order: the FAQ page and its structured data. */
export function listActiveFaqs(db: DB) {
  return db
    .selectFrom("faqs")
    .select(["id", "slug", "question", "answer"])
    .where("is_active", "=", true)
    .orderBy("display_order")
    .orderBy("id")
    .limit(FAQ_LIMIT)
    .execute();
}

export type PublicFaq = Awaited<ReturnType<typeof listActiveFaqs>>[number];

/** Every question, active or not, in display order. */
export function listFaqsForAdmin(db: DB) {
  return db
    .selectFrom("faqs")
    .select(["id", "slug", "question", "answer", "display_order", "is_active", "updated_at"])
    .orderBy("display_order")
    .orderBy("id")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
}

export type AdminFaq = Awaited<ReturnType<typeof listFaqsForAdmin>>[number];

/** One page of the FAQ manager's list (issue 48 lists): searched in the words, by Active, in order. */
export function pageFaqsForAdmin(db: DB, list: ListQuery) {
  const query = db
    .selectFrom("faqs")
    .select(["id", "slug", "question", "answer", "display_order", "is_active", "updated_at"]);
  return readListPage(query, list, {
    id: "id",
    search: ["question", "answer"],
    sorts: { order: { column: "display_order" } },
    active: "is_active",
  });
}

/** Switches a question on or off (a bulk action). False when there is no such question. */
export function setFaqActive(db: DB, actor: AdminActor, id: number, active: boolean, now = new Date()) {
  return setActiveAudited(db, actor, "faqs", id, active, "question", now);
}

/** What the FAQ form sets; the slug and the order are the list's own. */
export interface FaqFields {
  question: string;
  answer: string;
  is_active: boolean;
}

/** A new question goes last, with a slug made from its words. Returns its id. */
export function createFaq(db: DB, actor: AdminActor, input: FaqFields, now = new Date()) {
  return auditedWrite(db, actor, "faqs", now, async ({ trx, claim, insert }) => {
    await claim("create");
    const display_order = await nextDisplayOrder(trx, "faqs");
    const slug = await freeSlug(trx, "faqs", input.question, { maxLength: 60 });
    const id = await insert("faqs", { ...input, slug, display_order });
    return { result: id, audit: { action: "create", entityId: id, details: { question: input.question } } };
  });
}

/** Rewords a question or switches it on or off; its slug and place are kept. False when there is none. */
export function updateFaq(db: DB, actor: AdminActor, id: number, input: FaqFields, now = new Date()) {
  return updateAudited(db, actor, "faqs", id, input, { question: input.question, is_active: input.is_active }, now);
}

/** False when there is no such question. The others keep their order (a gap is harmless). */
export function deleteFaq(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return deleteAudited(db, actor, "faqs", id, "question", now);
}

/**
 * Moves a question one place up or down by swapping display_order with its neighbour, in one
 * transaction. True when the order changed; false at an end or for an unknown question.
 */
export function moveFaq(db: DB, actor: AdminActor, id: number, direction: "up" | "down", now = new Date()) {
  return moveInOrder(db, actor, "faqs", id, direction, now);
}
