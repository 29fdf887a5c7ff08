import type { Page } from "@playwright/test";
import { hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";
import { anonymousPage, managersState, signInManagersAdmin } from "./support/managers";

// Issue 48 items 5, 6 and 7 in Chromium, on the managers' server (its own database): staff change
// a figure of the home page, add an FAQ question and write the terms page, and a visitor sees each,
// at 1280 px and at 375 px; the admin's dates are the browser's date pickers; without JavaScript the
// settings still save. The tests share the server's data, so they run in order.

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const statePath = managersState("site-figures");

test.beforeAll(({ browser }) => signInManagersAdmin(browser, statePath));

test.use({ storageState: statePath });

/** The newest toast with this text (toasts stack newest first). */
const toast = (page: Page, text: string) => page.locator("[data-toast-type]").filter({ hasText: text }).first();

const address = (page: Page) => page.getByLabel("Address", { exact: true });

const figuresForm = (page: Page) => page.getByRole("region", { name: "Figures on the home page" });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px: staff change a figure, add an FAQ question and write the terms page; a visitor sees each`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    const students = viewport.width === 1280 ? "1,240" : "1,375";
    const source = `enrolments on the learning app ${stamp}`;

    // A figure, with the day it was true (a date picker) and where it comes from.
    await page.goto("/admin/settings");
    await hydrated(page);
    const figures = figuresForm(page);
    await figures.getByLabel("Students enrolled (optional)", { exact: true }).fill(students);
    await expect(figures.getByLabel("Students enrolled: As of")).toHaveAttribute("type", "date");
    await figures.getByLabel("Students enrolled: As of").fill("2026-11-01");
    await figures.getByLabel("Students enrolled: Source").fill(source);
    await figures.getByRole("button", { name: "Save Figures" }).click();
    await expect(toast(page, "Figures updated successfully")).toBeVisible();
    await expectNoHorizontalScroll(page);

    const visitor = await anonymousPage(browser, { viewport });
    await visitor.goto("/");
    const why = visitor.getByRole("region", { name: "Why Choose Our Test Series?" });
    await expect(why.getByRole("definition").filter({ hasText: students })).toBeVisible();
    await expect(why.getByRole("definition").filter({ hasText: `As of 1 Nov 2026, source: ${source}` })).toBeVisible();
    await expect(why.getByRole("definition").filter({ hasText: "150+" })).toBeVisible();
    // The demo's placeholder contact details say so.
    await expect(visitor.getByRole("contentinfo")).toContainText("+91 98765 43210 (demo number)");
    await expect(visitor.getByRole("link", { name: "Chat on WhatsApp (demo number)" })).toBeAttached();

    // An FAQ question, last on /faqs.
    const question = `Can I pay in instalments? ${stamp} ${viewport.width}`;
    await page.goto("/admin/faqs");
    await hydrated(page);
    await page.getByRole("link", { name: "Add Question" }).click();
    const form = page.getByRole("region", { name: "Add FAQ question" });
    await expect(form.getByLabel("Active (shown on the FAQ page)")).toBeChecked();
    await form.getByLabel("Question", { exact: true }).fill(question);
    await form
      .getByLabel("Answer")
      .fill("Not yet: you pay in full on the learning platform.\n\nWrite to us if that is hard.");
    await form.getByRole("button", { name: "Create" }).click();
    await expect(toast(page, "FAQ question created successfully")).toBeVisible();
    await visitor.goto("/faqs");
    const item = visitor.locator("details").last();
    await expect(item.locator("summary")).toHaveText(question);
    await item.locator("summary").click();
    await expect(item.getByText("Write to us if that is hard.")).toBeVisible();
    await expectNoHorizontalScroll(visitor);

    // The terms page, reached from beside a Buy button.
    await page.goto("/admin/terms");
    await hydrated(page);
    await page.getByLabel("Content (Markdown)").fill(`## Refunds ${stamp}\n\nWithin **7 days** of buying.`);
    await page.getByRole("button", { name: "Save Page" }).click();
    await expect(toast(page, "Terms page updated successfully")).toBeVisible();
    await visitor.goto("/courses");
    await visitor.getByRole("link", { name: "Terms, refunds and how to pay" }).first().click();
    await expect(visitor).toHaveURL(/\/terms$/);
    await expect(visitor.getByRole("heading", { level: 1, name: "Terms, Refunds and How to Pay" })).toBeVisible();
    await expect(visitor.getByRole("heading", { level: 2, name: `Refunds ${stamp}` })).toBeVisible();
    await expect(visitor.locator("strong").filter({ hasText: "7 days" })).toBeVisible();
    await expectNoHorizontalScroll(visitor);
    await visitor.close();
  });
}

