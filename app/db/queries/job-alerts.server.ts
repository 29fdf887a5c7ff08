import type { RowRange } from "~/lib/pagination";
import type { DB } from "../client.server";

/** Alerts per page of each tab (DESIGN §9: long lists are bounded). */
export const ALERTS_PER_PAGE = 20;

/**
 * Active alerts of one job category, by its slug, newest posted_date first (spec §7: "Read
 * job_alerts filtered by category slug and is_active, ordered by posted_date descending"): the
 * first page unless a range is given.
 */
export function listActiveJobAlerts(
  db: DB,
  categorySlug: string,
  range: RowRange = { limit: ALERTS_PER_PAGE, offset: 0 },
) {
  return db
    .selectFrom("job_alerts as a")
    .innerJoin("job_categories as c", "c.id", "a.category_id")
    .select(["a.id", "a.title", "a.description", "a.view_link", "a.posted_date"])
    .where("c.slug", "=", categorySlug)
    .where("a.is_active", "=", true)
    .orderBy("a.posted_date", "desc")
    .orderBy("a.id", "desc")
    .limit(range.limit)
    .offset(range.offset)
    .execute();
}

export type PublicJobAlert = Awaited<ReturnType<typeof listActiveJobAlerts>>[number];
