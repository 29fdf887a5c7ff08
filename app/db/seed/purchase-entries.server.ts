import { istDate } from "~/core/ist";
import type { DB } from "../client.server";
import { catalogueYear, seededTitles } from "./fixed-data.server";

// The spec's five sample buyers (§2 "Purchase-notification toast"), kept for the demo as purchase
// entries (issue 25) so the toast still shows there: dated a few days before the seeding, in
// India's calendar, so each is shown for its 30 days and then, like any entry, no more. Written
// only into an empty table: staff's own entries replace them. The products are the seeded test
// series of the GATE cycle of that day (issue 26), never last year's.

export const demoPurchaseEntries = [
  { buyer_name: "Aditya", city: "Pune", series: "gateSeries", daysAgo: 1 },
  { buyer_name: "Sneha", city: "Kanpur", series: "ioclSeries", daysAgo: 2 },
  { buyer_name: "Rohit", city: "Vadodara", series: "gateSeries", daysAgo: 4 },
  { buyer_name: "Priya", city: "Chennai", series: "gateSeries", daysAgo: 6 },
  { buyer_name: "Karthik", city: "Hyderabad", series: "ioclSeries", daysAgo: 9 },
] as const;

const DAY = 24 * 60 * 60 * 1000;

export async function seedPurchaseEntries(db: DB, now: number) {
  const existing = await db.selectFrom("purchase_entries").select("id").limit(1).executeTakeFirst();
  if (existing) return;
  const stamp = new Date(now).toISOString();
  const titles = seededTitles(catalogueYear(istDate(now)));
  await db
    .insertInto("purchase_entries")
    .values(
      demoPurchaseEntries.map(({ daysAgo, series, ...entry }) => ({
        ...entry,
        product: `${titles[series]} Test Series`,
        purchased_on: istDate(now - daysAgo * DAY),
        is_active: true,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
}
