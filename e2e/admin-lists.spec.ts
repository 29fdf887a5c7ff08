import type { Page } from "@playwright/test";
import { hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";
import { managersState, signInManagersAdmin } from "./support/managers";

// Lists staff can work (issue 48) in Chromium: find job alerts by words and filters (the view is
// the address), bulk-deactivate three and see them gone from /job-alerts, edit one and come back
// to the same filtered list with it focused, the same bulk action without JavaScript through its
// confirmation page, and the lists at 375 px. On the managers' server (its own database), since
// it changes the alerts the public pages show; every title carries this run's stamp.

test.describe.configure({ mode: "serial" });

const stamp = `lists${Date.now().toString(36)}`;
const statePath = managersState("lists");

test.beforeAll(({ browser }) => signInManagersAdmin(browser, statePath));

test.use({ storageState: statePath });

const toast = (page: Page, text: string) => page.locator("[data-toast-type]").filter({ hasText: text }).first();
const table = (page: Page) => page.getByRole("region", { name: "Job alerts table" });
const rows = (page: Page) => table(page).locator("tbody").getByRole("row");
const titles = ["Alpha", "Bravo", "Charlie", "Delta"].map((word) => `${stamp} ${word} admit card`);

async function addAlert(page: Page, title: string) {
  await page.goto("/admin?new=1");
  await hydrated(page);
  const form = page.getByRole("region", { name: "Add job alert" });
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Category").selectOption({ label: "Admit Cards" });
  await form.getByLabel("View link (URL)").fill("https://example.in/admit-card");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Job alert created successfully")).toBeVisible();
}

test("find alerts by words and filters; bulk-deactivate three; an edit comes back to the same view", async ({
  page,
}) => {
  for (const title of titles) await addAlert(page, title);
  await page.goto("/job-alerts?tab=admit-cards");
  for (const title of titles) await expect(page.getByRole("heading", { name: title })).toBeVisible();

  // Search and filter: a GET form, so the view is the address.
  await page.goto("/admin");
  await hydrated(page);
  const find = page.getByRole("region", { name: "Find job alerts" });
  await find.getByLabel("Search").fill(stamp.toUpperCase());
  await find.getByLabel("Category").selectOption({ label: "Admit Cards" });
  await find.getByLabel("Sort by").selectOption({ label: "Title" });
  await find.getByLabel("Order").selectOption({ label: "Ascending" });
  await find.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?category=\\d+&q=${stamp.toUpperCase()}&sort=title`));
  await expect(rows(page)).toHaveCount(4);
  await expect(rows(page).getByRole("rowheader")).toHaveText(titles);
  // The sorted column says so; a click on its heading reverses it.
  await expect(table(page).getByRole("columnheader", { name: /^Title/ })).toHaveAttribute("aria-sort", "ascending");
  await table(page).getByRole("link", { name: "Title, sort descending" }).click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(rows(page).getByRole("rowheader")).toHaveText(titles.toReversed());
  await expect(table(page).getByRole("columnheader", { name: /^Title/ })).toHaveAttribute("aria-sort", "descending");

  // Bulk: three chosen, the confirmation names how many, each gone from the public page.
  await page.goto(`/admin?q=${stamp}&sort=title`);
  await hydrated(page);
  await table(page).getByRole("checkbox", { name: "Select all on this page" }).check();
  await expect(page.getByText("4 selected")).toBeVisible();
  await table(page)
    .getByRole("checkbox", { name: `Select ${titles[3]}` })
    .uncheck();
  await expect(table(page).getByRole("checkbox", { name: "Select all on this page" })).not.toBeChecked();
  await expect(page.getByText("3 selected")).toBeVisible();
  await page.getByLabel("With the selected").selectOption({ label: "Deactivate" });
  await page.getByRole("button", { name: "Apply to selected" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Deactivate 3 job alerts?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText(titles.slice(0, 3));
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(toast(page, "3 job alerts deactivated.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin\\?q=${stamp}&sort=title$`));
  for (const title of titles.slice(0, 3)) await expect(rows(page).filter({ hasText: title })).toContainText("Inactive");
  await expect(rows(page).filter({ hasText: titles[3] })).toContainText("Active");
  await expect(page.getByText(/\d+ selected/)).toHaveCount(0);

  await page.goto("/job-alerts?tab=admit-cards");
  for (const title of titles.slice(0, 3)) await expect(page.getByText(title)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: titles[3] })).toBeVisible();

  // An edit keeps the list's view: back to the same filters, the saved row focused.
  await page.goto(`/admin?q=${stamp}&active=1&sort=title`);
  await hydrated(page);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole("link", { name: `Edit ${titles[3]}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?active=1&q=${stamp}&sort=title&edit=\\d+$`));
  const form = page.getByRole("region", { name: "Edit job alert" });
  await form.getByLabel("Title", { exact: true }).fill(`${titles[3]} (revised)`);
  await form.getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Job alert updated successfully")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin\\?active=1&q=${stamp}&sort=title#row-\\d+$`));
  const saved = rows(page).filter({ hasText: `${titles[3]} (revised)` });
  await expect(saved).toBeFocused();
  await expect(page.getByRole("region", { name: "Find job alerts" }).getByLabel("Search")).toHaveValue(stamp);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a bulk action is a confirmation page of its own; the list comes back as it was", async ({ page }) => {
    await page.goto(`/admin?q=${stamp}&active=0`);
    await expect(rows(page)).toHaveCount(3);
    await table(page)
      .getByRole("checkbox", { name: `Select ${titles[0]}` })
      .check();
    await table(page)
      .getByRole("checkbox", { name: `Select ${titles[1]}` })
      .check();
    await page.getByLabel("With the selected").selectOption({ label: "Activate" });
    await page.getByRole("button", { name: "Apply to selected" }).click();
    await expect(page).toHaveURL(/bulk=activate&ids=\d+&ids=\d+/);
    const step = page.getByRole("region", { name: "Activate 2 job alerts?" });
    await expect(step).toBeVisible();
    await expect(step.getByRole("listitem")).toHaveCount(2);
    await step.getByRole("button", { name: "Activate" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?active=0&q=${stamp}$`));
    await expect(page.getByText("2 job alerts activated.")).toBeVisible();
    await expect(rows(page)).toHaveCount(1);

    // "Select all on this page" without JavaScript: the page's rows, named on the confirmation.
    await table(page).getByRole("checkbox", { name: "Select all on this page" }).check();
    await page.getByLabel("With the selected").selectOption({ label: "Delete" });
    await page.getByRole("button", { name: "Apply to selected" }).click();
    const confirm = page.getByRole("region", { name: "Delete 1 job alert?" });
    await expect(confirm.getByRole("listitem")).toHaveText([titles[2]!]);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?active=0&q=${stamp}$`));
    await expect(rows(page)).toHaveCount(1);
  });
});

