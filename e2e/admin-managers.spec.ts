import type { Locator, Page } from "@playwright/test";
import { hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";
import { anonymousPage, managersState, signInManagersAdmin } from "./support/managers";

// The six content managers in Chromium (issue 5; spec §2 Admin screens, §4, §5, §8): for each,
// create, edit, toggle Active, delete with Cancel and with confirm, each checked on the public
// page it feeds. They share one server and its data (the "managers" project, its own database),
// so they run in order; every created title carries this run's stamp.

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const statePath = managersState("managers");

// Signed in once through the login form; the session is reused by every test.
test.beforeAll(({ browser }) => signInManagersAdmin(browser, statePath));

// A refused submission answers 400, which the browser reports in the console; the tests that
// make one say so by checking the field error the page then shows.
test.use({ storageState: statePath, allowedConsoleErrors: [/status of 400/] });

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** The newest toast with this text (toasts stack newest first). */
const toast = (page: Page, text: string) => page.locator("[data-toast-type]").filter({ hasText: text }).first();

/** Submits the open form and waits for the spec's toast and the form to close. */
async function submit(page: Page, button: "Create" | "Update", message: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(toast(page, message)).toBeVisible();
  await expect(page.getByRole("button", { name: button, exact: true })).toHaveCount(0);
}

/** Delete, answered Cancel (nothing happens), then Delete, confirmed. */
async function deleteWithCancelThenConfirm(page: Page, name: string, prompt: string, message: string, row: Locator) {
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(prompt);
  // Each of these managers' deletes goes to the trash, and the confirmation says so.
  await expect(dialog).toContainText("It goes to the Trash, where an admin can restore it for 30 days.");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  await expect(page.getByRole("button", { name: `Delete ${name}` })).toBeFocused();

  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(dialog).toContainText(prompt);
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, message)).toBeVisible();
  await expect(row).toHaveCount(0);
}

