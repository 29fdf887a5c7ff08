import { avatarFromName } from "~/core/avatar";
import type { DB } from "../client.server";
import { bumpContentVersion } from "../content-version.server";
import { writeOnce } from "./idempotency-keys.server";

// Testimonials (spec §2 Home, §7): visitors add them from the home page; the carousel shows the
// newest.

/** The carousel shows at most this many testimonials: a long list never slows the page. */
export const TESTIMONIAL_LIMIT = 12;

/** The newest testimonials first (spec §7), at most `limit`. */
export function listRecentTestimonials(db: DB, limit = TESTIMONIAL_LIMIT) {
  return db
    .selectFrom("testimonials")
    .select(["id", "name", "rating", "comment", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export type Testimonial = Awaited<ReturnType<typeof listRecentTestimonials>>[number];

/**
 * Stores a visitor's testimonial with its avatar (the name's initials, spec §3). With a
 * submission key (issue 7), a repeat of one already stored writes nothing and returns null.
 */
export async function saveTestimonial(
  db: DB,
  input: { name: string; rating: number; comment: string },
  now = new Date(),
  key?: string,
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
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The home page shows testimonials: its cached copy is stale now.
    await bumpContentVersion(trx);
    return id;
  });
}
