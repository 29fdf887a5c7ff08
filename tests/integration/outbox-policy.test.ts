import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimDueEmails, enqueueEmail } from "~/db/queries/outbox.server";
import {
  defaultOutboxPolicy,
  drainOutbox,
  retryDelayMs,
  startOutboxWorker,
  type MailSender,
} from "~/lib/mail/outbox.server";
import { openTestDb, type TestDb } from "../support/test-db";

// The outbox's configurable policy (OUTBOX_MAX_ATTEMPTS, OUTBOX_RETRY_BASE_MS, OUTBOX_LEASE_MS)
// and the worker's stop (issue 7): a lease left by a dead worker ends, and a stopping worker
// finishes the e-mail it is sending and claims no other.

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.deleteFrom("email_outbox").execute();
});

const email = (subject: string) => ({ to: "bookings@example.in", subject, html: `<p>${subject}</p>`, text: subject });
const rows = () => t.db.selectFrom("email_outbox").selectAll().orderBy("id").execute();

describe(`outbox policy on ${process.env.TEST_ENGINE}`, () => {
  it("keeps the default schedule: 30 s, 2 min, 8 min, 32 min, then hourly", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n))).toEqual([
      30_000, 120_000, 480_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(defaultOutboxPolicy).toEqual({ maxAttempts: 6, retryBaseMs: 30_000, leaseMs: 120_000, bulkPerMinute: 0 });
    // A shorter base scales the whole schedule, the cap included.
    expect([1, 2, 3, 9].map((n) => retryDelayMs(n, 100))).toEqual([100, 400, 1600, 12_000]);
  });

  it("marks an e-mail dead after the configured attempts, at the configured delays", async () => {
    await enqueueEmail(t.db, email("Always refused"));
    const failing: MailSender = { send: () => Promise.reject(new Error("554 rejected")) };
    const policy = { maxAttempts: 3, retryBaseMs: 1000 };
    let clock = Date.now();
    const seen: [string, number, number][] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await drainOutbox(t.db, failing, () => new Date(clock), policy);
      const [row] = await rows();
      seen.push([row!.status, row!.attempts, Date.parse(row!.next_attempt_at) - clock]);
      clock += retryDelayMs(attempt, 1000);
    }
    expect(seen).toEqual([
      ["pending", 1, 1000],
      ["pending", 2, 4000],
      ["dead", 3, 16_000],
    ]);
    // Dead is final for the worker.
    expect(await drainOutbox(t.db, failing, () => new Date(clock + 3600_000), policy)).toEqual({
      sent: 0,
      failed: 0,
      dead: 0,
    });
  });

  it("leaves a claimed e-mail alone for the lease, then hands it to another worker", async () => {
    await enqueueEmail(t.db, email("Claimed by a worker that died"));
    const start = new Date();
    expect(await claimDueEmails(t.db, 10, start, 5000)).toHaveLength(1);
    expect(await claimDueEmails(t.db, 10, new Date(start.getTime() + 4999), 5000)).toHaveLength(0);
    const sent: string[] = [];
    const sender: MailSender = { send: async (m) => void sent.push(m.subject) };
    expect(await drainOutbox(t.db, sender, () => new Date(start.getTime() + 4999), { leaseMs: 5000 })).toMatchObject({
      sent: 0,
    });
    expect(await drainOutbox(t.db, sender, () => new Date(start.getTime() + 5000), { leaseMs: 5000 })).toMatchObject({
      sent: 1,
    });
    expect(sent).toEqual(["Claimed by a worker that died"]);
  });

  it("claims one e-mail at a time, so a slow send holds no other e-mail's lease", async () => {
    await enqueueEmail(t.db, email("First"));
    await enqueueEmail(t.db, email("Second"));
    const leased: (string | null)[][] = [];
    const sender: MailSender = {
      async send() {
        leased.push((await rows()).map((r) => (r.status === "pending" && r.locked_until ? r.subject : null)));
      },
    };
    await drainOutbox(t.db, sender);
    expect(leased).toEqual([
      ["First", null],
      [null, "Second"],
    ]);
  });

  it("a stopping worker finishes the e-mail it is sending, marks it sent, and claims no other", async () => {
    await enqueueEmail(t.db, email("In flight at the stop"));
    await enqueueEmail(t.db, email("Still due"));
    let finish!: () => void;
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    const sender: MailSender = {
      send: () =>
        new Promise<void>((done) => {
          finish = done;
          started();
        }),
    };
    const worker = startOutboxWorker(t.db, sender, { intervalMs: 60_000 });
    await sending;
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    const [first, second] = await rows();
    expect(first).toMatchObject({ subject: "In flight at the stop", status: "sent", attempts: 1, locked_until: null });
    expect(second).toMatchObject({ subject: "Still due", status: "pending", attempts: 0, locked_until: null });
  });
});
