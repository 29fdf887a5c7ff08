// Lighthouse mobile on the public pages of the production build (issue 6): medians of scores,
// timings and the bytes the performance budgets limit.
// Usage: npm run lighthouse -- [--no-build] [--runs 5] [--pages /,/faqs] [--throttling=3g] [--json out.json]
//   [--database file:.cache/bench/scale.db] [--profile budget-phone] [--save-lhr dir] [--compare build-old]
//   --throttling=3g  DevTools throttling at Lighthouse's "Regular 3G" (audit.ts REGULAR_3G), prints LCP.
//   --profile budget-phone  the CPU slowdown set before each run so that the host's benchmarkIndex
//                    over it is about 250 (budget-phone.ts), each page opened from a page of the
//                    site's own (budgetPhoneStartPage), without the audits whose gatherer
//                    disturbs the page (BUDGET_PHONE_SKIPPED_AUDITS); prints the index and the
//                    slowdown of every run, and per page TBT, the longest task and main-thread
//                    time after FCP (medians), against issue 28's goals. Each page is requested
//                    once before its runs (warmUp), so that none shares the host with its render.
//   --database       audits the site on this database (e.g. one of `npm run bench:seed-scale`) instead
//                    of a fresh one with the demo content.
//   --compare dir    audits another build too (a BUILD_DIR, such as the last commit's built in a
//                    worktree), on a demo database of its own, taking turns with this one run by
//                    run, and prints both tables and the before → after of each page: on a shared
//                    host the load changes from minute to minute, so only interleaved runs compare.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT, type AppProcess } from "../../support/app-process.ts";
import {
  DEFAULT_PAGES,
  REGULAR_3G,
  TEST_SERIES_DETAIL,
  budgetBreaches,
  findTestSeriesPath,
  formatBytes,
  formatFailing,
  formatScores,
  launchBrowser,
  medianReport,
  runLighthouse,
  score,
  startAuditedApp,
  summarize,
  type Browser,
  type PageReport,
  type Throttling,
} from "./audit.ts";
import {
  BUDGET_PHONE_INDEX,
  BUDGET_PHONE_SKIPPED_AUDITS,
  budgetPhoneFigures,
  budgetPhoneRun,
  budgetPhoneSlowdown,
  GOALS,
  measureBenchmarkIndex,
  medianFigures,
  missedGoals,
  type BudgetPhoneFigures,
} from "./budget-phone.ts";

