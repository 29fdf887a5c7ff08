import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { adminTest as test } from "./support/admin-session";
import { expectNoViolations, hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll } from "./support/fixtures";

// The GATE data manager (issue 24) in Chromium, at the desktop and phone widths of the projects:
// staff add a rank point and a paper-year and see them; an import with a bad line names the line
// and changes nothing; and without JavaScript the forms post and the page answers. Each test works
// on a paper of its own, deleted at its end with everything filed under it, so the public pages'
// tests never see it.

// A refused submission answers 400, which the browser reports in the console; the tests that make
// one check the error the page then shows.
test.use({ allowedConsoleErrors: [/status of 400/] });

/** A paper code no other test uses: GATE codes are letters and digits, 2 to 4. */
const freshCode = () => `Z${randomBytes(2).toString("hex").toUpperCase().slice(0, 3)}`;
const paperName = (code: string) => `E2E paper ${code}`;

async function addPaper(page: Page, code: string) {
  await page.goto("/admin/gate-papers?new=1");
  await page.getByLabel("Paper code").fill(code);
  await page.getByLabel("Paper name").fill(paperName(code));
  await page.getByLabel("Order", { exact: true }).fill("99");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: paperName(code) })).toBeVisible();
}

/** Deletes the test's paper; the confirmation says what goes with it. */
async function deletePaper(page: Page, code: string, goesWith: string, javaScript = true) {
  await page.goto("/admin/gate-papers");
  const name = `${code} ${paperName(code)}`;
  if (javaScript) {
    await hydrated(page);
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(goesWith);
    // By keyboard: at 375 px a tap on the dialog's button was reported intercepted by its own row.
    await dialog.getByRole("button", { name: "Delete", exact: true }).press("Enter");
  } else {
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await expect(page.getByText(goesWith)).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
  }
  await expect(page.getByText("Paper deleted successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: paperName(code) })).toHaveCount(0);
}

test("staff add a rank point and a paper-year, and see them in the tables", async ({ page }) => {
  const code = freshCode();
  await addPaper(page, code);

  await page.goto("/admin/gate-rank-points");
  await hydrated(page);
  await page.getByRole("link", { name: "Add Rank Point" }).click();
  await page.getByLabel("Paper", { exact: true }).selectOption({ label: `${code} ${paperName(code)}` });
  await page.getByLabel("Year", { exact: true }).fill("2025");
  await page.getByLabel("Marks (out of 100)").fill("61.5");
  await page.getByLabel("AIR (All India Rank)").fill("0");
  await page.getByLabel("Kind of figure").selectOption("official");
  await page.getByLabel("Source", { exact: true }).fill("E2E results PDF");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("AIR must be a whole number of 1 or more")).toBeVisible();
  await page.getByLabel("AIR (All India Rank)").fill("64");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Rank point created successfully").first()).toBeVisible();
  await page.goto(`/admin/gate-rank-points?paper=${code}`);
  const point = page.getByRole("row").filter({ hasText: "E2E results PDF" });
  await expect(point).toContainText("61.5");
  await expect(point).toContainText("64");
  await expect(page.getByRole("row")).toHaveCount(2);

  await page.goto("/admin/gate-years");
  await hydrated(page);
  await page.getByRole("link", { name: "Add Paper-Year" }).click();
  await page.getByLabel("Paper", { exact: true }).selectOption({ label: `${code} ${paperName(code)}` });
  await page.getByLabel("Year", { exact: true }).fill("2025");
  await page.getByRole("textbox", { name: /^Organising institute/ }).fill("IIT E2E");
  await page.getByLabel("General").fill("27.7");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Add the source URL of the qualifying marks")).toBeVisible();
  await page
    .getByRole("group", { name: "Qualifying marks (cutoff)" })
    .getByLabel("Source URL")
    .fill("https://example.org/ch.pdf");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Paper-year created successfully").first()).toBeVisible();
  const year = page.getByRole("row").filter({ hasText: "IIT E2E" });
  await expect(year).toContainText("27.7");
  await expect(year).toContainText("Not verified");
  await expectNoHorizontalScroll(page);

  await deletePaper(page, code, "1 year of figures, 1 rank point");
});

test("an import with a bad line names the line and changes nothing", async ({ page }) => {
  const code = freshCode();
  await addPaper(page, code);
  await page.goto("/admin/gate-rank-points");
  await hydrated(page);
  const csv = [
    "paper_code,year,marks,air,kind,source_label,source_url",
    `${code},2024,60,70,official,E2E import,`,
    `${code},2024,50,-5,official,E2E import,`,
  ].join("\n");
  await page.getByLabel("Or paste the CSV text").fill(csv);
  await page.getByRole("button", { name: "Check the file" }).click();
  const errors = page.getByRole("alert").filter({ hasText: "Errors in the file" });
  await expect(errors).toContainText("Row 3: AIR must be a whole number of 1 or more");
  await expect(errors).toContainText("Nothing was changed");
  await page.goto(`/admin/gate-rank-points?paper=${code}`);
  await expect(page.getByRole("row").filter({ hasText: "E2E import" })).toHaveCount(0);

  // The same file without its bad line is checked (issue 48: what it will add), then imported whole.
  await page.getByLabel("Or paste the CSV text").fill(csv.split("\n").slice(0, 2).join("\n"));
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("region", { name: "What the import will do" })).toContainText("1 to add");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Imported: 1 added, 0 updated, 0 unchanged").first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "E2E import" })).toHaveCount(1);

  await deletePaper(page, code, "1 rank point");
});

test("every GATE data page, its add form and a refused import pass axe", async ({ page }) => {
  for (const path of ["gate-papers", "gate-years", "gate-rank-points", "gate-previous-papers", "gate-subjects"]) {
    await page.goto(`/admin/${path}`);
    await hydrated(page);
    await expectNoViolations(page, path);
    await page.goto(`/admin/${path}?new=1`);
    await hydrated(page);
    await expectNoViolations(page, `${path}?new=1`);
  }
  await page.goto("/admin/gate-rank-points");
  await hydrated(page);
  await page.getByLabel("Or paste the CSV text").fill("paper_code,year\nCH,2024");
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Errors in the file" })).toBeVisible();
  await expectNoViolations(page, "import errors");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a previous-year paper is added through a plain form post, a bad link refused", async ({ page }) => {
    const code = freshCode();
    await addPaper(page, code);
    await expect(page.getByText("Paper created successfully")).toBeVisible();

    await page.goto("/admin/gate-previous-papers");
    await page.getByRole("link", { name: "Add Previous-Year Paper" }).click();
    await page.getByLabel("Paper", { exact: true }).selectOption({ label: `${code} ${paperName(code)}` });
    await page.getByLabel("Year", { exact: true }).fill("2024");
    await page.getByLabel("Question paper URL").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Question paper URL must be a valid http:// or https:// URL")).toBeVisible();
    await page.getByLabel("Question paper URL").fill("https://example.org/2024/ch.pdf");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Previous-year paper created successfully")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: code });
    await expect(row.getByRole("link", { name: /Open/ })).toHaveAttribute("href", "https://example.org/2024/ch.pdf");
    await expect(row).toContainText("Not yet added");

    await deletePaper(page, code, "1 previous-year paper", false);
  });
});
