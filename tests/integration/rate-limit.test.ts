import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitRateLimit, peekRateLimit, pruneRateLimits } from "~/lib/rate-limit.server";
import { openTestDb, type TestDb } from "../support/test-db";

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.cleanup());

const rule = { limit: 3, windowMs: 10 * 60_000 };

describe(`rate limits on ${process.env.TEST_ENGINE}`, () => {
  it("allows the limit, refuses the next hit, and resets in the next window", async () => {
    const now = Date.UTC(2026, 10, 22, 10, 0, 0);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(t.db, "contact", "10.0.0.1", rule, now + i));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterMs).toBe(rule.windowMs - 3);
    expect((await hitRateLimit(t.db, "contact", "10.0.0.2", rule, now)).allowed).toBe(true);
    expect((await hitRateLimit(t.db, "booking", "10.0.0.1", rule, now)).allowed).toBe(true);
    expect((await hitRateLimit(t.db, "contact", "10.0.0.1", rule, now + rule.windowMs)).allowed).toBe(true);
    expect((await peekRateLimit(t.db, "contact", "10.0.0.1", rule, now)).count).toBe(4);
  });

  it("counts concurrent hits exactly", async () => {
    const now = Date.UTC(2026, 10, 22, 11, 0, 0);
    await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(t.db, "burst", "ip", rule, now)));
    expect((await peekRateLimit(t.db, "burst", "ip", rule, now)).count).toBe(20);
  });

  it("prunes windows older than a day", async () => {
    const now = Date.UTC(2026, 10, 25, 0, 0, 0);
    await hitRateLimit(t.db, "old", "ip", rule, now - 2 * 86_400_000);
    await hitRateLimit(t.db, "new", "ip", rule, now);
    await pruneRateLimits(t.db, now);
    const buckets = await t.db.selectFrom("rate_limits").select("bucket").distinct().execute();
    expect(buckets.map((b) => b.bucket)).toContain("new");
    expect(buckets.map((b) => b.bucket)).not.toContain("old");
  });
});
