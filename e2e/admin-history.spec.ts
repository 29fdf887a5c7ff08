import type { Page } from "@playwright/test";
import { hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";
import { managersState, signInManagersAdmin } from "./support/managers";

// Issue 48 "History you can trust and undo" in Chromium at 1280 px, on the managers' server (it
// edits and deletes e-books the public pages show): an edited e-book's title is put back from the
// activity log and /ebooks shows the old title again; a deleted e-book comes back from the trash
// onto /ebooks; a GATE CSV import shows what it will add and remove before it does, and a refused
// attempt's error does not outlive the import that follows; and without JavaScript, Undo is a
// confirmation step and a form post.

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const statePath = managersState("history");

test.beforeAll(({ browser }) => signInManagersAdmin(browser, statePath));

// A refused import answers 400, which the browser reports in the console; the test that makes one
// checks the errors the page then shows.
test.use({ storageState: statePath, allowedConsoleErrors: [/status of 400/] });

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** The newest toast with this text (toasts stack newest first). */
const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-toast-type]").filter({ hasText: text }).first();
const card = (page: Page, title: string) => page.locator("main article").filter({ hasText: title });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A field's change as the log shows it: "Title: old → new" (the arrow read as ", now"). */
const change = (label: string, before: string, after: string) =>
  new RegExp(`${escape(label)}: ${escape(before)} →(, now)? ${escape(after)}`);

/** An e-book added through its manager's form. */
async function addEbook(page: Page, title: string) {
  await open(page, "/admin/ebooks?new=1");
  const form = page.getByRole("region", { name: "Add e-book" });
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("PDF Link").fill(`https://example.in/${stamp}.pdf`);
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await expect(toast(page, "E-book created successfully")).toBeVisible();
}

test("an edited e-book's title is undone from the activity log, and /ebooks shows the old title", async ({ page }) => {
  const title = `E2E history ${stamp}`;
  const typo = `${title} (tpyo)`;
  await addEbook(page, title);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const form = page.getByRole("region", { name: "Edit e-book" });
  await form.getByLabel("Title", { exact: true }).fill(typo);
  await form.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toast(page, "E-book updated successfully")).toBeVisible();
  await page.goto("/ebooks");
  await expect(card(page, typo)).toBeVisible();

  // The log says what changed, before → after, and offers Undo on the item's latest change only.
  await open(page, "/admin/activity");
  await page.getByLabel("Section").selectOption({ label: "E-book" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\/activity\?section=ebooks/);
  const table = page.getByRole("region", { name: "Recent activity table" });
  const updated = table.getByRole("row").filter({ hasText: `Updated E-book` }).filter({ hasText: typo });
  await expect(updated).toContainText(change("Title", title, typo));
  const created = table.getByRole("row").filter({ hasText: `Created E-book` }).filter({ hasText: title });
  await expect(created).toContainText(`PDF link: https://example.in/${stamp}.pdf`);
  await expect(created.getByRole("link", { name: /^Undo/ })).toHaveCount(0);
  await expectNoHorizontalScroll(page);

  await updated.getByRole("link", { name: /^Undo/ }).click();
  const confirm = page.getByRole("region", { name: "Undo this change?" });
  await expect(confirm).toContainText(change("Title", typo, title));
  await confirm.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(toast(page, `Undone: Updated E-book`)).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toContainText(`Undid the change of E-book`);
  // The update is no longer the item's latest change: no Undo on it any more.
  await expect(updated.getByRole("link", { name: /^Undo/ })).toHaveCount(0);

  await page.goto("/ebooks");
  await expect(card(page, title)).toBeVisible();
  await expect(card(page, typo)).toHaveCount(0);
});

test("a deleted e-book waits in the trash and is restored onto /ebooks", async ({ page }) => {
  const title = `E2E trashed ${stamp}`;
  await addEbook(page, title);
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "E-book deleted successfully")).toBeVisible();
  await page.goto("/ebooks");
  await expect(card(page, title)).toHaveCount(0);

  await open(page, "/admin/trash");
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  // Staff are told which deletes come here, and that the others are for good.
  await expect(
    page.getByText(/^What comes here when deleted: Job alert, Test item, .*E-book.*, FAQ question\. /),
  ).toBeVisible();
  const row = page.getByRole("region", { name: "Deleted items table" }).getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("E-book");
  await row.getByRole("button", { name: `Restore E-book ${title}` }).click();
  await expect(toast(page, `Restored: E-book "${title}"`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto("/ebooks");
  await expect(card(page, title)).toBeVisible();
});