test("Job Alerts: create, edit, toggle Active, delete — each seen on /job-alerts", async ({ page }) => {
  const title = `E2E admit card ${stamp}`;
  const edited = `${title} (revised)`;
  const table = page.getByRole("region", { name: "Job alerts table" });
  const row = (text: string) => table.getByRole("row").filter({ hasText: text });

  await open(page, "/admin");
  await page.getByRole("link", { name: "Add Job Alert" }).click();
  const form = page.getByRole("region", { name: "Add job alert" });
  await expect(form.getByLabel("Title", { exact: true })).toBeFocused();
  await expect(form.getByLabel("Active")).toBeChecked();
  // A javascript: link is refused by the server, by the field, with what was typed kept.
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Category").selectOption({ label: "Admit Cards" });
  await form.getByLabel("View link (URL)").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Please correct the highlighted fields.")).toBeVisible();
  await expect(form.getByText("View link must be a valid http:// or https:// URL")).toBeVisible();
  await expect(form.getByLabel("View link (URL)")).toBeFocused();
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue(title);
  await form.getByLabel("View link (URL)").fill("https://example.in/admit-card");
  await form.getByLabel("Description (optional)").fill("Download from the portal.");
  await submit(page, "Create", "Job alert created successfully");
  await expect(row(title)).toContainText("Admit Cards");
  await expect(row(title)).toContainText("Active");
  await expect(row(title).locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);

  await page.goto("/job-alerts?tab=admit-cards");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  // Edit: rename and switch Active off; visitors no longer see it.
  await open(page, "/admin");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const editForm = page.getByRole("region", { name: "Edit job alert" });
  await expect(editForm.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(editForm.getByLabel("Category")).toHaveValue(/\d+/);
  await editForm.getByLabel("Title", { exact: true }).fill(edited);
  await editForm.getByLabel("Active").uncheck();
  await submit(page, "Update", "Job alert updated successfully");
  await expect(row(edited)).toContainText("Inactive");
  await page.goto("/job-alerts?tab=admit-cards");
  await expect(page.getByText(title)).toHaveCount(0);

  // Active on again.
  await open(page, "/admin");
  await page.getByRole("link", { name: `Edit ${edited}` }).click();
  await page.getByLabel("Active").check();
  await submit(page, "Update", "Job alert updated successfully");
  await page.goto("/job-alerts?tab=admit-cards");
  await expect(page.getByRole("heading", { name: edited })).toBeVisible();

  await open(page, "/admin");
  await deleteWithCancelThenConfirm(
    page,
    edited,
    "Are you sure you want to delete this job alert?",
    "Job alert deleted successfully",
    row(edited),
  );
  await page.goto("/job-alerts?tab=admit-cards");
  await expect(page.getByText(edited)).toHaveCount(0);
});

for (const manager of [
  {
    name: "E-Books",
    admin: "/admin/ebooks",
    publicPage: "/ebooks",
    add: "Add E-Book",
    what: "e-book",
    link: "PDF Link",
    view: "View PDF",
    table: "E-books table",
    toasts: ["E-book created successfully", "E-book updated successfully", "E-book deleted successfully"],
    prompt: "Are you sure you want to delete this e-book?",
  },
  {
    name: "Free Materials",
    admin: "/admin/free-materials",
    publicPage: "/free-materials",
    add: "Add Material",
    what: "material",
    link: "Material Link",
    view: "View Material",
    table: "Free materials table",
    toasts: ["Material created successfully", "Material updated successfully", "Material deleted successfully"],
    prompt: "Are you sure you want to delete this material?",
  },
]) {
  test(`${manager.name}: create, edit, toggle Active, delete — each seen on ${manager.publicPage}`, async ({
    page,
  }) => {
    const title = `E2E ${manager.what} ${stamp}`;
    const edited = `${title} v2`;
    const table = page.getByRole("region", { name: manager.table });
    const row = (text: string) => table.getByRole("row").filter({ hasText: text });
    const card = (text: string) => page.locator("main article").filter({ hasText: text });

    await open(page, manager.admin);
    // The first column chooses rows for a bulk action (issue 48): a checkbox, no words.
    await expect(table.getByRole("columnheader")).toHaveText([
      "",
      "Title & Description",
      /PDF|Material/,
      "Status",
      "Actions",
    ]);
    // Opening the form fetches the page's data: a spinner with 'Loading...' meanwhile.
    let held = false;
    await page.route(`**${manager.admin}.data*`, async (route) => {
      if (!held) {
        held = true;
        await new Promise((r) => setTimeout(r, 500));
      }
      await route.continue();
    });
    await page.getByRole("link", { name: manager.add }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
    const form = page.getByRole("region", { name: `Add ${manager.what}` });
    await expect(form.getByLabel("Active")).toBeChecked();
    await form.getByLabel("Title", { exact: true }).fill(title);
    await form.getByLabel("Description (optional)").fill("Made by the end-to-end test.");
    await form.getByLabel(manager.link).fill(`https://example.in/${stamp}.pdf`);
    await submit(page, "Create", manager.toasts[0]!);
    await expect(row(title)).toContainText("Made by the end-to-end test.");
    await expect(row(title)).toContainText("Active");
    const view = row(title).getByRole("link", { name: new RegExp(`^${manager.view}`) });
    await expect(view).toHaveAttribute("href", `https://example.in/${stamp}.pdf`);
    await expect(view).toHaveAttribute("target", "_blank");

    await page.goto(manager.publicPage);
    await expect(card(title)).toBeVisible();

    // Cancel closes the form and changes nothing; then the real edit turns it off.
    await open(page, manager.admin);
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    const editForm = page.getByRole("region", { name: `Edit ${manager.what}` });
    await editForm.getByLabel("Title", { exact: true }).fill("Never saved");
    await editForm.getByRole("link", { name: "Cancel" }).click();
    await expect(editForm).toHaveCount(0);
    await expect(row(title)).toBeVisible();
    await page.getByRole("link", { name: manager.add }).click();
    await expect(
      page.getByRole("region", { name: `Add ${manager.what}` }).getByLabel("Title", { exact: true }),
    ).toHaveValue("");
    await page.getByRole("link", { name: "Cancel" }).click();

    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await editForm.getByLabel("Title", { exact: true }).fill(edited);
    await editForm.getByLabel("Active").uncheck();
    await submit(page, "Update", manager.toasts[1]!);
    await expect(row(edited)).toContainText("Inactive");
    await page.goto(manager.publicPage);
    await expect(card(title)).toHaveCount(0);

    await open(page, manager.admin);
    await page.getByRole("link", { name: `Edit ${edited}` }).click();
    await page.getByLabel("Active").check();
    await submit(page, "Update", manager.toasts[1]!);
    await page.goto(manager.publicPage);
    await expect(card(edited)).toBeVisible();

    await open(page, manager.admin);
    await deleteWithCancelThenConfirm(page, edited, manager.prompt, manager.toasts[2]!, row(edited));
    await page.goto(manager.publicPage);
    await expect(card(edited)).toHaveCount(0);
  });
}

test("Hero Banners: add, reorder, edit, toggle Active, delete — each seen on /", async ({ page }) => {
  const image = `/images/banners/psu-interview-guidance.svg?e2e=${stamp}`;
  const table = page.getByRole("region", { name: "Hero banners table" });
  const rows = table.locator("tbody tr");
  const hero = page.getByRole("region", { name: "Featured offers" });
  const ours = hero.locator(`img[src="${image}"]`);

  await open(page, "/admin/hero-banners");
  // The first column chooses rows for a bulk action (issue 48).
  await expect(table.getByRole("columnheader")).toHaveText(["", "Order", "Image", "Status", "Actions"]);
  const before = await rows.count();
  await page.getByRole("link", { name: "Add New Banner" }).click();
  const form = page.getByRole("region", { name: "Add banner" });
  await expect(form.getByLabel("Active")).toBeChecked();
  await expect(form.getByText("Enter an image URL to see a preview.")).toBeVisible();
  await form.getByLabel("Image URL").fill(image);
  await expect(form.getByRole("img", { name: "Image preview" })).toHaveAttribute("src", image);
  // Issue 27: an active banner needs its words; its link is a page of this site.
  await expect(form.getByLabel("Words on the banner (alt text)")).toHaveAttribute("required", "");
  await form.getByLabel("Words on the banner (alt text)").fill(`PSU Interview Guidance ${stamp}`);
  await form.getByLabel("Link (optional)").fill("/post-gate-guidance");
  await submit(page, "Create", "Banner created successfully");
  await expect(rows).toHaveCount(before + 1);
  // A new banner goes last: its down arrow is disabled, the first banner's up arrow too.
  const last = before + 1;
  await expect(rows.last().getByRole("img")).toHaveAttribute("src", image);
  await expect(page.getByRole("button", { name: `Move banner ${last} down` })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Move banner 1 up" })).toBeDisabled();

  await page.goto("/");
  await expect(ours).toHaveCount(1);
  await expect(hero.getByRole("link", { name: `PSU Interview Guidance ${stamp}` })).toHaveAttribute(
    "href",
    "/post-gate-guidance",
  );

  // Up two places (past the inactive demo banner, then an active one): 'Banner order updated'
  // each time, and the carousel follows.
  await open(page, "/admin/hero-banners");
  await page.getByRole("button", { name: `Move banner ${last} up` }).click();
  await expect(toast(page, "Banner order updated")).toBeVisible();
  await expect(rows.nth(last - 2).getByRole("img")).toHaveAttribute("src", image);
  await page.getByRole("button", { name: `Move banner ${last - 1} up` }).click();
  await expect(rows.nth(last - 3).getByRole("img")).toHaveAttribute("src", image);
  const position = last - 2;
  await page.goto("/");
  const active = hero.getByRole("img");
  await expect(active.nth((await active.count()) - 2)).toHaveAttribute("src", image);

  await open(page, "/admin/hero-banners");
  await page.getByRole("link", { name: `Edit banner ${position}` }).click();
  await page.getByRole("region", { name: "Edit banner" }).getByLabel("Active").uncheck();
  await submit(page, "Update", "Banner updated successfully");
  await expect(rows.nth(position - 1)).toContainText("Inactive");
  await page.goto("/");
  await expect(ours).toHaveCount(0);

  await open(page, "/admin/hero-banners");
  await page.getByRole("link", { name: `Edit banner ${position}` }).click();
  await page.getByLabel("Active").check();
  await submit(page, "Update", "Banner updated successfully");
  await page.goto("/");
  await expect(ours).toHaveCount(1);

  await open(page, "/admin/hero-banners");
  await deleteWithCancelThenConfirm(
    page,
    `banner ${position}`,
    "Are you sure you want to delete this banner?",
    "Banner deleted successfully",
    table.locator(`img[src="${image}"]`),
  );
  await expect(rows).toHaveCount(before);
  await page.goto("/");
  await expect(ours).toHaveCount(0);
});

test.describe("Welcome Popup", () => {
  test.use({ welcomePopup: true });

  test("preview with fallbacks, update (Saving...), switch off and on — seen on /", async ({ page }) => {
    const title = `E2E welcome ${stamp}`;
    await open(page, "/admin/welcome-popup");
    const form = page.getByRole("region", { name: "Popup content" });
    // The demo database has a popup: the button reads Update.
    await expect(form.getByRole("button", { name: "Update" })).toBeVisible();
    await expect(form.getByLabel("Show popup to visitors")).toBeChecked();

    // Empty fields preview with the fallback texts and the default image.
    for (const field of ["Title", "Subtitle (optional)", "Description", "Image URL"])
      await form.getByLabel(field, { exact: true }).fill("");
    await form.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("dialog", { name: "Welcome Title" });
    await expect(preview).toBeVisible();
    await expect(preview).toContainText("Subtitle");
    await expect(preview).toContainText("Description text will appear here...");
    for (const bullet of ["150+ Practice Tests", "Expert Solutions & Analysis", "Performance Tracking"]) {
      await expect(preview.getByRole("listitem").filter({ hasText: bullet })).toBeVisible();
    }
    await expect(preview.getByText("Start Your Journey")).toBeVisible();
    await expect(preview.locator("img")).toHaveAttribute("src", "/images/welcome-popup.svg");
    await preview.getByRole("button", { name: "Close" }).click();
    await expect(preview).toBeHidden();

    await form.getByLabel("Title", { exact: true }).fill(title);
    await form.getByLabel("Subtitle (optional)").fill("Saved from the admin");
    await form.getByLabel("Description").fill("Mocks every Sunday.");
    await form.getByLabel("Image URL").fill("/images/banners/free-tests-every-week.svg");
    await expect(form.getByRole("img", { name: "Image preview" })).toHaveAttribute(
      "src",
      "/images/banners/free-tests-every-week.svg",
    );
    await form.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("dialog", { name: title })).toContainText("Mocks every Sunday.");
    await page.keyboard.press("Escape");

    // Hold the save a moment so the busy label can be seen.
    await page.route("**/admin/welcome-popup.data*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await form.getByRole("button", { name: "Update" }).click();
    await expect(form.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await expect(toast(page, "Welcome popup updated successfully")).toBeVisible();

    await page.goto("/");
    const popup = page.getByRole("dialog", { name: title });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText("Saved from the admin");

    await open(page, "/admin/welcome-popup");
    await page.getByLabel("Show popup to visitors").uncheck();
    await page.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, "Welcome popup updated successfully")).toBeVisible();
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
    await expect(page.locator("dialog[aria-labelledby=welcome-popup-title]")).toHaveCount(0);

    await open(page, "/admin/welcome-popup");
    await page.getByLabel("Show popup to visitors").check();
    await page.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, "Welcome popup updated successfully")).toBeVisible();
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto("/");
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();
  });
});

