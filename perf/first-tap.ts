// First-tap latency of the practice and exam screens on a slow phone (issues 46 and 47), measured
// the way ../shared/tools/first-tap.mjs measures the public pages: Debian's Chromium at 375 × 812
// with touch, the CPU slowed by CDP (6× by default), 150 ms round trips and 1.6 Mbps; a tap as soon
// as the page has loaded ("first") and after 8 s of idling ("idle"); medians of --rounds fresh
// contexts. The figure is tap → the result visible, which must need no network round trip.
//
// Usage, with the site running on demo content:
//   npm run bench:first-tap -- http://127.0.0.1:3000 [--cpu 6] [--rounds 3] [--only practice]
import { parseArgs } from "node:util";
import { chromium, type Locator, type Page } from "@playwright/test";
import { CHROMIUM_PATH } from "../support/chromium";
import { slowPhone } from "./taps/interaction-paint";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    cpu: { type: "string", default: "6" },
    rounds: { type: "string", default: "3" },
    only: { type: "string" },
  },
});
const base = (positionals[0] ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const cpu = Number(values.cpu);
const rounds = Number(values.rounds);

interface Case {
  name: string;
  /** The page to open, given a fresh context (an exam case starts an attempt first). */
  open: (page: Page) => Promise<void>;
  /** Done before the timed tap, untimed (choosing an option before Check). */
  prepare?: (page: Page) => Promise<void>;
  tap: (page: Page) => Locator;
  done: (page: Page) => Locator;
}

/** The demo's practice set of all subjects: its first question is an MCQ. */
const practicePath = "/question-bank/practice";

/** Starts an attempt at the demo's sample mock and opens its first question. */
async function startSampleMock(page: Page) {
  await page.goto(`${base}/free-tests`, { waitUntil: "load" });
  const href = await page.locator('a[href^="/tests/"]').first().getAttribute("href");
  if (!href) throw new Error("no on-site test is linked from /free-tests");
  await page.goto(base + href, { waitUntil: "load" });
  await page.getByRole("checkbox").first().check();
  await Promise.all([
    page.waitForURL(/\/attempt\//),
    page
      .getByRole("button", { name: /^(start|begin)/i })
      .first()
      .click(),
  ]);
  await page.waitForLoadState("load");
}

const cases: Case[] = [
  {
    name: "practice: check an answer",
    open: async (page) => void (await page.goto(base + practicePath, { waitUntil: "load" })),
    prepare: async (page) => page.getByRole("radio").nth(1).check(),
    tap: (page) => page.getByRole("button", { name: /^check$/i }),
    // "Checking…" with the chosen option, before the server answers; then the verdict.
    done: (page) =>
      page
        .getByText(/^(Checking…|Right|Wrong)/)
        .locator("visible=true")
        .first(),
  },
  {
    name: "exam: Save & Next",
    open: startSampleMock,
    prepare: async (page) => page.getByRole("radio").first().check(),
    tap: (page) => page.getByRole("button", { name: /save & next/i }),
    done: (page) =>
      page
        .getByRole("heading", { name: /^Question 2\b/ })
        .locator("visible=true")
        .first(),
  },
  {
    name: "exam: palette jump to 3",
    open: startSampleMock,
    prepare: async (page) => {
      // On a phone the palette is in a drawer: opening it is not the timed tap.
      const drawer = page.getByRole("button", { name: /question palette|palette/i }).first();
      if (await drawer.isVisible()) await drawer.tap();
    },
    tap: (page) =>
      page
        .getByRole("link", { name: /^Question 3\b/ })
        .or(page.getByRole("button", { name: /^Question 3\b/ }))
        .first(),
    done: (page) =>
      page
        .getByRole("heading", { name: /^Question 3\b/ })
        .locator("visible=true")
        .first(),
  },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });

async function once(c: Case, idleMs: number): Promise<number | null> {
  const { context, page, cdp } = await slowPhone(browser);
  try {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    await c.open(page);
    if (idleMs) await page.waitForTimeout(idleMs);
    await c.prepare?.(page);
    const target = c.tap(page);
    await target.waitFor({ state: "visible", timeout: 20_000 });
    const started = Date.now();
    await target.tap({ timeout: 20_000 });
    await c.done(page).waitFor({ state: "visible", timeout: 20_000 });
    return Date.now() - started;
  } catch (error) {
    console.error(`${c.name}: ${(error as Error).message.split("\n")[0]}`);
    return null;
  } finally {
    await context.close();
  }
}

const median = (figures: (number | null)[]) => {
  const sorted = figures.filter((x): x is number => x !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : null;
};

console.log(`tap to visible result; cpu ${cpu}x, 150 ms RTT, 1.6 Mbps; medians of ${rounds}`);
for (const c of cases.filter((each) => !values.only || each.name.startsWith(values.only))) {
  const first: (number | null)[] = [];
  const idle: (number | null)[] = [];
  for (let round = 0; round < rounds; round++) {
    first.push(await once(c, 0));
    idle.push(await once(c, 8000));
  }
  console.log(
    `${c.name.padEnd(28)} first ${String(median(first)).padStart(5)} ms [${first.join(", ")}]   idle ${String(median(idle)).padStart(5)} ms [${idle.join(", ")}]`,
  );
}
await browser.close();
