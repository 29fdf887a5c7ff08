// Lighthouse in Debian's Chromium, shared by `npm run lighthouse` (perf/lighthouse/run.ts) and
// `npm run test:perf` (perf/lighthouse/lighthouse.test.ts): launch the browser, audit one URL, and
// reduce the report to scores, timings and the byte figures of the performance budgets (issue 6).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result, type RunnerResult } from "lighthouse";
import * as lighthouseConstants from "lighthouse/core/config/constants.js";
import { startApp, type AppProcess } from "../../support/app-process.ts";
import { menuPages } from "../../app/lib/site/pages.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, disableFeaturesFlag, disabledFeatures } from "../../support/chromium.ts";
import { servedSize } from "../raw-get.ts";
import { budgetBreaches as pageBreaches } from "../../support/byte-budgets.ts";

/**
 * The pages the budgets cover: those the main menu links to (app/lib/site/pages.ts) and the GATE test
 * series' detail page, found at run time (its URL is its title, named for the GATE cycle).
 */
export const TEST_SERIES_DETAIL = "/test-series/<GATE year>";
export const DEFAULT_PAGES = [...menuPages.map((page) => page.path), TEST_SERIES_DETAIL];

/** The categories we report; Lighthouse 13 also has "agentic-browsing", which we leave out. */
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * `--throttling=3g`: DevTools (applied, not simulated) throttling with Lighthouse's own
 * mobileRegular3G constants (WebPageTest "Regular 3G"; Lighthouse defines no "Slow 3G"): 300 ms
 * RTT and 700 kbit/s, which DevTools throttling applies as 300 × 3.75 = 1125 ms request latency
 * and 700 × 0.9 = 630 kbit/s down and up, with the CPU slowed 4×.
 */
export const REGULAR_3G = lighthouseConstants.throttling.mobileRegular3G;

export type Throttling = "default" | "3g";

/**
 * The production server (`node server.ts`, demo content) on a free port, SITE_URL its own origin:
 * of BUILD_DIR's build, or of `buildDir`'s.
 */
export function startAuditedApp(databaseUrl: string, buildDir?: string): Promise<AppProcess> {
  return startApp({ databaseUrl, env: { LOG_LEVEL: "warn", ...(buildDir ? { BUILD_DIR: buildDir } : {}) } });
}

export interface Browser {
  port: number;
  close(): Promise<void>;
}

