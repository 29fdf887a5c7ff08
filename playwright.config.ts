import { defineConfig, devices } from "@playwright/test";
import { managersPort, managersSpec } from "./e2e/support/managers";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, disableFeaturesFlag, PLAYWRIGHT_DISABLED_FEATURES } from "./support/chromium";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the production
// build, served by server.ts on a fresh SQLite database seeded with demo content.
const port = Number(process.env.E2E_PORT ?? 4300);
const baseURL = `http://127.0.0.1:${port}`;

/** Specs about headers, markup and the server's answers, which no viewport changes: the desktop
 * project runs them and the phone-sized one leaves them out. */
const viewportFree = /(seo|server|page-cache|admin-security|browser)\.spec\.ts$/;

/** The production server on a fresh database seeded with demo content. One database directory
 * per port, so that parallel runs on other ports never share a file. */
function server(serverPort: number) {
  const dataDir = `.cache/e2e-${serverPort}`;
  return {
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && node server.ts`,
    url: `http://127.0.0.1:${serverPort}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(serverPort),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${dataDir}/site.db`,
      SITE_URL: `http://127.0.0.1:${serverPort}`,
      NODE_ENV: "production",
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
      // Every browser test posts from 127.0.0.1: the per-IP form limit is tested in integration.
      PUBLIC_FORM_RATE_LIMIT: "1000",
      // Nothing in the suite leaves the machine: the worker checks no outside links (issue 48).
      LINK_CHECK: "off",
      // Dates are India's whatever the zones (issue 26): the unit and integration lanes run in UTC
      // (scripts/test.sh), this server in India and the browser in California, so a date read
      // from a host's zone would differ between the server's HTML and the hydrated page.
      TZ: "Asia/Kolkata",
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Machines of this kind differ two to three times in speed from one day to the next: a test that
  // walks several admin pages with axe took 25–34 s on a slow one.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    timezoneId: "America/Los_Angeles",
    // No trace unless asked (`--trace retain-on-failure`): recording one for every test, its
    // screenshots and DOM snapshots, took a third of the browser lane's time on 2 cores (a11y-admin
    // and keyboard specs: 2.7 min with it, 1.8 without). A failure still writes its page's ARIA
    // snapshot (error-context.md).
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, disableFeaturesFlag(PLAYWRIGHT_DISABLED_FEATURES)],
    },
  },
  projects: [
    {
      name: "desktop",
      // Layout-specific tests carry a tag and run only in their project: nothing is skipped.
      grepInvert: /@mobile/,
      testIgnore: managersSpec,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
    {
      name: "mobile",
      grepInvert: /@desktop/,
      testIgnore: [managersSpec, viewportFree],
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    {
      // The content managers rewrite the demo content the public-page tests check to the row:
      // their own server and database (e2e/support/managers.ts).
      name: "managers",
      testMatch: managersSpec,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        channel: undefined,
        baseURL: `http://127.0.0.1:${managersPort}`,
      },
    },
  ],
  webServer: [server(port), server(managersPort)],
});
