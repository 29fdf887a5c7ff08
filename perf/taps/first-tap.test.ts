import type { Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTap, launchTapBrowser, measureTap, medianOf, NAVIGATED, publicTapCases } from "./interaction-paint";
import { scratchSqlite, startApp, type AppProcess, type ScratchDb } from "../../support/app-process";

// The public pages' first taps (issue 50): the menu, the second job-alert tab, Book 1:1 Session
// and the home carousel's next slide, each tapped at load and after 8 s idle, must paint their
// answer within 200 ms at 6× CPU on a slow phone's network, as `npx tsx perf/interaction-paint.ts`
// measures them (./interaction-paint.ts).
// A median of three fresh contexts per case: one tap's figure moves by tens of ms on a shared host.

const GOAL_MS = 200;
const ROUNDS = 3;

let db: ScratchDb;
let app: AppProcess;
let browser: Browser;
const results: { name: string; figures: number[] }[] = [];

beforeAll(async () => {
  db = scratchSqlite("first-tap");
  app = await startApp({ databaseUrl: db.url, env: { LOG_LEVEL: "warn" } });
  // Each page rendered once before it is measured, so that no tap shares the cores with its first render.
  for (const path of ["/", "/job-alerts", "/post-gate-guidance"]) await (await fetch(app.url + path)).arrayBuffer();
  browser = await launchTapBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await db?.drop();
  if (results.length) {
    const rows = results.map(
      ({ name, figures }) =>
        `${name.padEnd(36)} ${formatTap(medianOf(figures), " ms").padStart(9)}   ${figures.map((ms) => formatTap(ms)).join(", ")}`,
    );
    console.log(
      `Interaction to next paint, median of ${ROUNDS} taps (goal ≤ ${GOAL_MS} ms):\n${"".padEnd(36)}    median   taps\n${rows.join("\n")}`,
    );
  }
});

describe.each(publicTapCases)("first tap: $name", (c) => {
  // Up to 3 × (a load at 1.6 Mbps and 6× CPU, 8 s idle, 3 s after the tap): generous on a loaded host.
  it(
    `paints within ${GOAL_MS} ms without loading another page (median of ${ROUNDS})`,
    { timeout: 240_000 },
    async () => {
      const figures: number[] = [];
      for (let round = 0; round < ROUNDS; round++) figures.push(await measureTap(browser, app.url, c));
      results.push({ name: c.name, figures });
      const median = medianOf(figures);
      // Soft, so that a red case still reports both verdicts; afterAll prints every case's figures.
      expect.soft(median, `${c.name}: a tap loaded another page`).not.toBe(NAVIGATED);
      expect
        .soft(median, `${c.name}: median of [${figures.map((ms) => formatTap(ms)).join(", ")}] ms`)
        .toBeLessThanOrEqual(GOAL_MS);
    },
  );
});
