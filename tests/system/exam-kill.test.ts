import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import {
  createFront,
  loadPaper,
  lostAnswers,
  MockRecorder,
  runMock,
  type Front,
  type MockOptions,
} from "../../support/exam-candidates";
import { scratchPostgres, scratchSqlite, startApp, type AppProcess, type ScratchDb } from "../../support/app-process";

// Issue 47 "System": 200 simulated candidates take the sample mock, each answering a question
// every second or so through the browser's own save queue (support/exam-candidates.ts), when
// every server process is killed with SIGKILL. The candidates' saves meanwhile fail and wait in
// their queues, retried as the page retries them; the servers restart on the same ports and
// database, the candidates go on, and at the end every save any server acknowledged, before the
// kill or after it, is read back from the database. On SQLite with one instance, and on
// PostgreSQL with two behind a round-robin (both killed at once). As deployed behind a proxy
// (TRUST_PROXY=1), each candidate comes from an address of its own.

const CANDIDATES = 200;
const ORIGIN = "http://exam-kill.test";
const ENV = { SITE_URL: ORIGIN, TRUST_PROXY: "1" };

type Engine = "sqlite" | "postgres";

async function until(what: string, check: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.toReversed()) await cleanup().catch(() => undefined);
});

describe.each<[Engine, number]>([
  ["sqlite", 1],
  ["postgres", 2],
])(`SIGKILL in the middle of a mock of ${CANDIDATES} candidates, on %s with %i instance(s)`, (engine, instances) => {
  it("every acknowledged answer is in the database after the restart", async () => {
    const database: ScratchDb = engine === "sqlite" ? scratchSqlite("exam-kill") : await scratchPostgres("exam_kill");
    cleanups.push(() => database.drop());
    let apps: AppProcess[] = await Promise.all(
      Array.from({ length: instances }, () => startApp({ databaseUrl: database.url, env: ENV })),
    );
    cleanups.push(() => Promise.all(apps.map((app) => app.kill())));
    const { db } = createDb(database.url, 2);
    cleanups.push(() => db.destroy());
    const paper = await loadPaper(db);
    const front: Front = createFront(
      ORIGIN,
      apps.map((app) => app.url),
      64,
    );
    cleanups.push(async () => front.close());

    const recorder = new MockRecorder();
    const startAt = performance.now();
    // The mock goes on until 10 s after the restart (set then); queued saves are sent for 45 s
    // more, time for the page's retry pauses, which grow to 15 s.
    const mock: MockOptions = {
      front,
      paper,
      recorder,
      candidates: CANDIDATES,
      startAt,
      rampMs: 2000,
      endAt: startAt + 600_000,
      giveUpAt: startAt + 600_000,
      intervalMs: 1000,
      jitter: 0.5,
    };
    const running = runMock(mock);

    // Everyone has started and has been answering for a while: then the servers die at once.
    await until(
      "every candidate started and 600 saves acknowledged",
      () => recorder.started === CANDIDATES && recorder.acknowledged.length >= 600,
    );
    const acknowledgedAtKill = recorder.acknowledged.length;
    await Promise.all(apps.map((app) => app.kill()));
    const killedAt = performance.now();

    // Restarted on the same ports and database, as a supervisor would.
    apps = await Promise.all(apps.map((app) => startApp({ databaseUrl: database.url, env: ENV, port: app.port })));
    const downMs = performance.now() - killedAt;
    const acknowledgedAtRestart = recorder.acknowledged.length;
    mock.endAt = performance.now() + 10_000;
    mock.giveUpAt = mock.endAt + 45_000;
    await running;

    // Nothing refused, everyone started, and every queued save got through in the end.
    expect(recorder.notStarted).toBe(0);
    expect(recorder.refused).toBe(0);
    expect(recorder.unsent).toBe(0);
    // The kill cut saves off (the mock was in full swing), and what failed failed for it: a lost
    // connection, or no server answering.
    const failed = [...recorder.errors.values()].reduce((sum, n) => sum + n, 0);
    expect(failed).toBeGreaterThan(0);
    const failures = [...recorder.errors.keys()].filter((what) => !/: (network|50\d)$/.test(what));
    expect(failures, recorder.samples.join("\n")).toEqual([]);
    // The mock went on after the restart.
    expect(recorder.acknowledged.length).toBeGreaterThan(acknowledgedAtRestart + CANDIDATES);

    const check = await lostAnswers(db, recorder.acknowledged);
    expect(check.attempts).toBe(CANDIDATES);
    expect(check.lost).toEqual([]);

    // The restarted servers shut down cleanly.
    for (const app of apps) expect(await app.stop()).toBe(0);
    console.log(
      `exam kill (${engine}, ${instances} instance${instances > 1 ? "s" : ""}): ${CANDIDATES} candidates, ` +
        `${acknowledgedAtKill} saves acknowledged before the kill, ${recorder.acknowledged.length} in all; ` +
        `down ${(downMs / 1000).toFixed(1)} s, ${failed} requests failed meanwhile and were retried; ` +
        `${check.checked} acknowledged saves read back, lost 0`,
    );
  });
});