test("a GATE CSV import shows what it will add and remove first; an earlier refusal does not outlive it", async ({
  page,
}) => {
  const code = `Y${stamp.slice(-3).toUpperCase()}`;
  await open(page, "/admin/gate-papers?new=1");
  await page.getByLabel("Paper code").fill(code);
  await page.getByLabel("Paper name").fill(`E2E history paper ${code}`);
  await page.getByLabel("Order", { exact: true }).fill("99");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(toast(page, "Paper created successfully")).toBeVisible();

  await open(page, "/admin/gate-rank-points");
  const header = "paper_code,year,marks,air,kind,source_label,source_url";
  const paste = page.getByLabel("Or paste the CSV text");
  await paste.fill(`${header}\n${code},2024,60,-5,official,E2E history,`);
  await page.getByRole("button", { name: "Check the file" }).click();
  const errors = page.getByRole("alert").filter({ hasText: "Errors in the file" });
  await expect(errors).toContainText("Row 2: AIR must be a whole number of 1 or more");
  await expect(toast(page, "The file was not imported")).toBeVisible();

  await paste.fill(`${header}\n${code},2024,60,70,official,E2E history,\n${code},2024,50,260,official,E2E history,`);
  await page.getByRole("button", { name: "Check the file" }).click();
  const preview = page.getByRole("region", { name: "What the import will do" });
  await expect(preview).toContainText("2 to add, 0 to change, 0 to remove, 0 unchanged.");
  await expect(preview).toContainText(`Row 2 · ${code} 2024: 60 marks, AIR 70 (official; E2E history)`);
  await expect(errors).toHaveCount(0);
  await preview.getByRole("button", { name: "Import", exact: true }).click();
  await expect(toast(page, "Imported: 2 added, 0 updated, 0 unchanged")).toBeVisible();
  // The refused attempt's message is gone once the import succeeded: no error is left on screen
  // (its toast fades at once, rather than beside the success for the rest of its 4 seconds).
  await expect(page.locator('[data-toast-type="error"].opacity-100')).toHaveCount(0, { timeout: 500 });
  await expect(errors).toHaveCount(0);

  // A second file replaces the paper-year's points: the preview names the point it removes.
  await paste.fill(`${header}\n${code},2024,60,70,official,E2E history,\n${code},2024,40,900,official,E2E history,`);
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(preview).toContainText("1 to add, 0 to change, 1 to remove, 1 unchanged.");
  await expect(preview.getByRole("heading", { name: "Removed (1)" })).toBeVisible();
  await expect(preview).toContainText(`${code} 2024: 50 marks, AIR 260 (official; E2E history)`);
  await preview.getByRole("link", { name: "Cancel" }).click();
  await expect(preview).toHaveCount(0);
  await page.goto(`/admin/gate-rank-points?paper=${code}`);
  await expect(page.getByRole("row").filter({ hasText: "E2E history" })).toHaveCount(2);

  // The activity log names the import by what it did, not as a row of the table.
  await page.goto("/admin/activity?section=gate_rank_points");
  await expect(page.getByRole("row").filter({ hasText: "Imported 2 rows into GATE Rank Points" })).toContainText(
    "2 added, 0 updated, 0 unchanged",
  );

  // The test's paper goes, its points with it.
  await open(page, "/admin/gate-papers");
  await page.getByRole("button", { name: `Delete ${code} E2E history paper ${code}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).press("Enter");
  await expect(toast(page, "Paper deleted successfully")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Undo is a confirmation step and a form post", async ({ page }) => {
    const title = `E2E no-JS history ${stamp}`;
    await page.goto("/admin/ebooks?new=1");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("PDF Link").fill("https://example.in/no-js-history.pdf");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("E-book created successfully")).toBeVisible();

    await page.goto("/admin/activity?section=ebooks");
    const row = page.getByRole("row").filter({ hasText: `Created E-book` }).filter({ hasText: title });
    await row.getByRole("link", { name: /^Undo/ }).click();
    await expect(page).toHaveURL(/\/admin\/activity\?section=ebooks&undo=\d+$/);
    const confirm = page.getByRole("region", { name: "Undo this change?" });
    await expect(confirm).toContainText(`E-book #`);
    await expect(confirm).toContainText("goes to the trash, where it can be restored for 30 days.");
    await confirm.getByRole("button", { name: "Undo", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/activity\?section=ebooks$/);
    await expect(page.getByText(/^Undone: Created E-book/)).toBeVisible();

    await page.goto("/ebooks");
    await expect(card(page, title)).toHaveCount(0);
    await page.goto("/admin/trash");
    await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();
  });
});