test("Free Test Series: category → subcategory → item, edit, toggle, delete with children — seen on /free-tests", async ({
  page,
}) => {
  const category = `E2E Category ${stamp}`;
  const subcategory = `E2E Subcategory ${stamp}`;
  const item = `E2E Test ${stamp}`;
  const tree = page.getByRole("list", { name: "Categories, subcategories and test items" });
  const start = (title: string) => page.getByRole("link", { name: new RegExp(`^Start\\s*:\\s*${title} `) });

  await open(page, "/admin/free-tests");
  await page.getByRole("link", { name: "Add Category" }).click();
  await page.getByLabel("Category name").fill(category);
  await submit(page, "Create", "Category created successfully");
  await expect(tree.getByRole("heading", { name: category })).toBeVisible();
  await expect(tree.getByText(`Slug: e2e-category-${stamp}`)).toBeVisible();

  await page.getByRole("link", { name: `Add Subcategory ${category}` }).click();
  const subForm = page.getByRole("region", { name: "Add subcategory" });
  await expect(subForm.getByLabel("Parent category")).toHaveValue(/\d+/);
  await subForm.getByLabel("Subcategory name").fill(subcategory);
  await subForm.getByLabel("Test count (optional)").fill("3");
  await submit(page, "Create", "Subcategory created successfully");
  await expect(tree.getByText(`3 tests · Slug: e2e-subcategory-${stamp}`)).toBeVisible();

  await page.getByRole("link", { name: `Add Test Item ${subcategory}` }).click();
  const itemForm = page.getByRole("region", { name: "Add test item" });
  await itemForm.getByLabel("Title", { exact: true }).fill(item);
  await itemForm.getByLabel("Test link (URL)").fill("data:text/html,hi");
  await itemForm.getByRole("button", { name: "Create" }).click();
  await expect(itemForm.getByText("Test link must be a valid http:// or https:// URL")).toBeVisible();
  await itemForm.getByLabel("Test link (URL)").fill(`https://example.in/tests/${stamp}`);
  await submit(page, "Create", "Test item created successfully");

  await page.goto("/free-tests");
  const publicCategory = page.locator("details", { hasText: category }).first();
  // One tap on the category: its first subcategory is open inside it.
  await publicCategory.locator("summary").first().click();
  await expect(start(item)).toHaveAttribute("href", `https://example.in/tests/${stamp}`);

  // Its subcategory switched off: the item stays Active but visitors no longer see it; the tree
  // says why, and says nothing once the subcategory is on again.
  const hidden = "Not shown on /free-tests: its subcategory is inactive.";
  const itemNode = page
    .getByRole("list", { name: `Test items of ${subcategory}` })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: item, exact: true }) });
  for (const on of [false, true]) {
    await open(page, "/admin/free-tests");
    await page.getByRole("link", { name: `Edit ${subcategory}` }).click();
    await page.getByRole("region", { name: "Edit subcategory" }).getByLabel("Active").setChecked(on);
    await submit(page, "Update", "Subcategory updated successfully");
    await expect(itemNode).toContainText("Active");
    if (on) await expect(itemNode).not.toContainText(hidden);
    else await expect(itemNode).toContainText(hidden);
    await page.goto("/free-tests");
    await expect(page.getByText(subcategory)).toHaveCount(on ? 1 : 0);
  }

  // Edit the item and switch it off: gone from the public page.
  await open(page, "/admin/free-tests");
  await page.getByRole("link", { name: `Edit ${item}` }).click();
  const editForm = page.getByRole("region", { name: "Edit test item" });
  await editForm.getByLabel("Title", { exact: true }).fill(`${item} v2`);
  await editForm.getByLabel("Active").uncheck();
  await submit(page, "Update", "Test item updated successfully");
  await page.goto("/free-tests");
  await expect(page.getByText(`${item} v2`)).toHaveCount(0);

  await open(page, "/admin/free-tests");
  await page.getByRole("link", { name: `Edit ${item} v2` }).click();
  await page.getByLabel("Active").check();
  await submit(page, "Update", "Test item updated successfully");
  await page.goto("/free-tests");
  await page.locator("details", { hasText: category }).first().locator("summary").first().click();
  await expect(start(`${item} v2`)).toBeVisible();

  // Deleting the category asks, says what goes with it, and takes it all.
  await open(page, "/admin/free-tests");
  await page.getByRole("button", { name: `Delete ${category}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Are you sure you want to delete this category?");
  await expect(dialog).toContainText("Its 1 subcategory and 1 test item will be deleted too.");
  await expect(dialog).toContainText("It does not go to the Trash: once deleted, it cannot be restored.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(tree.getByRole("heading", { name: category })).toBeVisible();
  await page.getByRole("button", { name: `Delete ${item} v2` }).click();
  await expect(dialog).toContainText("Are you sure you want to delete this item?");
  await expect(dialog).not.toContainText("will be deleted too");
  await expect(dialog).toContainText("It goes to the Trash, where an admin can restore it for 30 days.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: `Delete ${category}` }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Category deleted successfully")).toBeVisible();
  await expect(tree.getByRole("heading", { name: category })).toHaveCount(0);
  await expect(page.getByText(subcategory)).toHaveCount(0);
  await page.goto("/free-tests");
  await expect(page.getByText(category)).toHaveCount(0);
});

test("Activity lists the changes just made, newest first", async ({ page }) => {
  // Other specs of this project write to the same log meanwhile (more than a page of it, at
  // times): the free-tests flow above is found in its section by its category's name, its deletion
  // listed above its creation, by this project's admin.
  await open(page, "/admin/activity?section=test_categories");
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  const table = page.getByRole("region", { name: "Recent activity table" });
  const category = `E2E Category ${stamp}`;
  const rows = table.locator("tbody tr");
  const deleted = rows.filter({ hasText: "Deleted Test category" }).filter({ hasText: category });
  await expect(deleted).toHaveCount(1);
  await expect(deleted).toContainText("managers-");
  const texts = await rows.allTextContents();
  const at = (action: string) =>
    texts.findIndex((text) => text.includes(`${action} Test category`) && text.includes(category));
  expect(at("Created")).toBeGreaterThan(at("Deleted"));
  await open(page, "/admin/activity?section=job_alerts");
  await expect(table.getByText(`Job alert`).first()).toBeVisible();
});

test("a refusal does not outlive the retry that succeeds, on a slow phone too", async ({ page }) => {
  // A fetcher keeps its last answer when the next submission redirects. On a slow main thread
  // React folds the layout's spinner into the next render, so the page is not remounted and the
  // old refusal held the form open after the success toast (the flake of 2026-11-28). At this
  // slowdown the build without the fix failed this test in 3 runs of 3.
  const slow = { timeout: 15_000 };
  const names = [1, 2, 3].map((n) => `E2E Retry ${n} ${stamp}`);
  await open(page, "/admin/free-tests");
  const cdp = await page.context().newCDPSession(page);
  for (const name of names) {
    await page.getByRole("link", { name: "Add Category" }).click();
    const form = page.getByRole("region", { name: "Add category" });
    await form.getByLabel("Category name").fill("   ");
    await form.getByRole("button", { name: "Create" }).click();
    await expect(form.getByText("Category name is required")).toBeVisible();
    await form.getByLabel("Category name").fill(name);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 10 });
    await form.getByRole("button", { name: "Create" }).click();
    await expect(toast(page, "Category created successfully")).toBeVisible(slow);
    await expect(page.getByRole("heading", { name })).toBeVisible(slow);
    await expect(form).toHaveCount(0, slow);
    await expect(page.getByText("Category name is required")).toHaveCount(0);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  }
  for (const name of names) {
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("heading", { name })).toHaveCount(0);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("E-Books: add with a field error then saved, delete confirmed on its own step", async ({ page }) => {
    const title = `E2E no-JS ${stamp}`;
    await page.goto("/admin/ebooks");
    await page.getByRole("link", { name: "Add E-Book" }).click();
    await expect(page).toHaveURL(/\/admin\/ebooks\?new=1$/);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("PDF Link").fill("javascript:void(0)");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." })).toBeVisible();
    await expect(page.getByText("PDF link must be a valid http:// or https:// URL")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Active")).toBeChecked();
    await page.getByLabel("PDF Link").fill("https://example.in/no-js.pdf");
    await page.getByRole("button", { name: "Create" }).click();
    // Back to the list, the new row its fragment (issue 48).
    await expect(page).toHaveURL(/\/admin\/ebooks#row-\d+$/);
    await expect(page.getByText("E-book created successfully")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toBeVisible();

    // Delete is a link to the confirmation step; Cancel goes back, changing nothing.
    await page.getByRole("link", { name: `Delete ${title}` }).click();
    await expect(page.getByText("Are you sure you want to delete this e-book?")).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/ebooks$/);
    await expect(row).toBeVisible();
    await page.getByRole("link", { name: `Delete ${title}` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("E-book deleted successfully")).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("Welcome Popup: Preview shows the saved popup in the page", async ({ page }) => {
    await page.goto("/admin/welcome-popup");
    await page.getByRole("link", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview).toContainText("Start Your Journey");
    await expect(preview).toContainText("150+ Practice Tests");
  });
});

/** The shadow the pinned actions column casts on the columns scrolled under it ("0": none). */
const shadeOf = (box: Locator) =>
  box.evaluate((el) => {
    const cell = el.querySelector("tbody tr > :last-child:not(:first-child)");
    return cell ? getComputedStyle(cell, "::before").opacity : "0";
  });

test("at 1280 px every list fits its box: the pinned actions column covers no other", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of [
    "/admin",
    "/admin/questions",
    "/admin/tests",
    "/admin/testimonials",
    "/admin/outbox",
    "/admin/trash",
  ]) {
    await page.goto(path);
    const boxes = page.locator("section[aria-label]:has(> table.table-sticky-end)");
    await expect(boxes.first()).toBeVisible();
    for (const box of await boxes.all()) {
      const [scroll, client] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scroll, `${path}: ${await box.getAttribute("aria-label")}`).toBeLessThanOrEqual(client);
      expect(await shadeOf(box)).toBe("0");
    }
  }
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("every manager fits: tables scroll inside their own region, never the page", async ({ page }) => {
    for (const path of [
      "/admin",
      "/admin/free-tests",
      "/admin/welcome-popup",
      "/admin/hero-banners",
      "/admin/ebooks",
      "/admin/free-materials",
      "/admin/faqs",
      "/admin/questions",
      "/admin/activity",
    ]) {
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoHorizontalScroll(page);
      // A row's Edit and Delete are on screen, though its table is wider than the phone, and a tap
      // on them reaches them (not the cells scrolling under them).
      const table = page.locator("table:has(tbody tr td a[href*='edit='])").first();
      if ((await table.count()) === 0) continue;
      const row = table.locator("tbody tr").first();
      for (const name of [/^Edit\b/, /^Delete\b/]) {
        // Delete is a button opening the dialog once the page is hydrated.
        const action = row.getByRole("link", { name }).or(row.getByRole("button", { name }));
        // The page scrolls the row into view; the table's own box stays where it was.
        await action.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - innerHeight / 2));
        const box = (await action.boundingBox())!;
        expect(box.x, `${path}: ${name}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${path}: ${name}`).toBeLessThanOrEqual(375);
        const hit = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest("a, button")?.textContent ?? "",
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        );
        expect(hit, `${path}: ${name}`).toMatch(name);
      }
      // The row's name keeps a column's room beside them.
      const first = (await row.locator("td:not(:has(input[type=checkbox])), th").first().boundingBox())!;
      const actions = (await row.locator("td").last().boundingBox())!;
      expect(actions.x - first.x, path).toBeGreaterThanOrEqual(100);
    }
    await page.goto("/admin/ebooks");
    const region = page.getByRole("region", { name: "E-books table" });
    await region.focus();
    await expect(region).toBeFocused();
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // Columns hidden under the pinned actions cast a shadow, gone once scrolled to the end.
    expect(await shadeOf(region)).toBe("1");
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => shadeOf(region)).toBe("0");
  });
});

test.describe("Site Settings", () => {
  test("an admin renames the brand and switches the purchase toasts off; visitors see it at once", async ({
    page,
    browser,
  }) => {
    // Before: the demo's purchases are in every public page (e2e/purchase-toast.spec.ts).
    const toastText = /^\S+ from .+ purchased .+ (today|yesterday|\d+ days ago)$/;
    const before = await anonymousPage(browser);
    await before.goto("/faqs");
    await expect(before.getByText(toastText)).not.toHaveCount(0);
    await before.close();
    await page.goto("/admin/settings");
    await hydrated(page);
    const brand = `GATE CH Studio ${stamp}`;
    await page.getByLabel("Brand name").fill(brand);
    await page.getByLabel("Show purchase notification toasts").uncheck();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Site settings updated successfully")).toBeVisible();
    await expect(page.getByLabel("Brand name")).toHaveValue(brand);

    // A visitor without cookies: the cached public page was made stale by the write.
    const visitor = await anonymousPage(browser);
    await visitor.goto("/faqs");
    await expect(visitor).toHaveTitle(new RegExp(`\\| ${brand}$`));
    await expect(visitor.getByRole("contentinfo")).toContainText(brand);
    await expect(visitor.getByText(toastText)).toHaveCount(0);
    await visitor.close();
  });

  // Issue 27 item 5: staff set what a 1:1 session is; the booking page says exactly that.
  test("an admin makes the 1:1 session a free 45-minute consultation; /book-session says so", async ({
    page,
    browser,
  }) => {
    await page.goto("/admin/settings");
    await hydrated(page);
    const fee = page.getByLabel("Session fee in rupees");
    await fee.fill("-1");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(fee).toHaveAccessibleDescription(/Session fee must be between 0 \(free consultation\) and ₹1,00,000/);
    // The refused save takes staff to the field, far above the button.
    await expect(fee).toBeFocused();
    await expect(fee).toBeInViewport();
    const mentor = `A PSU interview mentor from our faculty ${stamp}`;
    await fee.fill("0");
    await page.getByLabel("Session length in minutes").fill("45");
    await page.getByLabel("Who answers the call").fill(mentor);
    await page.getByLabel("We call back within (hours)").fill("48");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Site settings updated successfully")).toBeVisible();

    const visitor = await anonymousPage(browser);
    await visitor.goto("/book-session");
    const summary = visitor.getByRole("region", { name: "What you get" });
    await expect(summary.getByRole("definition")).toHaveText([
      "Free consultation",
      "45-minute call",
      mentor,
      "We will call you within 2 days to fix a time.",
    ]);
    await visitor.close();
  });

  test("a javascript: learning-app URL is refused with a message by the field", async ({ page }) => {
    await page.goto("/admin/settings");
    await hydrated(page);
    await page.getByLabel(/Learning app URL/).fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText(/Learning app URL must be a valid http/)).toBeVisible();
  });
});
