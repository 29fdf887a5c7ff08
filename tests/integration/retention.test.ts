import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredData } from "~/lib/retention.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { parseSettings } from "~/lib/site/settings";
import { saveBooking, saveContactMessage } from "~/lib/forms/submissions.server";
import { openTestDb, type TestDb } from "../support/test-db";

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.cleanup());

const settings = parseSettings({});
const day = 24 * 60 * 60 * 1000;
const now = Date.parse("2026-11-22T10:00:00Z");
const contact = (name: string) => ({ name, email: "a@example.com", phone: "9876543210", message: "Hello" });
const booking = (name: string) => ({
  sessionType: "career-guidance" as const,
  name,
  phone: "9876543210",
  gateScore: null,
  collegeName: "NIT",
  query: "PSU or M.Tech?",
});

describe(`retention purge on ${process.env.TEST_ENGINE}`, () => {
  it("deletes leads older than two years, sent e-mails older than 30 days and stale counters; keeps the rest", async () => {
    await saveContactMessage(t.db, settings, contact("Old"), new Date(now - 731 * day));
    await saveContactMessage(t.db, settings, contact("Recent"), new Date(now - 100 * day));
    await saveBooking(t.db, settings, booking("Old"), new Date(now - 800 * day));
    await saveBooking(t.db, settings, booking("Recent"), new Date(now - day));
    // All four e-mails are pending; mark the two-year-old contact's as sent long ago.
    await t.db
      .updateTable("email_outbox")
      .set({ status: "sent" })
      .where("created_at", "<", new Date(now - 700 * day).toISOString())
      .execute();
    await hitRateLimit(t.db, "contact", "10.0.0.1", { limit: 5, windowMs: 60_000 }, now - 3 * day);
    await hitRateLimit(t.db, "contact", "10.0.0.2", { limit: 5, windowMs: 60_000 }, now - 60_000);

    const deleted = await purgeExpiredData(t.db, now);

    expect(deleted).toEqual({ contactMessages: 1, sessionBookings: 1, sentEmails: 2, trash: 0 });
    expect(await t.db.selectFrom("contact_messages").select("name").execute()).toEqual([{ name: "Recent" }]);
    expect(await t.db.selectFrom("session_bookings").select("name").execute()).toEqual([{ name: "Recent" }]);
    // A message never delivered is kept, whatever its age: the outbox decides its fate.
    const outbox = await t.db.selectFrom("email_outbox").select("status").execute();
    expect(outbox.map((row) => row.status).sort()).toEqual(["pending", "pending"]);
    expect(await t.db.selectFrom("rate_limits").select("key").execute()).toEqual([{ key: "10.0.0.2" }]);
  });
});
