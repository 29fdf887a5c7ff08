import type { Locator, Page } from "@playwright/test";
import { adminSection } from "../app/lib/admin/sections";
import { codeForStep, stepAt } from "../app/lib/auth/totp.server";
import { addDeadEmail, changeProfile, createAdmin, lastResetLink, PASSWORD, signIn } from "./support/admin";
import { adminTest as test } from "./support/admin-session";
import { expectNoViolations, hydrated, open } from "./support/axe";
import { expect } from "./support/fixtures";

// axe-core on every admin page (issue 6, Accessibility), at 1280 px (desktop project) and 375 px
// (mobile project), in the states an admin meets: the folded menu open, every add and edit form
// (opened in the page and as ?new=1 / ?edit=ID URLs), the delete confirmation as a dialog and as
// its own step (?delete=ID), refused forms with their field errors and toast, the welcome popup
// preview, the sign-in and two-factor screens. WCAG 2.0/2.1 A and AA, zero violations.
//
// Nothing here changes content: forms are only refused, dialogs only opened, so these run on the
// main server next to the public-page tests (the "managers" project is for tests that write).
// The two-factor and password-reset checks change only their own admin's account; the Mail
// Delivery check adds an undelivered e-mail to the outbox, which only that page shows.

// A refused form answers 400, which the browser reports in the console.
test.use({ allowedConsoleErrors: [/status of 400/] });
// Several page loads and axe runs per test, on a machine shared with other test runs.
test.describe.configure({ timeout: 120_000 });

const freeTests = "/admin/free-tests";

const toasts = (page: Page) => page.locator("[data-toast-type]");

/** Posts the form as it is and waits for the server's field errors and the toast. */
async function refuse(page: Page, form: Locator, button: string) {
  await form.getByRole("button", { name: button, exact: true }).click();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expect(toasts(page).first()).toBeVisible();
}

/** An auth screen's form, posted as it is: the browser's own checks are turned off first. */
async function postAsIs(form: Locator, button: string) {
  await form.evaluate((element) => ((element as HTMLFormElement).noValidate = true));
  await form.getByRole("button", { name: button, exact: true }).click();
}

/** The addresses the links point to. */
const hrefs = (links: Locator) => links.evaluateAll((all) => all.map((link) => link.getAttribute("href") ?? ""));

