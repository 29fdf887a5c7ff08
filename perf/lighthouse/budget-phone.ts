// The budget-phone profile of `npm run lighthouse -- --profile budget-phone` (issue 28): Lighthouse
// mobile with the CPU slowdown set before each run so that the host's benchmarkIndex divided by
// the slowdown is about 250, a phone about 1.5 times slower than the mid-tier one Lighthouse's
// default 4× slowdown stands for (it calibrates 4× for a host at about 1,500, i.e. a phone at about
// 380). On a fast host the default 4× flatters the page; on a slow one it punishes it: this
// profile aims at the same phone whatever the host.
import type { Result } from "lighthouse";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { median, type RunOptions } from "./audit.ts";

/** The benchmarkIndex of the phone this profile stands for. */
export const BUDGET_PHONE_INDEX = 250;

/** The goals of issue 28 on this profile. */
export const GOALS = { tbtHome: 100, tbtOther: 50, taskAfterFcp: 100 } as const;

/**
 * The host's benchmarkIndex, measured the way Lighthouse measures it (its own page function) in a
 * fresh tab of the audit's Chromium, over the DevTools protocol.
 */
export async function measureBenchmarkIndex(port: number): Promise<number> {
  const tab = (await (await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: "PUT" })).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  try {
    const socket = new WebSocket(tab.webSocketDebuggerUrl);
    await new Promise((opened, failed) => {
      socket.addEventListener("open", opened, { once: true });
      socket.addEventListener("error", failed, { once: true });
    });
    const answer = new Promise<{ result?: { result?: { value?: unknown } } }>((answered) =>
      socket.addEventListener("message", (event) => answered(JSON.parse(String(event.data))), { once: true }),
    );
    socket.send(
      JSON.stringify({
        id: 1,
        method: "Runtime.evaluate",
        params: { expression: `(${pageFunctions.computeBenchmarkIndex.toString()})()`, returnByValue: true },
      }),
    );
    const value = (await answer).result?.result?.value;
    socket.close();
    if (typeof value !== "number" || !(value > 0)) throw new Error(`no benchmarkIndex from Chromium: ${value}`);
    return value;
  } finally {
    await fetch(`http://127.0.0.1:${port}/json/close/${tab.id}`).catch(() => {});
  }
}

/** The CPU slowdown that brings a host of this benchmarkIndex to the budget phone (never below 1). */
export const budgetPhoneSlowdown = (benchmarkIndex: number) =>
  Math.max(1, Math.round((benchmarkIndex / BUDGET_PHONE_INDEX) * 10) / 10);

/**
 * The page each run starts from, instead of Lighthouse's about:blank: a small document of the
 * site's own. From about:blank our `Cross-Origin-Opener-Policy: same-origin` needs a new browsing
 * context group, and Lighthouse's DevTools session follows the page into a new renderer; that
 * navigation's commit task (15–45 ms here, the window and DevTools' isolated world set up anew)
 * falls after Lighthouse's estimate of the first paint and is multiplied by the slowdown. Measured
 * without DevTools, the header costs a visitor nothing (decision 014), so the profile leaves the
 * debugger's cost out rather than the header.
 */
export const budgetPhoneStartPage = (siteUrl: string) => new URL("/robots.txt", siteUrl).href;

/**
 * Audits the profile leaves out, for the gatherer they need. Their JsUsage gatherer starts V8's
 * precise coverage before the navigation; on the new document V8 then discards its optimized
 * code and walks the heap (a task of GC safepoints and sweeping, 10–30 ms here), on pages that
 * ship no script too. It fell in about half the runs, before the commit, where Lantern moves the
 * page's first layout after its estimate of the first paint: up to 150 ms of TBT from the
 * measuring alone. A visitor's phone never collects coverage, and neither audit is in the
 * performance score (unused-JavaScript is a diagnostic; the treemap is data for the HTML report).
 */
export const BUDGET_PHONE_SKIPPED_AUDITS = ["unused-javascript", "script-treemap-data"];

/** The Lighthouse options of one budget-phone run at this slowdown. */
export const budgetPhoneRun = (siteUrl: string, cpuSlowdown: number): RunOptions => ({
  cpuSlowdown,
  startPage: budgetPhoneStartPage(siteUrl),
  skipAudits: BUDGET_PHONE_SKIPPED_AUDITS,
});

/** What the profile reports of one run, in milliseconds. */
export interface BudgetPhoneFigures {
  /** The index measured before the run (which set the slowdown) and the one Lighthouse measured in it. */
  benchmarkIndex: number;
  lighthouseIndex: number;
  slowdown: number;
  tbt: number;
  /** The longest main-thread task, simulated at the slowdown (0 when none reached 50 ms). */
  longestTask: number;
  /** The longest task that starts after the first contentful paint, simulated. */
  longestTaskAfterFcp: number;
  /**
   * Main-thread time in top-level tasks after the first contentful paint: observed on the host and
   * scaled by the slowdown (Lighthouse simulates only the long tasks' timings).
   */
  mainThreadAfterFcp: number;
}

interface Task {
  startTime: number;
  duration: number;
}

const items = <T>(lhr: Result, id: string) => (lhr.audits[id]?.details as { items?: T[] } | undefined)?.items ?? [];

/** The profile's figures of one Lighthouse result. */
export function budgetPhoneFigures(lhr: Result, benchmarkIndex: number, slowdown: number): BudgetPhoneFigures {
  const fcp = lhr.audits["first-contentful-paint"]?.numericValue ?? 0;
  const observedFcp =
    items<{ observedFirstContentfulPaint?: number }>(lhr, "metrics")[0]?.observedFirstContentfulPaint ?? 0;
  const longTasks = items<Task>(lhr, "long-tasks");
  return {
    benchmarkIndex,
    lighthouseIndex: lhr.environment.benchmarkIndex,
    slowdown,
    tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    longestTask: Math.max(0, ...longTasks.map((task) => task.duration)),
    longestTaskAfterFcp: Math.max(0, ...longTasks.filter((task) => task.startTime >= fcp).map((task) => task.duration)),
    mainThreadAfterFcp:
      items<Task>(lhr, "main-thread-tasks")
        .filter((task) => task.startTime >= observedFcp)
        .reduce((sum, task) => sum + task.duration, 0) * slowdown,
  };
}

/** The median of each figure over several runs of one page. */
export function medianFigures(runs: BudgetPhoneFigures[]): BudgetPhoneFigures {
  const med = (key: keyof BudgetPhoneFigures) => median(runs.map((run) => run[key]));
  return {
    benchmarkIndex: med("benchmarkIndex"),
    lighthouseIndex: med("lighthouseIndex"),
    slowdown: med("slowdown"),
    tbt: med("tbt"),
    longestTask: med("longestTask"),
    longestTaskAfterFcp: med("longestTaskAfterFcp"),
    mainThreadAfterFcp: med("mainThreadAfterFcp"),
  };
}

/** Where a page's median figures miss the goals (empty when it meets them). */
export function missedGoals(path: string, figures: BudgetPhoneFigures): string[] {
  const tbtGoal = path === "/" ? GOALS.tbtHome : GOALS.tbtOther;
  const missed: string[] = [];
  if (figures.tbt > tbtGoal) missed.push(`TBT ${Math.round(figures.tbt)} ms > ${tbtGoal} ms`);
  if (figures.longestTaskAfterFcp > GOALS.taskAfterFcp)
    missed.push(`a ${Math.round(figures.longestTaskAfterFcp)} ms task after FCP > ${GOALS.taskAfterFcp} ms`);
  return missed;
}
