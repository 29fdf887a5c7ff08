import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUDGETS,
  cssGzip,
  formatBytes,
  formatScores,
  launchBrowser,
  runLighthouse,
  startAuditedApp,
  summarize,
  type Browser,
  type PageReport,
} from "../../scripts/lighthouse/audit";
import { ROOT, scratchSqlite, type AppProcess, type ScratchDb } from "./support/app-process";

// One Lighthouse mobile pass (simulated Slow 4G) over three public pages of the production build
// (issue 6). Accessibility, best practices and SEO must score 100 and the pages must keep to the
// byte budgets; performance scores and timings depend on the machine, so they are printed only.
// `npm run lighthouse` measures all nine pages with medians of five runs.

const pages = ["/", "/test-series", "/job-alerts"];
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

let db: ScratchDb;
let app: AppProcess;
let browser: Browser;
const reports: PageReport[] = [];

beforeAll(async () => {
  db = scratchSqlite("lighthouse");
  app = await startAuditedApp(db.url);
  browser = await launchBrowser(`${ROOT}/.cache/lighthouse`);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await db?.drop();
  if (reports.length) console.log(`Lighthouse mobile, one run:\n${formatScores(reports)}\n\n${formatBytes(reports)}`);
});

describe.each(pages)("Lighthouse on %s", (path) => {
  it("scores 100 for accessibility, best practices and SEO and keeps to the byte budgets", async () => {
    const report = await summarize(path, await runLighthouse(app.url + path, browser));
    reports.push(report);
    const { scores, bytes, failing } = report;

    // The failing audits travel with each score, so a red run says what to fix.
    expect.soft({ score: scores.accessibility, failing: failing.accessibility }).toEqual({ score: 100, failing: [] });
    expect
      .soft({ score: scores["best-practices"], failing: failing["best-practices"] })
      .toEqual({ score: 100, failing: [] });
    expect.soft({ score: scores.seo, failing: failing.seo }).toEqual({ score: 100, failing: [] });

    // Budgets in KiB (to one decimal) so a failure reads as sizes.
    expect.soft(kib(cssGzip(bytes)), "CSS, inline + external, KiB gzip").toBeLessThanOrEqual(kib(BUDGETS.cssGzip));
    // First load: the scripts requested before the page hydrated (scripts/lighthouse/audit.ts);
    // what timers fetch later is printed in the table ("later JS").
    const jsBudget = path === "/" ? BUDGETS.jsGzipHome : BUDGETS.jsGzip;
    expect.soft(kib(bytes.jsGzip), "first-load JS, KiB gzip").toBeLessThanOrEqual(kib(jsBudget));
    expect.soft(kib(bytes.document), "document, KiB compressed").toBeLessThanOrEqual(kib(BUDGETS.document));
    if (bytes.requestsBeforeImages !== null)
      expect
        .soft(bytes.requestsBeforeImages, "requests before the first image")
        .toBeLessThanOrEqual(BUDGETS.requestsBeforeImages);
    if (bytes.lcpImageBytes !== null)
      expect
        .soft(kib(bytes.lcpImageBytes), `LCP image ${bytes.lcpImage}, KiB`)
        .toBeLessThanOrEqual(kib(BUDGETS.lcpImage));
  });
});
