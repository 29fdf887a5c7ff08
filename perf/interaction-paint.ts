// Interaction to next paint of one tap on the practice and exam screens (issues 46, 47), read in
// the page with the Event Timing API: from the input to the paint that shows its result, without
// the test harness's own time that a tap → visible figure (perf/first-tap.ts) includes: the touch
// goes in through CDP, as a touch screen's would. 375 px with touch, 150 ms round trips, the CPU slowed 6× from just before the tap; five fresh contexts.
//
// Usage, with the site running on a fresh demo database (the exam's 20 starts an hour per address):
//   npx tsx perf/interaction-paint.ts [--rounds 5] [--only exam|practice] URL [URL2]
// With two URLs (a build before and after a change, each on its own server) the rounds alternate
// between them, so that the machine's load falls on both alike.
import { parseArgs } from "node:util";
import { chromium, type Locator, type Page } from "@playwright/test";
import { CHROMIUM_PATH } from "../support/chromium";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: "string", default: "5" }, only: { type: "string" } },
});
const bases = (positionals.length > 0 ? positionals : ["http://127.0.0.1:3000"]).map((url) => url.replace(/\/$/, ""));
const ROUNDS = Number(options.rounds);
let base = bases[0]!;

interface Case {
  name: string;
  open: (page: Page) => Promise<unknown>;
  prepare: (page: Page) => Promise<void>;
  tap: (page: Page) => Locator;
}

async function startSampleMock(page: Page) {
  await page.goto(`${base}/tests/sample-mock-test`, { waitUntil: "load" });
  await page.getByRole("checkbox").first().check();
  await Promise.all([
    page.waitForURL(/\/attempt\//),
    page
      .getByRole("button", { name: /^start/i })
      .first()
      .click(),
  ]);
  await page.waitForLoadState("load");
}

const cases: Case[] = [
  {
    name: "practice: Check",
    open: (page) => page.goto(`${base}/question-bank/practice`, { waitUntil: "load" }),
    prepare: (page) => page.getByRole("radio").nth(1).check(),
    tap: (page) => page.getByRole("button", { name: /^check$/i }),
  },
  {
    name: "exam: Save & Next",
    open: startSampleMock,
    prepare: (page) => page.getByRole("radio").first().check(),
    tap: (page) => page.getByRole("button", { name: /save & next/i }),
  },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });

async function once(c: Case): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: 1.6e6 / 8,
      uploadThroughput: 0.75e6 / 8,
    });
    await c.open(page);
    // Scripts start after the load event (decision 016): let them.
    await page.waitForTimeout(3000);
    await c.prepare(page);
    await page.evaluate(() => {
      const seen: number[] = [];
      Object.assign(window, { interactionPaint: seen });
      // durationThreshold is in the Event Timing spec, not yet in TypeScript's DOM types.
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[])
          if (entry.interactionId) seen.push(entry.duration);
      }).observe({ type: "event", durationThreshold: 16 } as PerformanceObserverInit);
    });
    // The finger, as the phone's touch screen sends it: a locator's tap() would run Playwright's
    // own hit-target listeners in the page during the very interaction it measures.
    await c.tap(page).scrollIntoViewIfNeeded();
    const box = await c.tap(page).boundingBox();
    if (!box) throw new Error(`${c.name}: nothing to tap`);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await page.waitForTimeout(1500);
    const durations = await page.evaluate(() => (window as unknown as { interactionPaint: number[] }).interactionPaint);
    return Math.max(0, ...durations);
  } finally {
    await context.close();
  }
}

console.log(`interaction to next paint (Event Timing, 8 ms steps); cpu 6x, 150 ms RTT; ${ROUNDS} rounds`);
for (const c of cases.filter((each) => !options.only || each.name.startsWith(options.only))) {
  const figures = bases.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [index, url] of bases.entries()) {
      base = url;
      figures[index]!.push(await once(c));
    }
  for (const [index, url] of bases.entries()) {
    const sorted = figures[index]!.toSorted((a, b) => a - b);
    const where = bases.length > 1 ? ` ${url}` : "";
    console.log(`${c.name.padEnd(20)}${where} median ${sorted[Math.floor(ROUNDS / 2)]} ms [${sorted.join(", ")}]`);
  }
}
await browser.close();
