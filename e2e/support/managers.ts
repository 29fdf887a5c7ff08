import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";

// The content managers' end-to-end tests (e2e/admin-managers.spec.ts, the catalogue's
// e2e/admin-catalogue.spec.ts, the media library's e2e/admin-media.spec.ts, the question bank's
// e2e/admin-questions.spec.ts, the timed tests' e2e/admin-tests.spec.ts, the media and question-bank flows of
// e2e/media-bank-flows.spec.ts, the unsaved-work tests of e2e/admin-no-lost-work.spec.ts, the activity
// log and trash of e2e/admin-history.spec.ts, the figures, FAQs and terms page of
// e2e/admin-site-figures.spec.ts, the lists' search, filters and bulk actions of e2e/admin-lists.spec.ts,
// and the job alert
// deadlines of e2e/job-alerts.spec.ts) create,
// change and delete the very content the public-page tests check to the row, so they run in a Playwright project of their own against a second server with
// its own database: the main server's port + 1 (playwright.config.ts).

/**
 * A visitor with no session, in a page of its own, who has seen the welcome popup: a welcome-popup
 * test in this project may have switched one on, and its modal would hide the page's floating
 * controls (the WhatsApp button steps aside while a dialog is open).
 */
export async function anonymousPage(browser: Browser, options: BrowserContextOptions = {}) {
  const page = await browser.newPage({ storageState: { cookies: [], origins: [] }, ...options });
  await page.addInitScript(() => window.sessionStorage.setItem("welcome-popup-seen", "1"));
  return page;
}

export const managersPort = Number(process.env.E2E_PORT ?? 4300) + 1;
export const managersSpec =
  /(admin-managers|admin-catalogue|admin-media|admin-questions|admin-tests|admin-no-lost-work|admin-history|admin-site-figures|admin-lists|media-bank-flows|job-alerts)\.spec\.ts$/;
const databaseFile = resolve(`.cache/e2e-${managersPort}/site.db`);

export const MANAGERS_PASSWORD = "e2e managers password 2030";

/** A new admin on the managers' server, made by the real `admin:create` script. */
export function createManagersAdmin() {
  const email = `managers-${randomBytes(4).toString("hex")}@example.com`;
  execFileSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", email], {
    env: {
      ...process.env,
      DATABASE_URL: `file:${databaseFile}`,
      ADMIN_PASSWORD: MANAGERS_PASSWORD,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
    },
    stdio: "pipe",
  });
  return email;
}

/** Fills in and sends the login form as staff do (opening it first unless the page is on it). */
export async function signInThroughForm(page: Page, email: string) {
  if (!page.url().includes("/admin/login")) await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(MANAGERS_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Where a spec keeps its signed-in session: one file per spec and managers' server. */
export const managersState = (spec: string) => `.cache/pw-${spec}-state-${managersPort}.json`;

/**
 * For a spec's `beforeAll`: a new admin of the managers' server, signed in once through the login
 * form, the session saved at `statePath` for the spec's `test.use({ storageState: statePath })`,
 * so every test starts signed in. Returns the admin's e-mail.
 */
export async function signInManagersAdmin(browser: Browser, statePath: string) {
  const email = createManagersAdmin();
  const page = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await signInThroughForm(page, email);
  await expect(page.getByRole("heading", { level: 1, name: "Job Alerts" })).toBeVisible();
  mkdirSync(".cache", { recursive: true });
  await page.context().storageState({ path: statePath });
  await page.close();
  return email;
}
