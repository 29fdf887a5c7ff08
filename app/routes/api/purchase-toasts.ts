import { getDb } from "~/db/client.server";
import type { PurchaseToastData } from "~/lib/purchase-toast";
import { recentPurchaseToasts } from "~/lib/purchase-toast.server";
import { getSiteSettings } from "~/lib/settings.server";

// The purchase toast's entries (issue 25), fetched by the toast when it is due. Public pages are
// cached until the next admin write, but which purchases are recent enough changes with the date
// alone; so the entries are not in the page: this answer is worked out at each request (the page
// cache never keeps /api/ answers, server/page-cache.ts) and no browser or proxy stores it.
export async function loader() {
  const db = getDb();
  const settings = await getSiteSettings(db);
  const data: PurchaseToastData = {
    entries: settings.purchaseToastsEnabled ? await recentPurchaseToasts(db) : [],
  };
  return Response.json(data, { headers: { "Cache-Control": "no-store" } });
}