/** Chromium with a fresh profile under `workDir`, removed again by close(). */
export async function launchBrowser(workDir: string): Promise<Browser> {
  mkdirSync(workDir, { recursive: true });
  const userDataDir = mkdtempSync(join(workDir, "chrome-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // chrome-launcher starts a headed browser unless told; Playwright adds this flag itself.
    // Ours come after chrome-launcher's defaults, so its --disable-features list goes into ours.
    chromeFlags: [
      "--headless=new",
      ...CHROMIUM_FLAGS,
      disableFeaturesFlag(disabledFeatures(chromeLauncher.Launcher.defaultFlags())),
    ],
    userDataDir,
    logLevel: "silent",
    // Our callers stop the app server on Ctrl-C too; chrome-launcher's handler would exit first.
    handleSIGINT: false,
  });
  return {
    port: chrome.port,
    async close() {
      const exited = new Promise((done) => {
        if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) done(null);
        else chrome.process.once("exit", done);
      });
      chrome.kill();
      await exited;
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The detail page of the series whose title starts with `title`, as the /test-series list links to it. */
export async function findTestSeriesPath(baseUrl: string, title = "GATE "): Promise<string> {
  const html = await (await fetch(new URL("/test-series", baseUrl))).text();
  for (const match of html.matchAll(/href="(\/test-series\/[^"#?]+)"/g)) {
    const path = match[1]!.replaceAll("&amp;", "&");
    if (decodeURIComponent(path.slice("/test-series/".length)).startsWith(title)) return path;
  }
  throw new Error(`no link to a "${title}" test series on /test-series`);
}

/** How one Lighthouse run differs from the mobile default config. */
export interface RunOptions {
  /** DevTools-throttled Regular 3G instead of simulated Slow 4G. */
  throttling?: Throttling;
  /** Simulated Slow 4G with this CPU slowdown instead of 4× (the budget-phone profile, budget-phone.ts). */
  cpuSlowdown?: number;
  /** The page each run starts from, instead of about:blank. */
  startPage?: string;
  /** Audits left out (with them, the gatherers only they need). */
  skipAudits?: string[];
}

/** Lighthouse's flags for a run on the browser at `port`: the mobile default config, changed by `options`. */
export function lighthouseFlags(port: number, options: RunOptions = {}): Flags {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // The full-page screenshot is for the HTML report, which we do not write.
    disableFullPageScreenshot: true,
  };
  if (options.startPage) flags.blankPage = options.startPage;
  if (options.skipAudits) flags.skipAudits = options.skipAudits;
  if (options.throttling === "3g") {
    flags.throttlingMethod = "devtools";
    flags.throttling = REGULAR_3G;
  } else if (options.cpuSlowdown !== undefined) {
    flags.throttling = { ...lighthouseConstants.throttling.mobileSlow4G, cpuSlowdownMultiplier: options.cpuSlowdown };
  }
  return flags;
}

/** One Lighthouse navigation on the mobile default config, changed by `options`. */
export async function runLighthouse(url: string, browser: Browser, options: RunOptions = {}): Promise<RunnerResult> {
  const flags = lighthouseFlags(browser.port, options);
  // On a busy machine the trace sometimes misses the navigation (NO_NAVSTART, NO_FCP); Lighthouse
  // itself says to run again, so we do, twice at most.
  let lastError = "";
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result;
    lastError = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
  }
  throw new Error(`Lighthouse failed on ${url}: ${lastError}`);
}

export interface PageReport {
  path: string;
  /** 0–100; null when Lighthouse could not score the category. */
  scores: Record<Category, number | null>;
  /** Why Lighthouse could not score performance (a metric it failed to compute), if so. */
  performanceError?: string;
  /** Milliseconds, except CLS (unitless). */
  metrics: { lcp: number; tbt: number; cls: number; fcp: number };
  /**
   * Compressed bodies: Lighthouse's transfer size less the response headers (which HTTP/1.1 sends
   * in full on every response and HTTP/2 compresses), so they compare with the gzip budgets.
   */
  bytes: {
    /** Main document. */
    document: number;
    /** Inline <style> text, raw and gzip -9 (it travels compressed inside the document). */
    inlineCssRaw: number;
    inlineCssGzip: number;
    /** External stylesheets, as served (brotli) and as the server gzips them. */
    externalCss: number;
    externalCssGzip: number;
    /** Scripts of the first load (those the document names), as served (brotli) and as the server gzips them. */
    js: number;
    jsGzip: number;
    scripts: number;
    /** Scripts requested later (the dialogs' code when idle, the purchase toast's by a timer), gzip as served. */
    deferredJsGzip: number;
    deferredScripts: number;
    /** Response headers of all requests together (not counted above). */
    headers: number;
    /** Requests the browser started before its first image request; null when it loaded no image. */
    requestsBeforeImages: number | null;
    requests: number;
    /** The LCP element (its HTML start tag) and, when it is an image, its URL and size. */
    lcpElement: string | null;
    lcpImage: string | null;
    lcpImageBytes: number | null;
  };
  /** Audits that cost points in accessibility, best-practices and SEO: "id: title". */
  failing: Record<Exclude<Category, "performance">, string[]>;
}

/** The figure the CSS budget limits: inline CSS at gzip -9 and external CSS as the server gzips it. */
const cssGzip = (bytes: PageReport["bytes"]) => bytes.inlineCssGzip + bytes.externalCssGzip;

interface NetworkItem {
  url: string;
  resourceType?: string;
  mimeType?: string;
  transferSize?: number;
  rendererStartTime?: number;
  networkRequestTime?: number;
}

interface NodeItem {
  type: "node";
  snippet?: string;
  selector?: string;
  nodeLabel?: string;
}

function tableItems(lhr: Result, auditId: string): unknown[] {
  const details = lhr.audits[auditId]?.details as { items?: unknown[] } | undefined;
  return details?.items ?? [];
}

/** The node item of the LCP breakdown insight (Lighthouse 13 names the LCP element there). */
function lcpNode(lhr: Result): NodeItem | undefined {
  return tableItems(lhr, "lcp-breakdown-insight").find(
    (item): item is NodeItem => (item as { type?: string }).type === "node",
  );
}

const gzipCache = new Map<string, number>();

/**
 * The gzip bytes the server sends for a resource Lighthouse saw, fetched again as a gzip-only
 * browser (the budgets are in gzip; Chromium got brotli).
 */
async function gzipSize(url: string): Promise<number> {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = await servedSize(url, "gzip");
    // Hashed assets never change; anything else is fetched each time.
    if (url.includes("/assets/")) gzipCache.set(url, size);
  }
  return size;
}

