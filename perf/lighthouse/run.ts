// Lighthouse mobile on the public pages of the production build (issue 6): medians of scores,
// timings and the bytes the performance budgets limit.
// Usage: npm run lighthouse -- [--no-build] [--runs 5] [--pages /,/faqs] [--throttling=3g] [--json out.json]
//   [--database file:.cache/bench/scale.db]
//   --throttling=3g  DevTools throttling at Lighthouse's "Regular 3G" (audit.ts REGULAR_3G), prints LCP.
//   --database       audits the site on this database (e.g. one of `npm run bench:seed-scale`) instead
//                    of a fresh one with the demo content.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
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

const { values } = parseArgs({
  options: {
    build: { type: "boolean", default: true },
    runs: { type: "string", default: "5" },
    pages: { type: "string" },
    throttling: { type: "string", default: "default" },
    json: { type: "string" },
    database: { type: "string" },
  },
  allowNegative: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not ${values.runs}`);
if (values.throttling !== "default" && values.throttling !== "3g")
  throw new Error(`--throttling must be 3g (or default), not ${values.throttling}`);
const throttling: Throttling = values.throttling;
const requested = values.pages
  ? values.pages
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)
  : DEFAULT_PAGES;

const workDir = join(ROOT, ".cache", "lighthouse", `run-${randomBytes(4).toString("hex")}`);
let app: AppProcess | undefined;
let browser: Browser | undefined;

async function cleanUp() {
  await browser?.close().catch(() => {});
  await app?.stop().catch(() => {});
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
  const detail = await findTestSeriesPath(app.url);
  const pages = requested.map((p) => (p === TEST_SERIES_DETAIL ? detail : p));
  browser = await launchBrowser(workDir);

  console.log(
    throttling === "3g"
      ? `Lighthouse mobile, DevTools throttling Regular 3G (${JSON.stringify(REGULAR_3G)}), ${runs} run(s) per page on ${app.url}`
      : `Lighthouse mobile (simulated Slow 4G), ${runs} run(s) per page on ${app.url}`,
  );
  const medians: PageReport[] = [];
  const all: Record<string, PageReport[]> = {};
  for (const path of pages) {
    const reports: PageReport[] = [];
    for (let i = 1; i <= runs; i++) {
      const started = Date.now();
      const report = await summarize(path, await runLighthouse(app.url + path, browser, throttling));
      reports.push(report);
      const s = report.scores;
      console.log(
        `  ${path} run ${i}/${runs}: perf ${score(s.performance)} a11y ${score(s.accessibility)} ` +
          `bp ${score(s["best-practices"])} seo ${score(s.seo)}, LCP ${Math.round(report.metrics.lcp)} ms ` +
          `(${((Date.now() - started) / 1000).toFixed(0)} s)${report.performanceError ? ` [${report.performanceError}]` : ""}`,
      );
    }
    all[path] = reports;
    medians.push(medianReport(reports));
  }

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

  if (values.json) {
    writeFileSync(values.json, JSON.stringify({ throttling, runs, medians, runsByPage: all }, null, 2));
    console.log(`\nwrote ${values.json}`);
  }
} finally {
  await cleanUp();
}