test("the admin's dates are the browser's date pickers, labelled without a format to type", async ({ page }) => {
  for (const { path, add, labels } of [
    { path: "/admin", add: "Add Job Alert", labels: ["Posted on", "Last date to apply"] },
    { path: "/admin/purchase-toasts", add: "Add Purchase", labels: ["Date of purchase"] },
  ]) {
    await page.goto(path);
    await hydrated(page);
    await page.getByRole("link", { name: add }).click();
    for (const label of labels) await expect(page.getByLabel(label)).toHaveAttribute("type", "date");
    await expect(page.getByText("YYYY-MM-DD")).toHaveCount(0);
  }
  await page.goto("/admin/settings");
  for (const figure of ["Students enrolled", "Success rate", "Practice tests"]) {
    await expect(figuresForm(page).getByLabel(`${figure}: As of`)).toHaveAttribute("type", "date");
  }
  await expect(page.getByText("YYYY-MM-DD")).toHaveCount(0);
});

test.describe("two admins at once", () => {
  // The refused save is a 409, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("with Site Settings open, a save keeps the other's change, and the same field asks first", async ({
    page,
    context,
  }) => {
    const other = await context.newPage();
    await page.goto("/admin/settings");
    await other.goto("/admin/settings");
    await hydrated(page);
    await hydrated(other);
    const theirs = `Bhopal, Madhya Pradesh ${stamp}`;

    // The other admin changes the address; this one, from the older page, only the synonyms.
    await address(other).fill(theirs);
    await other.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(other, "Site settings updated successfully")).toBeVisible();
    await page.getByLabel("Search synonyms (optional)").fill(`pyq = previous year papers ${stamp}`);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page, "Site settings updated successfully")).toBeVisible();
    await expect(address(page)).toHaveValue(theirs);

    // Both change the address: the later save is refused, says what was saved, keeps what was typed.
    await address(other).fill(`${theirs}, second floor`);
    await other.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(other, "Site settings updated successfully")).toBeVisible();
    await address(page).fill(`Indore ${stamp}`);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Someone else saved Address after you opened this page.")).toBeVisible();
    await expect(page.getByText(`Saved meanwhile by someone else as “${theirs}, second floor”.`)).toBeVisible();
    await expect(address(page)).toHaveValue(`Indore ${stamp}`);
    await expect(address(page)).toBeFocused();
    // Saved again, it is this admin's choice (the earlier save's toast may still show: the
    // refusal's words going is what says this save landed).
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText(/^Saved meanwhile by someone else/)).toHaveCount(0);
    await expect(address(page)).not.toHaveAttribute("aria-invalid");
    await other.reload();
    await expect(address(other)).toHaveValue(`Indore ${stamp}`);
    await expect(other.getByLabel("Search synonyms (optional)")).toHaveValue(`pyq = previous year papers ${stamp}`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the figures and the other settings save by plain form posts", async ({ page, browser }) => {
    await page.goto("/admin/settings");
    await figuresForm(page).getByLabel("Students enrolled (optional)", { exact: true }).fill("1,500");
    await figuresForm(page).getByRole("button", { name: "Save Figures" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(figuresForm(page).getByLabel("Students enrolled (optional)", { exact: true })).toHaveValue("1,500");
    // The other settings' form, untouched by the figures' save, saves too.
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);

    const visitor = await anonymousPage(browser);
    await visitor.goto("/");
    const why = visitor.getByRole("region", { name: "Why Choose Our Test Series?" });
    await expect(why.getByRole("definition").filter({ hasText: "1,500" })).toBeVisible();

    // Back to the spec's figure, without a date or a source, for whoever looks next.
    await figuresForm(page).getByLabel("Students enrolled (optional)", { exact: true }).fill("5000+");
    await figuresForm(page).getByLabel("Students enrolled: As of").fill("");
    await figuresForm(page).getByLabel("Students enrolled: Source").fill("");
    await figuresForm(page).getByRole("button", { name: "Save Figures" }).click();
    await visitor.goto("/");
    await expect(why.getByRole("definition").filter({ hasText: "5000+" })).toBeVisible();
    await expect(why).not.toContainText("As of");
    await visitor.close();
  });
});
