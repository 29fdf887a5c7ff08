import type { Flags, Result } from "lighthouse";
import { initializeConfig } from "lighthouse/core/config/config.js";
import { describe, expect, it } from "vitest";
import { lighthouseFlags } from "./audit";
import {
  budgetPhoneFigures,
  budgetPhoneRun,
  budgetPhoneSlowdown,
  medianFigures,
  missedGoals,
  type BudgetPhoneFigures,
} from "./budget-phone";

// The budget-phone profile of `npm run lighthouse` (issue 28): the slowdown that brings a host to a
// phone of benchmarkIndex 250, and the figures and goals read off a Lighthouse result.

/** A Lighthouse result with just the audits the profile reads. */
function lhr(audits: Record<string, unknown>, benchmarkIndex = 1200): Result {
  return { audits, environment: { benchmarkIndex } } as unknown as Result;
}

const table = (items: unknown[]) => ({ details: { items } });

describe("budget-phone slowdown", () => {
  it("divides the host's benchmarkIndex down to 250, never below 1×", () => {
    expect(budgetPhoneSlowdown(1500)).toBe(6);
    expect(budgetPhoneSlowdown(1000)).toBe(4);
    expect(budgetPhoneSlowdown(1234)).toBe(4.9);
    expect(budgetPhoneSlowdown(200)).toBe(1);
  });
});

describe("budget-phone figures", () => {
  const result = lhr({
    "first-contentful-paint": { numericValue: 1000 },
    "total-blocking-time": { numericValue: 140 },
    metrics: table([{ observedFirstContentfulPaint: 300 }]),
    // Simulated long tasks: one before FCP, two after it.
    "long-tasks": table([
      { startTime: 600, duration: 240 },
      { startTime: 1200, duration: 130 },
      { startTime: 1500, duration: 60 },
    ]),
    // Observed top-level tasks: 20 ms before the observed FCP, 25 + 15 ms after it.
    "main-thread-tasks": table([
      { startTime: 100, duration: 20 },
      { startTime: 400, duration: 25 },
      { startTime: 900, duration: 15 },
    ]),
  });

  it("reads TBT, the longest task, the longest after FCP, and main-thread time after FCP at the slowdown", () => {
    expect(budgetPhoneFigures(result, 1500, 6)).toEqual({
      benchmarkIndex: 1500,
      lighthouseIndex: 1200,
      slowdown: 6,
      tbt: 140,
      longestTask: 240,
      longestTaskAfterFcp: 130,
      mainThreadAfterFcp: 240,
    });
  });

  it("has no long task when Lighthouse lists none", () => {
    const quiet = budgetPhoneFigures(lhr({ "total-blocking-time": { numericValue: 0 } }), 800, 3.2);
    expect([quiet.longestTask, quiet.longestTaskAfterFcp, quiet.mainThreadAfterFcp]).toEqual([0, 0, 0]);
  });
});

const figures = (tbt: number, longestTaskAfterFcp: number): BudgetPhoneFigures => ({
  benchmarkIndex: 1500,
  lighthouseIndex: 1500,
  slowdown: 6,
  tbt,
  longestTask: longestTaskAfterFcp,
  longestTaskAfterFcp,
  mainThreadAfterFcp: 0,
});

describe("budget-phone goals", () => {
  it("allows 100 ms of TBT on the home page and 50 ms elsewhere", () => {
    expect(missedGoals("/", figures(100, 90))).toEqual([]);
    expect(missedGoals("/faqs", figures(50, 90))).toEqual([]);
    expect(missedGoals("/faqs", figures(51, 90))).toEqual(["TBT 51 ms > 50 ms"]);
    expect(missedGoals("/", figures(101, 90))).toEqual(["TBT 101 ms > 100 ms"]);
  });

  it("allows no task over 100 ms after the first paint", () => {
    expect(missedGoals("/", figures(0, 101))).toEqual(["a 101 ms task after FCP > 100 ms"]);
  });

  it("takes each figure's median over the runs", () => {
    const med = medianFigures([figures(10, 0), figures(90, 0), figures(30, 0)]);
    expect(med.tbt).toBe(30);
  });
});

// The JsUsage gatherer starts V8's precise coverage, which costs the page's own main thread a heap
// walk during the load; the budget-phone runs must not gather it, and must still gather the trace.
const gathered = async (flags: Flags) =>
  (await initializeConfig("navigation", undefined, flags)).resolvedConfig.artifacts?.map((a) => a.id) ?? [];

describe("budget-phone runs", () => {
  it("gather no JavaScript coverage, and the standard runs still do", async () => {
    const phone = await gathered(lighthouseFlags(9222, budgetPhoneRun("http://127.0.0.1:3000", 9.5)));
    expect(phone).toContain("Trace");
    expect(phone).not.toContain("JsUsage");
    expect(await gathered(lighthouseFlags(9222))).toContain("JsUsage");
  });

  it("start from a page of the site's own at the slowdown given", () => {
    const flags = lighthouseFlags(9222, budgetPhoneRun("http://127.0.0.1:3000", 9.5));
    expect(flags.blankPage).toBe("http://127.0.0.1:3000/robots.txt");
    expect(flags.throttling?.cpuSlowdownMultiplier).toBe(9.5);
    expect(flags.throttling?.rttMs).toBe(150);
  });
});
