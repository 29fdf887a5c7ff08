import type { DB } from "~/db/client.server";
import { listRecentPurchaseEntries } from "~/db/queries/purchase-entries.server";
import { addDays, daysBetween, istDate } from "~/core/ist";
import { SHOWN_FOR_DAYS, type ToastEntry } from "./purchase-toast";

/**
 * The toast's entries at this moment (issue 25): the active purchases of the last 30 days by
 * today's date in India, where the buyers and the staff are, newest first, each with its age in
 * days. Read by the public layout's loader for each page it renders; a page is cached only
 * until midnight in India, so none keeps an expired entry or a stale "N days ago".
 */
export async function recentPurchaseToasts(db: DB, now = new Date()): Promise<ToastEntry[]> {
  const today = istDate(now);
  const rows = await listRecentPurchaseEntries(db, addDays(today, -SHOWN_FOR_DAYS), today);
  return rows.map((row) => ({
    name: row.buyer_name,
    city: row.city,
    product: row.product,
    daysAgo: daysBetween(row.purchased_on, today),
  }));
}
