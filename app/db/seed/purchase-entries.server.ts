import type { DB } from "../client.server";

// The spec's five sample buyers (§2 "Purchase-notification toast"), kept for the demo as purchase
// entries (issue 25) so the toast still shows there: dated a few days before the seeding, in
// India's calendar, so each is shown for its 30 days and then, like any entry, no more. Written
// only into an empty table: staff's own entries replace them.

export const demoPurchaseEntries = [
  { buyer_name: "Aditya", city: "Pune", product: "GATE 2026 Test Series", daysAgo: 1 },
  { buyer_name: "Sneha", city: "Kanpur", product: "IOCL-2025 Test Series", daysAgo: 2 },
  { buyer_name: "Rohit", city: "Vadodara", product: "GATE 2026 Test Series", daysAgo: 4 },
  { buyer_name: "Priya", city: "Chennai", product: "GATE 2026 Test Series", daysAgo: 6 },
  { buyer_name: "Karthik", city: "Hyderabad", product: "IOCL-2025 Test Series", daysAgo: 9 },
] as const;

const DAY = 24 * 60 * 60 * 1000;
const dateInIndia = (at: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(at);

export async function seedPurchaseEntries(db: DB, now: number) {
  const existing = await db.selectFrom("purchase_entries").select("id").limit(1).executeTakeFirst();
  if (existing) return;
  const stamp = new Date(now).toISOString();
  await db
    .insertInto("purchase_entries")
    .values(
      demoPurchaseEntries.map(({ daysAgo, ...entry }) => ({
        ...entry,
        purchased_on: dateInIndia(now - daysAgo * DAY),
        is_active: true,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
}
