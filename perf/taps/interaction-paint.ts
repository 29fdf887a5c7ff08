// Interaction to next paint of one tap, read in the page with the Event Timing API: from the input
// to the paint that shows its result, without the test harness's own time that a tap → visible
// figure (perf/first-tap.ts, ../shared/tools/first-tap.mjs) includes: the touch goes in through
// CDP, as a touch screen's would. 375 px with touch, 150 ms round trips and 1.6 Mbps.
// - The practice and exam screens (issues 46, 47): the CPU slowed 6× from just before the tap.
// - The public pages' in-page controls (issue 50: menu, job-alert tab, booking dialog): the CPU
//   slowed 6× from the start, the tap as soon as the page has loaded ("first") and after 8 s of
//   idling ("idle"). A tap that loads another page has no figure here ("navigated").
//
// The cases and the measurement, shared by the CLI (perf/interaction-paint.ts) and the perf lane's
// check of the public pages' goal (first-tap.test.ts).
import { chromium, type Browser, type Locator, type Page } from "@playwright/test";
import { CHROMIUM_PATH } from "../../support/chromium";

export interface TapCase {
  name: string;
  /** Opens the page in a fresh context; `base` is the site's origin, without a trailing slash. */
  open: (page: Page, base: string) => Promise<unknown>;
  /** Done before the timed tap at full speed; a public page's case has none: its tap is the page's first input. */
  prepare?: (page: Page) => Promise<void>;
  tap: (page: Page) => Locator;
  /** A public page's case: the CPU slowed from the start and the tap after this long (0: at load). */
  idleMs?: number;
}

/** A tap's figure when it loaded another page: the page that would have reported it is gone. */
export const NAVIGATED = Number.POSITIVE_INFINITY;

/** Starts an attempt at the demo's sample mock; the exam's 20 starts an hour per address apply. */
async function startSampleMock(page: Page, base: string) {
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

/** The practice and exam screens (issues 46, 47): a tap after the page has settled and an answer is chosen. */
export const screenTapCases: TapCase[] = [
  {
    name: "practice: Check",
    open: (page, base) => page.goto(`${base}/question-bank/practice`, { waitUntil: "load" }),
    prepare: (page) => page.getByRole("radio").nth(1).check(),
    tap: (page) => page.getByRole("button", { name: /^check$/i }),
  },
  {
    name: "exam: Save & Next",
    open: startSampleMock,
    prepare: (page) => page.getByRole("radio").first().check(),
    tap: (page) => page.getByRole("button", { name: /save & next/i }),
  },
  {
    // On a phone the palette is a drawer: opened before the timed tap, which shows question 3.
    name: "exam: palette jump",
    open: startSampleMock,
    prepare: async (page) => {
      await page.getByRole("button", { name: "Question palette" }).click();
      await page.getByRole("dialog", { name: "Question palette" }).waitFor();
    },
    tap: (page) => page.getByRole("dialog", { name: "Question palette" }).getByRole("link", { name: /^Question 3,/ }),
  },
];

/** A public page's in-page control, tapped at load and after 8 s of idling. */
const publicCases = (name: string, path: string, tap: (page: Page) => Locator): TapCase[] =>
  [0, 8000].map((idleMs) => ({
    name: `${name} (${idleMs ? "idle" : "first"})`,
    open: (page, base) => page.goto(base + path, { waitUntil: "load" }),
    tap,
    idleMs,
  }));

// Each control is a link to a fragment until the page hydrates and a button or tab after it (issue
// 50), so each case finds either: the tap at load may meet the one, the tap after idling the other.
/** The public pages' in-page controls (issue 50), each at load and after idling. */
export const publicTapCases: TapCase[] = [
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
  // The carousels' buttons come with the scripts (swiping works without them): a tap at load waits for them.
  ...publicCases("home: next slide", "/", (page) => page.getByRole("button", { name: /^next slide$/i }).first()),
];

/** Every case, in the CLI's order. */
export const tapCases: TapCase[] = [...screenTapCases, ...publicTapCases];

/** Debian's Chromium as the measurements have always launched it (Playwright's own switches only). */
export const launchTapBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH });

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

/**
 * A fresh 375 × 812 touch context of `browser` on the slow network of the tap figures: 150 ms round
 * trips, 1.6 Mbps down, 0.75 up. The CPU is left to the caller (from the start, or just before a tap).
 */
export async function slowPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: 1.6e6 / 8,
    uploadThroughput: 0.75e6 / 8,
  });
  return { context, page, cdp };
}

/**
 * One tap in a fresh context of `browser` on the site at `base`: the longest interaction's duration
 * in ms (Event Timing's 8 ms steps; 0 when none reached 16 ms), or NAVIGATED.
 */
export async function measureTap(browser: Browser, base: string, c: TapCase): Promise<number> {
  const { context, page, cdp } = await slowPhone(browser);
  try {
    const publicPage = c.idleMs !== undefined;
    if (publicPage) {
      await page.addInitScript(observe);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    }
    await c.open(page, base);
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
    if (!(await page.evaluate(() => "beforeTap" in window))) return NAVIGATED;
    const durations = await page.evaluate(() => (window as unknown as { interactionPaint: number[] }).interactionPaint);
    return Math.max(0, ...durations);
  } finally {
    await context.close();
  }
}

/** The middle figure of a case's rounds (the upper of the two middle ones for an even count). */
export const medianOf = (figures: readonly number[]): number =>
  figures.toSorted((a, b) => a - b)[Math.floor(figures.length / 2)]!;

/** A figure as the reports print it: "navigated" for a tap that loaded another page. */
export const formatTap = (ms: number, unit = ""): string => (ms === NAVIGATED ? "navigated" : `${ms}${unit}`);
