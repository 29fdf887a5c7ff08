import { describe, expect, it } from "vitest";
import { runSoak, type SoakReport } from "./soak";
import { scratchPostgres } from "../../support/app-process";

// The soak in its short form (issue 7 "Soak"): the same run as `npm run soak`, 10 s at 20
// connections, on each engine. The full soak (60 s, 100 connections) is run by its script.

function expectClean(report: SoakReport) {
  expect(report.errors, report.errorSamples.join("\n")).toMatchObject({ total: 0, rateLimited: 0 });
  const { contact, booking, ebooks } = report.submissions;
  for (const form of [contact, booking]) {
    expect(form.acknowledged).toBeGreaterThan(0);
    // acknowledged == stored == queued in the outbox, each exactly once.
    expect(form).toMatchObject({ stored: form.acknowledged, outbox: form.acknowledged, duplicates: 0, missing: 0 });
  }
  expect(ebooks.acknowledged).toBeGreaterThan(0);
  expect(ebooks.stored).toBe(ebooks.acknowledged);
  expect(report.mail.twice).toBe(0);
  expect(report.checks.filter((check) => !check.ok)).toEqual([]);
}

describe("soak, short form", () => {
  it("on SQLite: no errors; every acknowledged submission stored and queued exactly once", async () => {
    expectClean(await runSoak({ duration: 10, connections: 20, drainTimeoutMs: 5_000 }));
  });

  it("on PostgreSQL: no errors; every acknowledged submission stored and queued exactly once", async () => {
    const database = await scratchPostgres("soak");
    try {
      expectClean(await runSoak({ duration: 10, connections: 20, database: database.url, drainTimeoutMs: 5_000 }));
    } finally {
      await database.drop();
    }
  });
});