/** The top of a control's box, in CSS pixels from the top of the page. */
const topOf = async (page: Page, name: string) => (await page.getByLabel(name, { exact: true }).boundingBox())!.y;

test("the lists at 375 px: two filters a row, the table scrolls in its own box, never the page", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const [path, heading, pair] of [
    [`/admin?q=${stamp}`, "Job Alerts", ["Status", "Category"]],
    ["/admin/testimonials?status=pending", "Testimonials", null],
    ["/admin/leads?status=new", "Leads", ["Kind", "Status"]],
    ["/admin/ebooks?sort=title", "E-Books", ["Sort by", "Order"]],
  ] as const) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Apply( filters)?$/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    // Two short choices share a row, so that the list is not a whole screen below its filters.
    if (pair) expect(await topOf(page, pair[0])).toBe(await topOf(page, pair[1]));
  }
  // A list that matches nothing says so in view, though its table is wider than the phone.
  await page.goto(`/admin?q=${stamp}-none`);
  const none = await page.getByText("Nothing matches these filters.").boundingBox();
  expect(none!.x).toBeGreaterThanOrEqual(0);
  expect(none!.x + none!.width).toBeLessThanOrEqual(375);
  // The Job Alerts form, nine fields and Apply, ends 831 px from the top (one field a row: 1,119).
  await page.goto(`/admin?q=${stamp}`);
  const apply = await page.getByRole("button", { name: "Apply", exact: true }).boundingBox();
  expect(apply!.y + apply!.height).toBeLessThan(1000);
});
