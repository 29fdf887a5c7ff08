import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bumpContentVersion,
  CHECK_EVERY_MS,
  currentContentVersion,
  currentVersions,
  forgetContentVersion,
  recentVersions,
} from "~/db/content-version.server";
import { createEbook } from "~/db/queries/ebooks.server";
import { saveTestimonial } from "~/db/queries/testimonials.server";
import { openTestDb, type TestDb } from "../support/test-db";

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.cleanup());

const actor = { userId: "u1", email: "admin@example.com" };

/** Another instance's write: the counter moves without this process knowing. */
const setCounter = (version: number) => t.db.updateTable("content_version").set({ version }).execute();

describe(`content version on ${process.env.TEST_ENGINE}`, () => {
  it("moves on with every admin write, and the visitor counter with every published testimonial, read again at once here", async () => {
    const start = await currentVersions(t.db);
    await createEbook(t.db, actor, {
      title: "Heat Transfer Notes",
      description: null,
      pdf_link: "https://example.com/heat.pdf",
      is_active: true,
    });
    expect(await currentVersions(t.db)).toEqual({ content: start.content + 1, visitor: start.visitor });
    // Issue 42: what a visitor publishes moves only the counter the home page keys on.
    await saveTestimonial(t.db, { name: "Asha Verma", rating: 5, comment: "Great mocks." });
    expect(await currentVersions(t.db)).toEqual({ content: start.content + 1, visitor: start.visitor + 1 });
    // One that waits for approval changes no page.
    await saveTestimonial(
      t.db,
      { name: "Bilal Khan", rating: 4, comment: "Good notes." },
      new Date(),
      undefined,
      "pending",
    );
    expect(await currentVersions(t.db)).toEqual({ content: start.content + 1, visitor: start.visitor + 1 });
  });

  it("is read from the database at most every half second, so other instances' writes show within a second", async () => {
    const now = Date.now() + 10_000;
    const seen = await currentContentVersion(t.db, now);
    await setCounter(seen + 5);
    expect(await currentContentVersion(t.db, now + CHECK_EVERY_MS - 1)).toBe(seen);
    expect(await currentContentVersion(t.db, now + CHECK_EVERY_MS)).toBe(seen + 5);
  });

  it("a read made while a write's transaction is open does not hide the write once committed", async () => {
    forgetContentVersion(); // a fresh read, whatever the tests before left
    const before = await currentContentVersion(t.db);
    let readMeanwhile: Promise<number> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await bumpContentVersion(trx);
      // Another visitor's request on this instance reads the counter before the commit.
      readMeanwhile = currentContentVersion(t.db);
      // PostgreSQL answers with the committed counter, the old one, and this instance keeps it.
      // SQLite's one connection makes the read wait for the commit (awaiting it here would
      // wait forever).
      if (process.env.TEST_ENGINE === "postgres") expect(await readMeanwhile).toBe(before);
    });
    await readMeanwhile;
    // What the server does once a write request has finished (server/request-listener.ts).
    forgetContentVersion();
    expect(await currentContentVersion(t.db)).toBe(before + 1);
  });

  it("lets a cache hit keep the last version for another half second while it is read again", async () => {
    const now = Date.now() + 20_000;
    const seen = await currentContentVersion(t.db, now);
    await setCounter(seen + 3);
    expect(recentVersions(t.db, now + CHECK_EVERY_MS - 1)?.content).toBe(seen);
    // Due: the hit is answered with the version it has, and the re-read starts behind it.
    expect(recentVersions(t.db, now + CHECK_EVERY_MS)?.content).toBe(seen);
    // The request that waits shares that read rather than starting another.
    expect(await currentContentVersion(t.db, now + CHECK_EVERY_MS)).toBe(seen + 3);
    expect(recentVersions(t.db, now + CHECK_EVERY_MS + 1)?.content).toBe(seen + 3);
    // A second on with no request between: too old to use without a read, for a hit as for any.
    expect(recentVersions(t.db, now + 3 * CHECK_EVERY_MS)).toBeUndefined();
  });

  it("does not keep what a read begun before a write here saw, once that write has finished", async () => {
    const now = Date.now() + 30_000;
    const before = await currentContentVersion(t.db, now);
    const early = currentContentVersion(t.db, now + CHECK_EVERY_MS);
    await setCounter(before + 1);
    forgetContentVersion();
    await early;
    // Whatever the early read returned to its caller, this instance reads the counter again.
    expect(recentVersions(t.db, now + CHECK_EVERY_MS)).toBeUndefined();
    expect(await currentContentVersion(t.db, now + CHECK_EVERY_MS)).toBe(before + 1);
  });
});