/** Scores, metrics and budget figures of one Lighthouse run. */
export async function summarize(path: string, result: RunnerResult): Promise<PageReport> {
  const { lhr } = result;
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, score == null ? null : Math.round(score * 100)];
    }),
  ) as PageReport["scores"];
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

  // Header bytes per URL: Network.responseReceived reports what had arrived with the headers.
  const headerBytes = new Map<string, number>();
  for (const event of result.artifacts.DevtoolsLog ?? []) {
    if (event.method === "Network.responseReceived")
      headerBytes.set(event.params.response.url, event.params.response.encodedDataLength);
  }
  const requests = (tableItems(lhr, "network-requests") as NetworkItem[])
    .filter((item) => !item.url.startsWith("data:"))
    .sort((a, b) => (a.rendererStartTime ?? 0) - (b.rendererStartTime ?? 0));
  const body = (item: NetworkItem) => Math.max(0, (item.transferSize ?? 0) - (headerBytes.get(item.url) ?? 0));
  const size = (items: NetworkItem[]) => items.reduce((sum, item) => sum + body(item), 0);
  const ofType = (type: string) => requests.filter((item) => item.resourceType === type);
  const firstImage = requests.findIndex((item) => item.resourceType === "Image");
  // The first load is what the document names (its loader's module list, preloads and imports);
  // what came later (the dialogs' code at the first idle moment, the toast's by a timer) is apart.
  const html = result.artifacts.MainDocumentContent ?? "";
  const scripts = requests.filter(
    (item) =>
      item.resourceType === "Script" || (item.resourceType === "Other" && /javascript/.test(item.mimeType ?? "")),
  );
  const named = (item: NetworkItem) => html.includes(new URL(item.url).pathname);
  const firstLoadScripts = scripts.filter(named);
  const deferredScripts = scripts.filter((item) => !named(item));
  const gzipped = async (items: NetworkItem[]) =>
    (await Promise.all(items.map((item) => gzipSize(item.url)))).reduce((a, b) => a + b, 0);

  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!).join("");

  const node = lcpNode(lhr);
  const snippet = (node?.snippet ?? "").replaceAll("&amp;", "&");
  // An image is the LCP element when its request's path appears in the element (src, srcset or style).
  const lcpRequest = ofType("Image").findLast((item) => {
    const url = new URL(item.url);
    return snippet.includes(url.pathname + url.search) || snippet.includes(item.url);
  });

  const failing = Object.fromEntries(
    CATEGORIES.filter((id) => id !== "performance").map((id) => [
      id,
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((audit) => audit.score !== null && audit.score < 1)
        .map((audit) => `${audit.id}: ${audit.title}`),
    ]),
  ) as PageReport["failing"];

  const performanceError = (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .find((audit) => audit?.errorMessage);
  return {
    path,
    scores,
    ...(performanceError ? { performanceError: `${performanceError.id}: ${performanceError.errorMessage}` } : {}),
    metrics: {
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      fcp: metric("first-contentful-paint"),
    },
    bytes: {
      document: size(ofType("Document").slice(0, 1)),
      inlineCssRaw: Buffer.byteLength(inlineCss),
      inlineCssGzip: inlineCss ? gzipSync(inlineCss, { level: 9 }).length : 0,
      externalCss: size(ofType("Stylesheet")),
      externalCssGzip: await gzipped(ofType("Stylesheet")),
      js: size(firstLoadScripts),
      jsGzip: await gzipped(firstLoadScripts),
      scripts: firstLoadScripts.length,
      deferredJsGzip: await gzipped(deferredScripts),
      deferredScripts: deferredScripts.length,
      headers: requests.reduce((sum, item) => sum + (headerBytes.get(item.url) ?? 0), 0),
      requestsBeforeImages: firstImage === -1 ? null : firstImage,
      requests: requests.length,
      lcpElement: node ? (node.snippet ?? node.selector ?? null) : null,
      lcpImage: lcpRequest?.url ?? null,
      lcpImageBytes: lcpRequest ? body(lcpRequest) : null,
    },
    failing,
  };
}

/**
 * Budget breaches of one page, as readable lines (support/byte-budgets.ts, the same budgets the
 * system test checks without a browser; here with the requests before the first image and the
 * LCP image too).
 */
