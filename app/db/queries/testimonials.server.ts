import { avatarFromName } from "~/core/avatar";
import { ADMIN_LIST_LIMIT, auditedWrite, type AdminActor } from "../audited-write.server";
import type { ListQuery } from "~/core/list-query";
import { readListPage } from "../admin-list.server";
import type { DB } from "../client.server";
import { bumpVisitorContentVersion } from "../content-version.server";
import type { TestimonialStatus } from "../schema";
import { writeOnce } from "./idempotency-keys.server";

// Testimonials (spec §2 Home, §7): visitors add them from the home page; the carousel shows the
// newest approved ones. Issue 25: a new one waits for staff (pending) unless the site setting says
// it appears at once; the Testimonials manager approves, hides, renames and deletes.

/** The carousel shows at most this many testimonials: a long list never slows the page. */
export const TESTIMONIAL_LIMIT = 12;

/** The newest approved testimonials first (spec §7), at most `limit`. */
export function listRecentTestimonials(db: DB, limit = TESTIMONIAL_LIMIT) {
  return db
    .selectFrom("testimonials")
    .select(["id", "name", "rating", "comment", "created_at"])
    .where("status", "=", "approved")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export type Testimonial = Awaited<ReturnType<typeof listRecentTestimonials>>[number];

/**
 * Stores a visitor's testimonial with its avatar (the name's initials, spec §3), approved or
 * pending. With a submission key (issue 7), a repeat of one already stored writes nothing and
 * returns null.
 */
export async function saveTestimonial(
  db: DB,
  input: { name: string; rating: number; comment: string },
  now = new Date(),
  key?: string,
  status: "approved" | "pending" = "approved",
) {
  return writeOnce(db, key, now, async (trx) => {
    const { id } = await trx
      .insertInto("testimonials")
      .values({
        name: input.name,
        rating: input.rating,
        comment: input.comment,
        avatar: avatarFromName(input.name),
        created_at: now.toISOString(),
        status,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The home page shows approved testimonials: its cached copy is stale now, and only it (the
    // visitor counter, issue 42). A pending one changes no page until it is approved (through
    // auditedWrite, which marks every page stale then).
    if (status === "approved") await bumpVisitorContentVersion(trx);
    return id;
  });
}

/** Every testimonial for the manager, whatever its status, newest first. */
export function listTestimonialsForAdmin(db: DB) {
  return db
    .selectFrom("testimonials")
    .select(["id", "name", "rating", "comment", "status", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ADMIN_LIST_LIMIT)
    .execute();
}

export type AdminTestimonial = Awaited<ReturnType<typeof listTestimonialsForAdmin>>[number];

/**
 * One page of the manager's list (issue 48): searched in the name and the words, filtered by
 * ?status= (pending: waiting for approval), ?rating= and the day received, sorted.
 */
export function pageTestimonialsForAdmin(db: DB, list: ListQuery) {
  let query = db.selectFrom("testimonials").select(["id", "name", "rating", "comment", "status", "created_at"]);
  const { status, rating } = list.filters;
  if (status) query = query.where("status", "=", status as TestimonialStatus);
  if (rating) query = query.where("rating", "=", Number(rating));
  return readListPage(query, list, {
    id: "id",
    search: ["name", "comment"],
    sorts: { received: { column: "created_at" }, name: { column: "name" }, rating: { column: "rating" } },
    dated: { column: "created_at", kind: "instant" },
  });
}

/**
 * Changes one testimonial (its status, or its display name and the avatar made from it) with its
 * audit row, marking the home page stale. False when no such testimonial exists.
 */
function changeTestimonial(
  db: DB,
  actor: AdminActor,
  id: number,
  values: { status: TestimonialStatus } | { name: string; avatar: string },
  now: Date,
) {
  return auditedWrite(db, actor, "testimonials", now, async ({ trx, track }) => {
    await track("testimonials", id);
    const row = await trx
      .updateTable("testimonials")
      .set(values)
      .where("id", "=", id)
      .returning("name")
      .executeTakeFirst();
    if (!row) return { result: false };
    return { result: true, audit: { action: "update", entityId: id, details: { name: row.name, ...values } } };
  });
}

/** Approves (shows on the home page) or hides a testimonial. False when no such testimonial exists. */
export function setTestimonialStatus(
  db: DB,
  actor: AdminActor,
  id: number,
  status: TestimonialStatus,
  now = new Date(),
) {
  return changeTestimonial(db, actor, id, { status }, now);
}

/** Changes the name shown with a testimonial, and its initials. False when no such testimonial exists. */
export function renameTestimonial(db: DB, actor: AdminActor, id: number, input: { name: string }, now = new Date()) {
  return changeTestimonial(db, actor, id, { name: input.name, avatar: avatarFromName(input.name) }, now);
}

/**
 * Deletes a testimonial into the trash (issue 48); the audit row keeps its name. False when no such
 * testimonial exists.
 */
export function deleteTestimonial(db: DB, actor: AdminActor, id: number, now = new Date()) {
  return auditedWrite(db, actor, "testimonials", now, async ({ remove }) => {
    const row = await remove("testimonials", id);
    if (!row) return { result: false };
    return { result: true, audit: { action: "delete", entityId: id, details: { name: String(row.name) } } };
  });
}

/** How many testimonials wait for approval (issue 48): one query, for the overview and the menu. */
export async function countPendingTestimonials(db: DB): Promise<number> {
  const row = await db
    .selectFrom("testimonials")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
