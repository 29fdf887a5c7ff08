import type { BrowserContext, Page } from "@playwright/test";
import { hydrated } from "./support/axe";
import { holdScripts } from "./support/hold-scripts";
import { expect, test } from "./support/fixtures";
import { managersState, signInManagersAdmin, signInThroughForm } from "./support/managers";

// Issue 48 "No lost work", in Chromium at 1280 px: a half-filled admin form warns before an
// in-app link leaves it (Stay keeps the typing, Leave keeps a draft) and before the tab closes or
// reloads; its draft comes back with a notice and 'Discard draft'; a form submitted after the
// session ended leads through sign-in back to the same form, filled in, and saving it shows on
// the public page — with JavaScript and without. On the managers' server (it changes content).

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const statePath = managersState("no-lost-work");
let email = "";

test.beforeAll(async ({ browser }) => {
  email = await signInManagersAdmin(browser, statePath);
});

test.use({ storageState: statePath, viewport: { width: 1280, height: 800 } });

/** The session ends as it does after 30 idle minutes: the browser's session cookie is gone. */
async function endSession(context: BrowserContext) {
  const before = await context.cookies();
  expect(before.some((cookie) => cookie.name.includes("session_token"))).toBe(true);
  await context.clearCookies({ name: /session_token/ });
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** A section's link in the side menu; some carry a count after a comma ("Leads, 2 new"). */
const menuLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: new RegExp(`^${name}( ?,|$)`) });
const toast = (page: Page, text: string) => page.locator("[data-toast-type]").filter({ hasText: text }).first();

