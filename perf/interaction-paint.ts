// Interaction to next paint of one tap, read in the page with the Event Timing API: from the input
// to the paint that shows its result, without the test harness's own time that a tap → visible
// figure (perf/first-tap.ts, ../shared/tools/first-tap.mjs) includes: the touch goes in through
// CDP, as a touch screen's would. 375 px with touch, 150 ms round trips and 1.6 Mbps.
// - The practice and exam screens (issues 46, 47): the CPU slowed 6× from just before the tap.
// - The public pages' in-page controls (issue 50: menu, job-alert tab, booking dialog): the CPU
//   slowed 6× from the start, the tap as soon as the page has loaded ("first") and after 8 s of
//   idling ("idle"). A tap that loads another page has no figure here ("navigated").
//
// Usage, with the site running on a fresh demo database (the exam's 20 starts an hour per address):
//   npx tsx perf/interaction-paint.ts [--rounds 5] [--only exam|practice|home|job|guidance] URL [URL2]
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
  /** Done before the timed tap at full speed; a public page's case has none: its tap is the page's first input. */
  prepare?: (page: Page) => Promise<void>;
  tap: (page: Page) => Locator;
  /** A public page's case: the CPU slowed from the start and the tap after this long (0: at load). */
  idleMs?: number;
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

/** A public page's in-page control, tapped at load and after 8 s of idling. */
const publicCases = (name: string, path: string, tap: (page: Page) => Locator): Case[] =>
  [0, 8000].map((idleMs) => ({
    name: `${name} (${idleMs ? "idle" : "first"})`,
    open: (page) => page.goto(base + path, { waitUntil: "load" }),
    tap,
    idleMs,
  }));

cases.push(
  ...publicCases("home: open the menu", "/", (page) =>
    page.getByRole("link", { name: /^open menu$/i }).or(page.getByRole("button", { name: /^open menu$/i })),
  ),
  ...publicCases("job alerts: second tab", "/job-alerts", (page) =>
    page
      .getByRole("navigation", { name: "Job alert categories" })
      .getByRole("link", { name: /^vacancy$/i })
      .or(page.getByRole("tab", { name: /^vacancy$/i })),
  ),
  ...publicCases("guidance: Book 1:1 Session", "/post-gate-guidance", (page) =>
    page
      .getByRole("link", { name: /book 1:1 session/i })
      .or(page.getByRole("button", { name: /book 1:1 session/i }))
      .first(),
  ),
);

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });

/** Collects each interaction's duration in the page (Event Timing), from when it runs on. */
function observe() {
  const seen: number[] = [];
  Object.assign(window, { interactionPaint: seen });
  // durationThreshold is in the Event Timing spec, not yet in TypeScript's DOM types.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[])
      if (entry.interactionId) seen.push(entry.duration);
  }).observe({ type: "event", durationThreshold: 16 } as PerformanceObserverInit);
}

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
    const publicPage = c.idleMs !== undefined;
    if (publicPage) {
      await page.addInitScript(observe);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    }
    await c.open(page);
    if (publicPage) await page.waitForTimeout(c.idleMs!);
    else {
      // Scripts start after the load event (decision 016): let them.
      await page.waitForTimeout(3000);
      await c.prepare?.(page);
      await page.evaluate(observe);
    }
    // The finger, as the phone's touch screen sends it: a locator's tap() would run Playwright's
    // own hit-target listeners in the page during the very interaction it measures.
    await c.tap(page).scrollIntoViewIfNeeded();
    const box = await c.tap(page).boundingBox();
    if (!box) throw new Error(`${c.name}: nothing to tap`);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    if (!publicPage) await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.evaluate(() => Object.assign(window, { beforeTap: true }));
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await page.waitForTimeout(publicPage ? 3000 : 1500);
    // A tap that loaded another page leaves no entry behind: it has no figure here.
    if (!(await page.evaluate(() => "beforeTap" in window))) return Number.POSITIVE_INFINITY;
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
    const median = sorted[Math.floor(ROUNDS / 2)];
    const shown = sorted.map((ms) => (ms === Number.POSITIVE_INFINITY ? "navigated" : ms));
    console.log(
      `${c.name.padEnd(36)}${where} median ${median === Number.POSITIVE_INFINITY ? "navigated" : `${median} ms`} [${shown.join(", ")}]`,
    );
  }
}
await browser.close();
