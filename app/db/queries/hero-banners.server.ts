import {
  ADMIN_LIST_LIMIT,
  auditedWrite,
  deleteAudited,
  updateAudited,
  type AdminActor,
  type RowFields,
} from "../audited-write.server";
import type { ListQuery } from "~/core/list-query";
import { readListPage, setActiveAudited } from "../admin-list.server";
import type { DB } from "../client.server";
import { moveInOrder, nextDisplayOrder } from "../display-order.server";
import { rowById } from "../row-by-id.server";

// Hero banners (spec §2, §4 "Banner order", §7): the active ones in display order for the home
// page's carousel; every banner for the Hero Banners manager. Order-changing writes (create, move)
// lock the table on PostgreSQL first (../display-order.server.ts).

/** The hero carousel shows at most this many banners, so a long list never slows the page. */
export const HERO_BANNER_LIMIT = 10;

/** Active banners, by display_order (spec §7), at most HERO_BANNER_LIMIT. */
export function listActiveHeroBanners(db: DB) {
  return db
    .selectFrom("hero_banners")
    .select(["id", "image_url", "link_url", "alt_text"])
    .where("is_active", "=", true)
    .orderBy("display_order")
    .orderBy("id")
    .limit(HERO_BANNER_LIMIT)
    .execute();
}

export type HeroBanner = Awaited<ReturnType<typeof listActiveHeroBanners>>[number];

/** Every banner, active or not, in display order. */
export function listHeroBannersForAdmin(db: DB) {
  return db
    .selectFrom("hero_banners")
    .select(["id", "image_url", "link_url", "alt_text", "display_order", "is_active", "updated_at"])
    .orderBy("display_order")
    .orderBy("id")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
}

export type AdminHeroBanner = Awaited<ReturnType<typeof listHeroBannersForAdmin>>[number];

/**
 * One page of the manager's list (issue 48): in display order always, searched in the banner's
 * words and addresses, filtered by Active.
 */
export function pageHeroBannersForAdmin(db: DB, list: ListQuery) {
  const query = db
    .selectFrom("hero_banners")
    .select(["id", "image_url", "link_url", "alt_text", "display_order", "is_active", "updated_at"]);
  return readListPage(query, list, {
    id: "id",
    search: ["alt_text", "image_url", "link_url"],
    sorts: { order: { column: "display_order" } },
    active: "is_active",
  });
}

/** Switches a banner on or off (a bulk action). False when no such banner exists. */
export function setHeroBannerActive(db: DB, actor: AdminActor, id: number, active: boolean, now = new Date()) {
  return setActiveAudited(db, actor, "hero_banners", id, active, "display_order", now);
}

export function getHeroBanner(db: DB, id: number) {
  return rowById(db, "hero_banners", ["id", "image_url", "link_url", "alt_text", "display_order", "is_active"], id);
}

/** What the form sets; display_order is the list's own. */
export type HeroBannerFields = Omit<RowFields<"hero_banners">, "display_order">;

/** A new banner goes last: the highest display_order plus 1, or 1 when there is none (spec §4). */
export function createHeroBanner(db: DB, actor: AdminActor, input: HeroBannerFields, now = new Date()) {
  return auditedWrite(db, actor, "hero_banners", now, async ({ trx, claim, insert }) => {
    await claim("create");
    const display_order = await nextDisplayOrder(trx, "hero_banners");
    const id = await insert("hero_banners", { ...input, display_order });
    return { result: id, audit: { action: "create", entityId: id, details: { display_order } } };
  });
}

/** Updates the image, link, words and Active flag; the order is kept. False when no such banner exists. */
export function updateHeroBanner(db: DB, actor: AdminActor, id: number, input: HeroBannerFields, now = new Date()) {
  return updateAudited(db, actor, "hero_banners", id, input, { is_active: input.is_active }, now);
}

/** False when no such banner exists. The others keep their order (a gap is harmless). */
export function deleteHeroBanner(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return deleteAudited(db, actor, "hero_banners", id, "display_order", now);
}

/**
 * Moves a banner one place up or down by swapping display_order with its neighbour, both
 * updates in one transaction (spec §4, §7). At the ends nothing happens. Returns true when the
 * order changed; false at an end or for an unknown banner.
 */
export function moveHeroBanner(db: DB, actor: AdminActor, id: number, direction: "up" | "down", now = new Date()) {
  return moveInOrder(db, actor, "hero_banners", id, direction, now);
}