const { values } = parseArgs({
  options: {
    build: { type: "boolean", default: true },
    runs: { type: "string", default: "5" },
    pages: { type: "string" },
    throttling: { type: "string", default: "default" },
    json: { type: "string" },
    // Every run's whole Lighthouse result, to see which tasks a figure comes from.
    "save-lhr": { type: "string" },
    database: { type: "string" },
    profile: { type: "string" },
    // Another build (a BUILD_DIR, e.g. of the last commit) audited in turn with this one.
    compare: { type: "string" },
  },
  allowNegative: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not ${values.runs}`);
if (values.throttling !== "default" && values.throttling !== "3g")
  throw new Error(`--throttling must be 3g (or default), not ${values.throttling}`);
const throttling: Throttling = values.throttling;
if (values.profile !== undefined && values.profile !== "budget-phone")
  throw new Error(`--profile must be budget-phone, not ${values.profile}`);
const budgetPhone = values.profile === "budget-phone";
if (values.compare !== undefined && !existsSync(join(ROOT, values.compare, "server", "index.js")))
  throw new Error(`--compare ${values.compare}: no build there (its server/index.js is missing)`);
if (values.compare !== undefined && values.database !== undefined)
  throw new Error("--compare starts each build on a demo database of its own: drop --database");
if (budgetPhone && throttling === "3g")
  throw new Error("--profile budget-phone sets its own throttling: drop --throttling");
const requested = values.pages
  ? values.pages
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)
  : DEFAULT_PAGES;

const workDir = join(ROOT, ".cache", "lighthouse", `run-${randomBytes(4).toString("hex")}`);
let app: AppProcess | undefined;
let baseline: AppProcess | undefined;

interface Site {
  label: string;
  app: AppProcess;
}
type PhonePage = { path: string; runs: BudgetPhoneFigures[] };
let browser: Browser | undefined;

async function cleanUp() {
  await browser?.close().catch(() => {});
  await app?.stop().catch(() => {});
  await baseline?.stop().catch(() => {});
  rmSync(workDir, { recursive: true, force: true });
}

// Ctrl-C: stop what we started before leaving.
process.once("SIGINT", () => {
  console.error("\ninterrupted: stopping the browser and the server");
  void cleanUp().finally(() => process.exit(130));
});

try {
  if (values.build) {
    console.log(`building into ${process.env.BUILD_DIR ?? "build"}/ …`);
    execFileSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  }
  mkdirSync(workDir, { recursive: true });
  app = await startAuditedApp(values.database ?? `file:${join(workDir, "site.db")}`);
  // --compare: the other build's server on a database of its own with the same demo content.
  if (values.compare) {
    baseline = await startAuditedApp(`file:${join(workDir, "baseline.db")}`, values.compare);
  }
  const sites: Site[] = [
    ...(baseline ? [{ label: values.compare!, app: baseline }] : []),
    { label: process.env.BUILD_DIR ?? "build", app },
  ];
  const detail = await findTestSeriesPath(app.url);
  const pages = requested.map((p) => (p === TEST_SERIES_DETAIL ? detail : p));
  browser = await launchBrowser(workDir);

  console.log(
    throttling === "3g"
      ? `Lighthouse mobile, DevTools throttling Regular 3G (${JSON.stringify(REGULAR_3G)}), ${runs} run(s) per page on ${app.url}`
      : budgetPhone
        ? `Lighthouse mobile, budget-phone profile (simulated Slow 4G, CPU slowdown = benchmarkIndex / ${BUDGET_PHONE_INDEX} per run, each page opened from the site's /robots.txt, without ${BUDGET_PHONE_SKIPPED_AUDITS.join(" and ")}), ${runs} run(s) per page on ${app.url}`
        : `Lighthouse mobile (simulated Slow 4G), ${runs} run(s) per page on ${app.url}`,
  );
  if (baseline)
    console.log(
      `Compared with ${values.compare} on ${baseline.url}: the two builds take turns, page by page and run by run (AB, then BA).`,
    );
  const results = new Map(
    sites.map((site) => [
      site,
      { medians: [] as PageReport[], all: {} as Record<string, PageReport[]>, phone: [] as PhonePage[] },
    ]),
  );
  for (const path of pages) {
    // The server renders each page once before its runs, as a visitor finds it: rendered, in the
    // cache. Otherwise the first run shares this host's cores with that render, which a phone never does: over 32 first runs TBT averaged 94 ms against
    // 43–58 for the runs after them (decision 014, the eighth session).
    if (budgetPhone) await warmUp(sites.map((site) => site.app.url + path));
    const reports = new Map(sites.map((site) => [site, [] as PageReport[]]));
    const phoneRuns = new Map(sites.map((site) => [site, [] as BudgetPhoneFigures[]]));
    for (let i = 1; i <= runs; i++) {
      for (const site of i % 2 ? sites : sites.toReversed()) {
        const started = Date.now();
        const index = budgetPhone ? await measureBenchmarkIndex(browser.port) : undefined;
        const slowdown = index === undefined ? undefined : budgetPhoneSlowdown(index);
        const result = await runLighthouse(
          site.app.url + path,
          browser,
          slowdown === undefined ? { throttling } : budgetPhoneRun(site.app.url, slowdown),
        );
        const report = await summarize(path, result);
        if (values["save-lhr"]) {
          const dir = baseline
            ? join(values["save-lhr"], site === sites[0] ? "baseline" : "build")
            : values["save-lhr"];
          mkdirSync(dir, { recursive: true });
          const name = `${path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${i}.json`;
          writeFileSync(join(dir, name), JSON.stringify(result.lhr));
        }
        reports.get(site)!.push(report);
        const s = report.scores;
        let line =
          `  ${baseline ? `[${site.label}] ` : ""}${path} run ${i}/${runs}: perf ${score(s.performance)} a11y ${score(s.accessibility)} ` +
          `bp ${score(s["best-practices"])} seo ${score(s.seo)}, LCP ${Math.round(report.metrics.lcp)} ms`;
        if (index !== undefined && slowdown !== undefined) {
          const figures = budgetPhoneFigures(result.lhr, index, slowdown);
          phoneRuns.get(site)!.push(figures);
          line +=
            `, benchmarkIndex ${Math.round(index)} (Lighthouse's ${Math.round(figures.lighthouseIndex)}), slowdown ${slowdown}×, ` +
            `TBT ${Math.round(figures.tbt)} ms, longest task ${Math.round(figures.longestTask)} ms, ` +
            `main thread after FCP ${Math.round(figures.mainThreadAfterFcp)} ms`;
        }
        console.log(
          `${line} (${((Date.now() - started) / 1000).toFixed(0)} s)${report.performanceError ? ` [${report.performanceError}]` : ""}`,
        );
      }
    }
    for (const site of sites) {
      const result = results.get(site)!;
      result.all[path] = reports.get(site)!;
      result.medians.push(medianReport(reports.get(site)!));
      if (budgetPhone) result.phone.push({ path, runs: phoneRuns.get(site)! });
    }
  }

  for (const site of sites) {
    const { medians, phone } = results.get(site)!;
    if (baseline) console.log(`\n=== ${site === sites[0] ? "before" : "after"}: ${site.label}`);
    if (budgetPhone) printBudgetPhone(phone);
    if (throttling === "3g") {
      console.log(`\nLCP under Regular 3G (DevTools throttling), median of ${runs}:`);
      for (const r of medians) console.log(`  ${r.path.padEnd(40)} ${Math.round(r.metrics.lcp)} ms`);
    }
    console.log(`\nScores and timings (median of ${runs}):\n${formatScores(medians)}`);
    console.log(`\nBytes (median of ${runs}):\n${formatBytes(medians)}`);
    const breaches = medians.flatMap((r) => budgetBreaches(r).map((b) => `  ${r.path}: ${b}`));
    console.log(breaches.length ? `\nOver budget:\n${breaches.join("\n")}` : "\nAll byte budgets met.");
    const failing = formatFailing(medians);
    console.log(
      failing ? `\nAudits costing points:\n${failing}` : "\nNo failing accessibility, best-practices or SEO audits.",
    );
  }
  if (baseline && budgetPhone) printComparison(results.get(sites[0]!)!.phone, results.get(sites[1]!)!.phone);

  if (values.json) {
    const bySite = (site: Site) => {
      const { medians, all } = results.get(site)!;
      return { medians, runsByPage: all };
    };
    writeFileSync(
      values.json,
      JSON.stringify(
        {
          throttling,
          profile: values.profile,
          runs,
          ...bySite(sites.at(-1)!),
          ...(baseline ? { compare: { build: values.compare, ...bySite(sites[0]!) } } : {}),
        },
        null,
        2,
      ),
    );
    console.log(`\nwrote ${values.json}`);
  }
} finally {
  await cleanUp();
}

/** Requests each URL once, and waits a second for what the server does after answering. */
async function warmUp(urls: string[]) {
  for (const url of urls) {
    const response = await fetch(url, { headers: { "Accept-Encoding": "br, gzip" } });
    if (!response.ok) throw new Error(`warming up ${url}: ${response.status}`);
    await response.arrayBuffer();
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

/** The budget-phone table: medians per page, and whether issue 28's goals are met. */
function printBudgetPhone(pages: PhonePage[]) {
  const rows = pages.map(({ path, runs: figures }) => {
    const med = medianFigures(figures);
    return { path, figures: med, missed: missedGoals(path, med) };
  });
  const width = Math.max(4, ...rows.map((row) => row.path.length));
  console.log(
    `\nBudget phone (median of ${runs}; goals: TBT ≤ ${GOALS.tbtHome} ms on /, ≤ ${GOALS.tbtOther} ms elsewhere, no task over ${GOALS.taskAfterFcp} ms after FCP):`,
  );
  console.log(
    `${"page".padEnd(width)}  index  slowdown    TBT  longest task  longest after FCP  main thread after FCP  goals`,
  );
  for (const { path, figures: f, missed } of rows) {
    console.log(
      `${path.padEnd(width)}  ${String(Math.round(f.benchmarkIndex)).padStart(5)}  ${`${f.slowdown}×`.padStart(8)}  ` +
        `${`${Math.round(f.tbt)} ms`.padStart(6)}  ${`${Math.round(f.longestTask)} ms`.padStart(12)}  ` +
        `${`${Math.round(f.longestTaskAfterFcp)} ms`.padStart(17)}  ${`${Math.round(f.mainThreadAfterFcp)} ms`.padStart(21)}  ` +
        (missed.length ? `missed: ${missed.join("; ")}` : "met"),
    );
  }
  const missing = rows.filter((row) => row.missed.length).length;
  console.log(
    missing ? `Goals missed on ${missing} of ${rows.length} page(s).` : `Goals met on all ${rows.length} page(s).`,
  );
}

/** Before and after, page by page: the median TBT and whether the goals are met. */
function printComparison(before: PhonePage[], after: PhonePage[]) {
  const width = Math.max(4, ...after.map((page) => page.path.length));
  console.log(`\nBefore → after (median TBT of ${runs} interleaved runs each):`);
  let metBefore = 0;
  let metAfter = 0;
  for (const [i, page] of after.entries()) {
    const old = medianFigures(before[i]!.runs);
    const now = medianFigures(page.runs);
    const wasMet = missedGoals(page.path, old).length === 0;
    const isMet = missedGoals(page.path, now).length === 0;
    metBefore += Number(wasMet);
    metAfter += Number(isMet);
    console.log(
      `${page.path.padEnd(width)}  ${`${Math.round(old.tbt)} ms`.padStart(7)} → ${`${Math.round(now.tbt)} ms`.padStart(7)}  ` +
        `${wasMet ? "met" : "missed"} → ${isMet ? "met" : "missed"}`,
    );
  }
  console.log(`Goals met on ${metBefore} → ${metAfter} of ${after.length} page(s).`);
}