export function budgetBreaches(report: PageReport): string[] {
  return pageBreaches({ path: report.path, ...report.bytes });
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median of every figure over several runs of one page (failing audits: the union). */
export function medianReport(runs: PageReport[]): PageReport {
  const first = runs[0]!;
  const med = <T extends object>(pick: (r: PageReport) => T, key: keyof T) =>
    median(runs.map((r) => pick(r)[key] as number));
  const nullableMed = (pick: (r: PageReport) => number | null) => {
    const values = runs.map(pick).filter((v): v is number => v !== null);
    return values.length ? median(values) : null;
  };
  const union = (id: keyof PageReport["failing"]) => [...new Set(runs.flatMap((r) => r.failing[id]))];
  return {
    path: first.path,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, nullableMed((r) => r.scores[id])])) as PageReport["scores"],
    metrics: {
      lcp: med((r) => r.metrics, "lcp"),
      tbt: med((r) => r.metrics, "tbt"),
      cls: med((r) => r.metrics, "cls"),
      fcp: med((r) => r.metrics, "fcp"),
    },
    bytes: {
      ...first.bytes,
      document: med((r) => r.bytes, "document"),
      inlineCssRaw: med((r) => r.bytes, "inlineCssRaw"),
      inlineCssGzip: med((r) => r.bytes, "inlineCssGzip"),
      externalCss: med((r) => r.bytes, "externalCss"),
      externalCssGzip: med((r) => r.bytes, "externalCssGzip"),
      js: med((r) => r.bytes, "js"),
      jsGzip: med((r) => r.bytes, "jsGzip"),
      scripts: med((r) => r.bytes, "scripts"),
      deferredJsGzip: med((r) => r.bytes, "deferredJsGzip"),
      deferredScripts: med((r) => r.bytes, "deferredScripts"),
      headers: med((r) => r.bytes, "headers"),
      requestsBeforeImages: nullableMed((r) => r.bytes.requestsBeforeImages),
      requests: med((r) => r.bytes, "requests"),
      lcpImageBytes: nullableMed((r) => r.bytes.lcpImageBytes),
    },
    failing: { accessibility: union("accessibility"), "best-practices": union("best-practices"), seo: union("seo") },
  };
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : "–");
const kibText = (n: number | null) => (n === null || !Number.isFinite(n) ? "–" : `${(n / 1024).toFixed(1)}`);
export const score = (n: number | null) => (n === null ? "–" : String(Math.round(n)));

export function formatScores(reports: PageReport[]): string {
  return table(
    ["page", "perf", "a11y", "bp", "seo", "LCP", "TBT", "CLS", "FCP"],
    reports.map((r) => [
      r.path,
      score(r.scores.performance),
      score(r.scores.accessibility),
      score(r.scores["best-practices"]),
      score(r.scores.seo),
      ms(r.metrics.lcp),
      ms(r.metrics.tbt),
      Number.isFinite(r.metrics.cls) ? r.metrics.cls.toFixed(3) : "–",
      ms(r.metrics.fcp),
    ]),
  );
}

/**
 * Sizes in KiB. "served" is the compressed body Chromium received (brotli here, headers apart);
 * "gz" is gzip, the unit of the CSS (inline + external) and JS budgets: the bytes the server sends a
 * browser without brotli (the build's Zopfli copies), and gzip -9 for the inline CSS.
 */
export function formatBytes(reports: PageReport[]): string {
  const body = table(
    [
      "page",
      "doc",
      "inline css raw/gz",
      "ext css served/gz",
      "CSS gz",
      "JS served/gz (files)",
      "later JS gz",
      "headers",
      "req<img",
      "LCP element",
      "LCP KiB",
    ],
    reports.map((r) => {
      const b = r.bytes;
      const lcp = b.lcpImage
        ? b.lcpImage.replace(/^https?:\/\/127\.0\.0\.1:\d+/, "")
        : (b.lcpElement?.match(/^<[a-z0-9]+/i)?.[0]?.concat(">") ?? "–");
      return [
        r.path,
        kibText(b.document),
        `${kibText(b.inlineCssRaw)}/${kibText(b.inlineCssGzip)}`,
        `${kibText(b.externalCss)}/${kibText(b.externalCssGzip)}`,
        kibText(cssGzip(b)),
        `${kibText(b.js)}/${kibText(b.jsGzip)} (${b.scripts})`,
        b.deferredScripts ? `${kibText(b.deferredJsGzip)} (${b.deferredScripts})` : "–",
        kibText(b.headers),
        b.requestsBeforeImages === null ? `no img/${b.requests}` : `${b.requestsBeforeImages}/${b.requests}`,
        lcp,
        kibText(b.lcpImageBytes),
      ];
    }),
  );
  return (
    `${body}\nKiB. served = compressed body as Chromium received it (brotli), response headers counted apart; ` +
    "gz = gzip as served to a browser without brotli, inline CSS at gzip -9 (budget unit); JS = named by the document (first load); later JS = requested " +
    "after it, when idle or by timers; req<img = requests started before the first image / all requests."
  );
}

/** Failing accessibility, best-practices and SEO audits, one line each (empty when none). */
export function formatFailing(reports: PageReport[]): string {
  return reports
    .flatMap((r) =>
      Object.entries(r.failing).flatMap(([category, audits]) =>
        audits.map((audit) => `${r.path}  [${category}] ${audit}`),
      ),
    )
    .join("\n");
}