test("a half-typed lead note: an in-app link asks first; Stay keeps it, Leave keeps a draft that comes back", async ({
  page,
  browser,
}) => {
  // A visitor's message, so there is a lead to write a note on.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const contact = await visitor.newPage();
  const name = `Lead ${stamp}`;
  await contact.goto("/contact");
  await hydrated(contact);
  await contact.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await contact.getByRole("textbox", { name: "Email" }).fill("lead.no-lost-work@example.com");
  await contact.getByRole("textbox", { name: "Phone" }).fill("+91 98765 43210");
  await contact.getByRole("textbox", { name: "Message" }).fill("Is there a weekend batch?");
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(contact.getByText("Message sent successfully!").first()).toBeVisible();
  await visitor.close();

  await open(page, "/admin/leads");
  const card = page.getByRole("article", { name });
  const note = card.getByLabel("Note");
  // A clean form never warns: the menu just goes.
  await menuLink(page, "Job Alerts").click();
  await expect(page.getByRole("heading", { level: 1, name: "Job Alerts" })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  await open(page, "/admin/leads");
  await note.click();
  await note.pressSequentially("Called back, wants the weekend batch");
  await menuLink(page, "Job Alerts").click();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("They stay as a draft in this browser");
  await expect(dialog.getByRole("button", { name: "Stay on this form" })).toBeFocused();
  await dialog.getByRole("button", { name: "Stay on this form" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/leads/);
  await expect(note).toHaveValue("Called back, wants the weekend batch");

  // Leave: the section changes; the note waits as a draft and comes back with the form.
  await menuLink(page, "Job Alerts").click();
  await dialog.getByRole("button", { name: "Leave", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Job Alerts" })).toBeVisible();
  await menuLink(page, "Leads").click();
  await expect(note).toHaveValue("Called back, wants the weekend batch");
  await expect(card.getByText(/Restored your unsaved changes from .+ IST\./)).toBeVisible();

  // Discard draft: back to what is saved (no note), and nothing to warn about any more.
  await card.getByRole("button", { name: "Discard draft" }).click();
  await expect(note).toHaveValue("");
  await expect(card.getByText(/Restored your unsaved changes/)).toHaveCount(0);
  await menuLink(page, "Job Alerts").click();
  await expect(page.getByRole("heading", { level: 1, name: "Job Alerts" })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
});

test("closing or reloading the tab with unsaved changes asks the browser's question; the draft survives a reload and goes on save", async ({
  page,
}) => {
  const title = `E2E draft e-book ${stamp}`;
  await open(page, "/admin/ebooks");
  await page.getByRole("link", { name: "Add E-Book" }).click();
  const form = page.getByRole("region", { name: "Add e-book" });
  await form.getByLabel("Title", { exact: true }).click();
  await form.getByLabel("Title", { exact: true }).pressSequentially(title);
  await form.getByLabel("PDF Link").fill("https://example.in/draft.pdf");

  // Closing the tab: the browser asks; answered "stay", the page stays open.
  const asked: string[] = [];
  page.once("dialog", async (dialog) => {
    asked.push(dialog.type());
    await dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(["beforeunload"]);
  expect(page.isClosed()).toBe(false);

  // Reloading: asked again; answered "leave", the page reloads and the draft comes back.
  page.once("dialog", async (dialog) => {
    asked.push(dialog.type());
    await dialog.accept();
  });
  await page.reload();
  await hydrated(page);
  expect(asked).toEqual(["beforeunload", "beforeunload"]);
  await expect(form.getByText(/Restored your unsaved changes from .+ IST\./)).toBeVisible();
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(form.getByLabel("PDF Link")).toHaveValue("https://example.in/draft.pdf");

  // Saved: the draft is gone, and a fresh Add form starts empty, without a notice or a question.
  await form.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "E-book created successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();
  await page.getByRole("link", { name: "Add E-Book" }).click();
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(form.getByText(/Restored your unsaved changes/)).toHaveCount(0);

  // The form's own Cancel is the admin's "discard": no question, and no draft afterwards.
  await form.getByLabel("Title", { exact: true }).fill("Cancelled on purpose");
  await form.getByRole("link", { name: "Cancel" }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.getByRole("link", { name: "Add E-Book" }).click();
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(form.getByText(/Restored your unsaved changes/)).toHaveCount(0);
  await menuLink(page, "Job Alerts").click();
  await expect(page.getByRole("heading", { level: 1, name: "Job Alerts" })).toBeVisible();
});

test("a form submitted after the session ended comes back filled in after signing in, and saves", async ({ page }) => {
  const title = `E2E draft e-book ${stamp}`;
  const kept = `${title} kept across sign-in`;
  await open(page, "/admin/ebooks");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const form = page.getByRole("region", { name: "Edit e-book" });
  await form.getByLabel("Title", { exact: true }).fill(kept);
  await form.getByLabel("Description").fill("Typed while the session ran out.");

  await endSession(page.context());
  await form.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText("What you typed is kept: sign in again")).toBeVisible();

  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/admin\/ebooks\?edit=\d+$/);
  const back = page.getByRole("region", { name: "Edit e-book" });
  await expect(back.getByText("Your session ended before this form was sent")).toBeVisible();
  await expect(back.getByLabel("Title", { exact: true })).toHaveValue(kept);
  await expect(back.getByLabel("Description")).toHaveValue("Typed while the session ran out.");
  await back.getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "E-book updated successfully")).toBeVisible();

  await page.goto("/ebooks");
  await expect(page.getByRole("heading", { name: kept })).toBeVisible();
});

// Staff on a slow connection start typing before the scripts have run: React put a textarea back to
// its default text as it hydrated, and the media library swapped its plain upload form for the
// queue with empty details.
test("Site Settings: text typed into a field and a textarea before the scripts run is kept", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/admin/settings");
  const synonyms = page.getByLabel("Search synonyms (optional)");
  await synonyms.fill("pyq = previous year papers\nmock = full-length mock test");
  await page.getByLabel("Who answers the call").fill("A GATE CH mentor");
  release();
  await hydrated(page);
  await expect(synonyms).toHaveValue("pyq = previous year papers\nmock = full-length mock test");
  await expect(page.getByLabel("Who answers the call")).toHaveValue("A GATE CH mentor");
});

test("Media Library: details typed into the plain upload form go with the drop zone's fields", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/admin/media");
  const upload = page.getByRole("region", { name: "Upload a file" });
  await upload.getByLabel("Title (optional)").fill("Heat exchanger sketch");
  await upload.getByLabel("Alt text", { exact: true }).fill("A shell-and-tube heat exchanger, two passes");
  release();
  await hydrated(page);
  await expect(upload.getByText("Choose files, or drop them here")).toBeVisible();
  await expect(upload.getByLabel("Title (optional)")).toHaveValue("Heat exchanger sketch");
  await expect(upload.getByLabel("Alt text", { exact: true })).toHaveValue(
    "A shell-and-tube heat exchanger, two passes",
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a form posted after the session ended leads through sign-in back to the form, filled in, and saves", async ({
    page,
  }) => {
    const title = `E2E draft e-book ${stamp} kept across sign-in`;
    const kept = `E2E no-JS kept ${stamp}`;
    await page.goto("/admin/ebooks");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByLabel("Title", { exact: true }).fill(kept);

    await endSession(page.context());
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText("What you typed is kept: sign in again")).toBeVisible();

    await signInThroughForm(page, email);
    await expect(page).toHaveURL(/\/admin\/ebooks\?edit=\d+$/);
    await expect(page.getByText("Your session ended before this form was sent")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(kept);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(/\/admin\/ebooks/);
    await expect(page.getByText("E-book updated successfully")).toBeVisible();

    await page.goto("/ebooks");
    await expect(page.getByRole("heading", { name: kept })).toBeVisible();
  });
});
