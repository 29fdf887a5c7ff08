import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  budgetBreaches,
  formatBytes,
  formatScores,
  launchBrowser,
  runLighthouse,
  startAuditedApp,
  summarize,
  type Browser,
  type PageReport,
} from "./audit";
import { ROOT, scratchSqlite, type AppProcess, type ScratchDb } from "../../support/app-process";
import { pathsOf } from "../../app/lib/site/pages";

// One Lighthouse mobile pass (simulated Slow 4G) over three public pages of the production build
// (issue 6). Accessibility, best practices and SEO must score 100 and the pages must keep to the
// byte budgets; performance scores and timings depend on the machine, so they are printed only.
// `npm run lighthouse` measures all nine pages with medians of five runs.

const pages = pathsOf("home", "test-series", "job-alerts");

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
    const { scores, failing } = report;

    // The failing audits travel with each score, so a red run says what to fix.
    expect.soft({ score: scores.accessibility, failing: failing.accessibility }).toEqual({ score: 100, failing: [] });
    expect
      .soft({ score: scores["best-practices"], failing: failing["best-practices"] })
      .toEqual({ score: 100, failing: [] });
    expect.soft({ score: scores.seo, failing: failing.seo }).toEqual({ score: 100, failing: [] });

    // The budgets as `npm run lighthouse` checks them (audit.ts budgetBreaches), each breach a readable
    // line: CSS and first-load JS in gzip, the document, requests before the first image, the LCP image.
    expect.soft(budgetBreaches(report), "byte budgets").toEqual([]);
  });
});
