import type { Browser, Page } from "@playwright/test";
import { adminSection } from "../app/lib/admin/sections";
import { adminTest as test } from "./support/admin-session";
import { expectNoViolations, hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll } from "./support/fixtures";

// Testimonial moderation (issue 25) in Chromium: a visitor's testimonial waits for approval (the
// default setting) and appears on the home page only once an admin approves it; the admin also
// renames, hides and deletes it (with the spec's style of prompt), with and without JavaScript.
// The admin pages are signed in (adminTest); the visitor is a fresh anonymous context.

const PATH = adminSection("testimonials").path;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toasts = (page: Page) => page.locator("[data-toast-type]");

/** An anonymous visitor's page, without the welcome popup. */
async function visitor(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.addInitScript(() => window.sessionStorage.setItem("welcome-popup-seen", "1"));
  return page;
}

/** The manager's row of the testimonial by `name`. */
const rowOf = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });

test.describe("testimonial moderation with JavaScript", () => {
  // The refused rename (an empty name) answers 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("waits for approval, appears on / once approved; renamed, hidden, deleted", async ({ page, browser }) => {
    const who = `Nisha ${unique()}`;
    const comment = `The mock tests matched the real paper (${who}).`;

    // The visitor adds one from the home page: told it waits for review, and it is not shown.
    const home = await visitor(browser);
    await home.goto("/");
    await hydrated(home);
    await home.getByRole("button", { name: "Add your testimonial" }).click();
    const dialog = home.getByRole("dialog", { name: "Share Your Experience" });
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(who);
    await dialog.getByRole("textbox", { name: "Your testimonial" }).fill(comment);
    await dialog.getByRole("button", { name: "Submit Testimonial" }).click();
    await expect(dialog).toBeHidden();
    await expect(
      toasts(home).filter({ hasText: "Thank you! Your testimonial will appear on the home page after review." }),
    ).toBeVisible();
    await expect(home.getByText(comment)).toHaveCount(0);
    await home.reload();
    await expect(home.getByText(comment)).toHaveCount(0);

    // The admin sees it waiting, and approves it.
    await page.goto(PATH);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
    const row = rowOf(page, who);
    await expect(row).toContainText("Waiting for approval");
    await expect(row).toContainText(comment);
    await expectNoViolations(page, "testimonials manager");
    await expectNoHorizontalScroll(page);
    await row.getByRole("button", { name: `Approve ${who}` }).click();
    await expect(toasts(page).filter({ hasText: "Testimonial approved" })).toBeVisible();
    await expect(row).toContainText("Approved");
    await expect(row.getByRole("button", { name: `Approve ${who}` })).toHaveCount(0);

    // Now the home page shows it.
    await home.goto("/");
    await expect(home.getByText(comment)).toBeAttached();

    // The display name is corrected.
    const renamed = `${who} K`;
    await row.getByRole("link", { name: `Edit ${who}` }).click();
    const name = page.getByRole("textbox", { name: "Display name" });
    await expect(name).toBeFocused();
    await expect(name).toHaveValue(who);
    await name.fill("");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await name.fill(renamed);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(toasts(page).filter({ hasText: "Testimonial updated successfully" })).toBeVisible();
    const renamedRow = rowOf(page, renamed);
    await expect(renamedRow).toContainText("Approved");
    await home.goto("/");
    await expect(home.getByText(renamed, { exact: true }).first()).toBeAttached();

    // Hidden: it leaves the home page.
    await renamedRow.getByRole("button", { name: `Hide ${renamed}` }).click();
    await expect(toasts(page).filter({ hasText: "Testimonial hidden" })).toBeVisible();
    await expect(renamedRow).toContainText("Hidden");
    await home.goto("/");
    await expect(home.getByText(comment)).toHaveCount(0);

    // Delete: the spec's style of prompt; Cancel keeps it and returns focus, Delete removes it.
    const remove = renamedRow.getByRole("button", { name: `Delete ${renamed}` });
    await remove.click();
    const confirm = page.getByRole("alertdialog", { name: "Delete testimonial" });
    await expect(confirm).toContainText("Are you sure you want to delete this testimonial?");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await remove.click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toasts(page).filter({ hasText: "Testimonial deleted successfully" })).toBeVisible();
    await expect(rowOf(page, renamed)).toHaveCount(0);
    await home.context().close();
  });
});

test.describe("testimonial moderation without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the visitor is told it waits; the admin approves and deletes with plain forms", async ({ page, browser }) => {
    const who = `Kabir ${unique()}`;
    const comment = `Clear explanations of every answer (${who}).`;
    const home = await visitor(browser, false);
    await home.goto("/testimonials/new");
    await home.getByRole("textbox", { name: "Name", exact: true }).fill(who);
    await home.getByRole("textbox", { name: "Your testimonial" }).fill(comment);
    await home.getByRole("button", { name: "Submit Testimonial" }).click();
    await expect(
      home
        .getByRole("status")
        .filter({ hasText: "Thank you! Your testimonial will appear on the home page after review." }),
    ).toBeVisible();
    await home.goto("/");
    await expect(home.getByText(comment)).toHaveCount(0);

    await page.goto(PATH);
    const row = rowOf(page, who);
    await expect(row).toContainText("Waiting for approval");
    await row.getByRole("button", { name: `Approve ${who}` }).click();
    await expect(rowOf(page, who)).toContainText("Approved");
    await home.goto("/");
    await expect(home.getByText(comment)).toBeAttached();

    await rowOf(page, who)
      .getByRole("link", { name: `Delete ${who}` })
      .click();
    const step = page.getByRole("region", { name: "Delete testimonial" });
    await expect(step).toContainText("Are you sure you want to delete this testimonial?");
    await step.getByRole("button", { name: "Delete" }).click();
    await expect(rowOf(page, who)).toHaveCount(0);
    await home.goto("/");
    await expect(home.getByText(comment)).toHaveCount(0);
    await home.context().close();
  });
});