/** The ?edit=ID address of the first row (or node) the page lists. */
async function firstEditHref(page: Page) {
  const href = await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

const tableManagers = [
  { ...adminSection("job-alerts"), add: "Add Job Alert" },
  { ...adminSection("ebooks"), add: "Add E-Book" },
  { ...adminSection("free-materials"), add: "Add Material" },
  { ...adminSection("hero-banners"), add: "Add New Banner" },
  // Its Test series tab; the Courses tab's form is checked in e2e/admin-catalogue.spec.ts.
  { ...adminSection("catalogue"), add: "Add Test Series" },
];

test.describe("content managers", () => {
  for (const manager of tableManagers) {
    test(`${manager.title}: the list, its add and edit forms, both delete confirmations, a refused form`, async ({
      page,
    }) => {
      await open(page, manager.path);
      await expect(page.getByRole("heading", { level: 1, name: manager.title })).toBeVisible();
      await expectNoViolations(page, "list");

      // The form opened in the page, then refused with its field errors and the toast.
      await page.getByRole("link", { name: manager.add }).click();
      const form = page.getByRole("region", { name: /^Add / });
      await expect(form).toBeVisible();
      await expectNoViolations(page, "add form");
      await refuse(page, form, "Create");
      await expectNoViolations(page, "field errors and toast");

      await open(page, `${manager.path}?new=1`);
      await expect(page.getByRole("region", { name: /^Add / })).toBeVisible();
      await expectNoViolations(page, "?new=1");

      await open(page, manager.path);
      const edit = await firstEditHref(page);
      await open(page, edit);
      await expect(page.getByRole("region", { name: /^Edit / })).toBeVisible();
      await expectNoViolations(page, edit);

      const remove = edit.replace("edit=", "delete=");
      await open(page, remove);
      await expect(page.getByRole("button", { name: "Delete", exact: true })).toBeVisible();
      await expectNoViolations(page, remove);

      await open(page, manager.path);
      await page
        .getByRole("button", { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await expectNoViolations(page, "delete dialog");
    });
  }

  test("Free Test Series: the tree, the add form in the page, a refused form", async ({ page }) => {
    await open(page, freeTests);
    await expect(page.getByRole("heading", { level: 1, name: "Free Test Series" })).toBeVisible();
    await expectNoViolations(page, "tree");

    await page.getByRole("link", { name: "Add Category" }).click();
    const form = page.getByRole("region", { name: /^Add / });
    await expect(form).toBeVisible();
    await expectNoViolations(page, "add category form");
    await refuse(page, form, "Create");
    await expectNoViolations(page, "field errors and toast");
  });

  test("Free Test Series: the add and edit forms of each level, by URL", async ({ page }) => {
    await open(page, freeTests);
    const addChild = [
      (await hrefs(page.getByRole("link", { name: /^Add Subcategory/ })))[0],
      (await hrefs(page.getByRole("link", { name: /^Add Test Item/ })))[0],
    ];
    const editLinks = await hrefs(page.getByRole("link", { name: /^Edit / }));
    const editByLevel = ["category", "subcategory", "item"].map((level) =>
      editLinks.find((href) => href.includes(`edit=${level}&`)),
    );
    for (const path of [`${freeTests}?new=category`, ...addChild, ...editByLevel]) {
      expect(path).toBeTruthy();
      await open(page, path!);
      await expect(page.getByRole("region", { name: /^(Add|Edit) / })).toBeVisible();
      await expectNoViolations(page, path!);
    }
  });

  test("Free Test Series: a category's delete, as its own step and as a dialog", async ({ page }) => {
    await open(page, freeTests);
    const remove = (await hrefs(page.getByRole("link", { name: /^Edit / })))
      .find((href) => href.includes("edit=category&"))!
      .replace("edit=", "delete=");
    await open(page, remove);
    await expect(page.getByRole("button", { name: "Delete", exact: true })).toBeVisible();
    await expectNoViolations(page, remove);

    // A category's confirmation says what goes with it.
    await open(page, freeTests);
    await page
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoViolations(page, "delete dialog");
  });

  test("Welcome Popup: the form, a refused save, the preview dialog", async ({ page }) => {
    await open(page, "/admin/welcome-popup");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Popup" })).toBeVisible();
    await expectNoViolations(page, "form");

    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoViolations(page, "preview dialog");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    const form = page.getByRole("region", { name: /popup/i });
    await form.getByLabel("Title", { exact: true }).fill("");
    await refuse(page, form, "Update");
    await expectNoViolations(page, "field errors and toast");
  });

  test("Activity", async ({ page }) => {
    await open(page, "/admin/activity");
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("Mail Delivery with an e-mail that could not be sent", async ({ page }) => {
    const subject = addDeadEmail("axe");
    await open(page, "/admin/outbox");
    await expect(page.getByRole("heading", { level: 1, name: "Mail Delivery" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Retry ${subject}` })).toBeVisible();
    await expectNoViolations(page);
  });

  test("Site Settings: the form and a refused save", async ({ page }) => {
    await open(page, "/admin/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Site Settings" })).toBeVisible();
    await expectNoViolations(page, "form");
    const form = page.getByRole("region", { name: "Settings" });
    await form.getByLabel("Contact e-mail").fill("not an address");
    await refuse(page, form, "Save Settings");
    await expectNoViolations(page, "field errors and toast");
  });
});

test.describe("the panel's shell", () => {
  test("the folded menu open on a phone", { tag: "@mobile" }, async ({ page }) => {
    await open(page, "/admin/hero-banners");
    await page.getByText("Open admin menu").click();
    await expect(page.getByRole("navigation", { name: "Admin menu" }).filter({ visible: true })).toBeVisible();
    await expectNoViolations(page, "menu open");
  });

  test.describe(() => {
    test.use({ storageState: { cookies: [], origins: [] }, allowedConsoleErrors: [/status of 40[03]/] });

    test("signing in through the form: the login page refused, then the dashboard with its toast", async ({ page }) => {
      const email = createAdmin("axe-login");
      await open(page, "/admin/login");
      const form = page.locator("form").first();
      await postAsIs(form, "Sign In");
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoViolations(page, "login with field errors");

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(toasts(page).filter({ hasText: "Login successful!" })).toBeVisible();
      await expectNoViolations(page, "dashboard with the sign-in toast");
    });

    test("Access Denied", async ({ page }) => {
      const email = createAdmin("axe-denied");
      await signIn(page, email);
      changeProfile(email, "deactivate");
      const response = await page.goto("/admin");
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
      await expectNoViolations(page);
    });
  });
});

test.describe("account and security", () => {
  test("the account page and a refused password change", async ({ page }) => {
    await open(page, "/admin/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account and security" })).toBeVisible();
    await expectNoViolations(page, "account");

    await open(page, "/admin/account/password");
    await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();
    await expectNoViolations(page, "change password");
    await page.getByLabel("Current password").fill("anything at all");
    await page.getByLabel("New password", { exact: true }).fill("a new password 2031");
    await page.getByLabel("Repeat new password").fill("another password 2031");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoViolations(page, "field errors");
  });

  test.describe(() => {
    test.use({ storageState: { cookies: [], origins: [] }, allowedConsoleErrors: [/status of 40[01]/] });

    test("two-factor: off, enrolment, a wrong code, backup codes, on; then the code step of signing in", async ({
      page,
      browser,
    }) => {
      const email = createAdmin("axe-2fa");
      await signIn(page, email);
      const path = "/admin/account/two-factor";
      await open(page, path);
      await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
      await expectNoViolations(page, "off");

      const password = page.getByLabel("Confirm your password to begin");
      await password.fill("not the password");
      await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expectNoViolations(page, "wrong password");

      await password.fill(PASSWORD);
      await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
      await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
      await hydrated(page);
      await expectNoViolations(page, "enrolment");

      const code = page.getByLabel("Authentication code");
      await code.fill("000000");
      await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      await expect(code).toHaveAttribute("aria-invalid", "true");
      await expectNoViolations(page, "wrong code");

      const key = (await page.getByTestId("totp-key").textContent())!.replace(/\s/g, "");
      await code.fill(codeForStep(key, stepAt(Date.now())));
      await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      await expect(page.getByRole("heading", { name: "Your backup codes" })).toBeVisible();
      await expectNoViolations(page, "backup codes");

      await open(page, path);
      await expect(page.getByRole("heading", { name: "Two-factor authentication is on." })).toBeVisible();
      await expectNoViolations(page, "on");

      // Signing in again: the password, then the code page.
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const second = await context.newPage();
      try {
        await signIn(second, email);
        await open(second, "/admin/login/verify");
        await expect(second.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoViolations(second, "code step");
        await second.getByLabel("Authentication code").fill("000000");
        await second.getByRole("button", { name: "Verify", exact: true }).click();
        await expect(second.getByRole("alert").filter({ hasText: "That code is not valid." })).toBeVisible();
        await expectNoViolations(second, "code step refused");
      } finally {
        await context.close();
      }
    });

    test("password reset: the request, the link's page, a refused new password, a spent link", async ({ page }) => {
      const email = createAdmin("axe-reset");
      await open(page, "/admin/forgot-password");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoViolations(page, "request");
      const form = page.locator("main form").first();
      await postAsIs(form, "Send reset link");
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoViolations(page, "request refused");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.locator("main output")).toBeVisible();
      await expectNoViolations(page, "request sent");

      const link = new URL(lastResetLink(email));
      await open(page, link.pathname + link.search);
      await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
      await expectNoViolations(page, "new password");
      await page.getByLabel("New password", { exact: true }).fill("a fresh password 2031");
      await page.getByLabel("Repeat new password").fill("a different one 2031");
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoViolations(page, "new password refused");

      await open(page, "/admin/reset-password?token=spent-or-unknown");
      await expect(page.getByRole("alert")).toBeVisible();
      await expectNoViolations(page, "unknown link");
    });
  });
});
