import type { Locator, Page } from "@playwright/test";
import { expectNoViolations, hydrated } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { managersState, signInManagersAdmin } from "./support/managers";

// The question bank's editor in Chromium at 1280 px (issue 46), on the managers' own server: staff
// write an MCQ with inline and display math, see it rendered by the server (MathML, no math script)
// in the preview, save it and publish it; with JavaScript off, the same form previews and saves by
// plain posts. What visitors see of a published question is the public pages' specs.

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const statePath = managersState("questions");

test.beforeAll(({ browser }) => signInManagersAdmin(browser, statePath));

// A refused save answers 400, which the browser reports in the console.
test.use({ storageState: statePath, allowedConsoleErrors: [/status of 400/] });

const toast = (page: Page, text: string) => page.locator("[data-toast-type]").filter({ hasText: text }).first();

/** The fields every question needs, in a form (the editor's region). */
async function fillCommon(form: Locator, text: string, solution: string) {
  await form.getByLabel("Subject", { exact: true }).selectOption({ label: "Chemical Reaction Engineering" });
  await form
    .getByLabel("Topic (a line of the syllabus)")
    .selectOption({ label: "Kinetics of homogeneous reactions; interpretation of kinetic data" });
  await form.getByLabel("Question text").fill(text);
  await form.getByLabel("Solution", { exact: true }).fill(solution);
}

test("staff write an MCQ with math, preview it rendered by the server, save and publish it", async ({ page }) => {
  const text = `Rate constant ${stamp}: for a first-order reaction with $k = 0.1\\,\\mathrm{s^{-1}}$ the half-life is\n\n$$t_{1/2} = \\frac{\\ln 2}{k}$$`;
  await page.goto("/admin/questions");
  await hydrated(page);
  await page.getByRole("link", { name: "Add Question" }).click();
  const form = page.getByRole("region", { name: "Add question" });
  await expect(form.getByLabel("Type", { exact: true })).toHaveValue("mcq");

  // With JavaScript, a NAT question's options fold away, and an MCQ's range.
  await form.getByLabel("Type", { exact: true }).selectOption("nat");
  await expect(form.getByRole("group", { name: "Options" })).toBeHidden();
  await expect(form.getByLabel("Lowest accepted answer")).toBeVisible();
  await form.getByLabel("Type", { exact: true }).selectOption("mcq");
  await expect(form.getByRole("group", { name: "Options" })).toBeVisible();
  await expect(form.getByLabel("Lowest accepted answer")).toBeHidden();

  await fillCommon(form, text, "$$t_{1/2} = \\frac{0.693}{0.1} = 6.93\\,\\mathrm{s}$$");
  // Saved without its options: the first empty option says why and takes the focus; the missing
  // key is said where the options start.
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await expect(form.getByLabel("Option A", { exact: true })).toBeFocused();
  await expect(form.getByLabel("Option A", { exact: true })).toHaveAccessibleDescription(/MCQ needs four options/);
  await expect(form.getByRole("group", { name: "Options" })).toContainText(
    "The key is missing: tick the one correct option",
  );
  const options: [string, string][] = [
    ["Option A", "$3.47$ s"],
    ["Option B", "$6.93$ s"],
    ["Option C", "$10$ s"],
    ["Option D", "$0.693$ s"],
  ];
  for (const [label, value] of options) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByLabel("Option B is correct").check();

  // The preview is the server's: MathML in the page, the display formula as a block, no $ left.
  await form.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.locator('math[display="block"]').first()).toBeVisible();
  await expect(preview.locator("math mfrac").first()).toBeVisible();
  await expect(preview.locator("li").filter({ hasText: "correct" })).toHaveCount(1);
  await expect(preview).not.toContainText("$");
  expect(
    await page.evaluate(() => document.querySelectorAll('script[src*="temml"], script[src*="katex"]').length),
  ).toBe(0);
  await expectNoViolations(page, "editor with its preview");

  // Math that does not parse is said with its field and line, in the live preview and on save.
  await form.getByLabel("Solution", { exact: true }).fill("First line\n$\\frac{1}{$");
  await expect(preview).toContainText(/Solution, line 2: /);
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await expect(form.getByText(/^Solution, line 2: /)).toBeVisible();
  await expect(form.getByLabel("Solution", { exact: true })).toBeFocused();
  await expectNoViolations(page, "refused form");
  await form.getByLabel("Solution", { exact: true }).fill("$$t_{1/2} = \\frac{0.693}{0.1} = 6.93\\,\\mathrm{s}$$");
  // Corrected, the field no longer shows the refusal's error (Preview does not check the form again).
  await expect(form.getByText(/^Solution, line 2: /)).toHaveCount(0);
  await expect(form.getByLabel("Solution", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await expect(toast(page, "Question created successfully")).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: `Rate constant ${stamp}` });
  await expect(row).toContainText("Draft");
  await expect(row).toContainText("MCQ · 1 mark");
  await row.getByRole("button", { name: /^Publish/ }).click();
  await expect(toast(page, "Question published")).toBeVisible();
  await expect(row).toContainText("Published");
  await expectNoViolations(page, "list");

  // Opened again, the question shows its rendered preview and its one version.
  await row.getByRole("link", { name: /^Edit/ }).click();
  const edit = page.getByRole("region", { name: "Edit question" });
  await expect(edit.getByLabel("Option B is correct")).toBeChecked();
  await expect(page.getByRole("region", { name: "Preview" }).locator("math").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Versions" })).toContainText("v1");

  // The other tabs: the reports queue, and import and export.
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page.getByText("No new reports.")).toBeVisible();
  await expectNoViolations(page, "reports");
  await page.getByRole("link", { name: "Import & export" }).click();
  await expect(page.getByRole("heading", { name: "Import", exact: true })).toBeVisible();
  await expectNoViolations(page, "import and export");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the editor previews and saves by plain posts, every field shown with its hint", async ({ page }) => {
    const text = `Decimal places ${stamp}: evaluate $\\int_0^1 2x\\,dx$.`;
    await page.goto("/admin/questions?new=1");
    const form = page.getByRole("region", { name: "Add question" });
    // Every type's fields are there, each group saying which type it is for.
    await expect(form.getByRole("group", { name: "Options" })).toContainText("For MCQ and MSQ");
    await expect(form.getByRole("group", { name: "Numeric answer" })).toContainText("For NAT only");
    await form.getByLabel("Type", { exact: true }).selectOption("nat");
    await form.getByLabel("Marks", { exact: true }).selectOption("2");
    await fillCommon(form, text, "$$\\int_0^1 2x\\,dx = 1$$");
    await form.getByLabel("Lowest accepted answer").fill("0.99");
    await form.getByLabel("Highest accepted answer").fill("1.01");
    await form.getByLabel("Decimals to type").fill("2");

    await form.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.locator('math[display="block"]')).toBeVisible();
    await expect(preview).toContainText("Accepted answers: 0.99 to 1.01, typed with 2 decimals");
    // The form came back as it was typed.
    const again = page.getByRole("region", { name: "Add question" });
    await expect(again.getByLabel("Question text")).toHaveValue(text);
    await expect(again.getByLabel("Type", { exact: true })).toHaveValue("nat");

    await again.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Question created successfully")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: `Decimal places ${stamp}` });
    await expect(row).toContainText("NAT · 2 marks");
    await expect(row).toContainText("Draft");
  });

  test("an import is checked, previewed and then applied by a second post carrying the same text", async ({ page }) => {
    const header =
      "slug,status,subject,topic,difficulty,source,gate_year,gate_question_no,source_media,is_sample,type,marks,text,option_a,option_b,option_c,option_d,correct,nat_min,nat_max,nat_decimals,solution";
    const csv = [
      header,
      `,draft,heat-transfer,equation-of-energy,easy,original,,,,no,mcq,1,"Imported ${stamp}: which law?\n\n$$q = -k\\nabla T$$",Fourier's,Newton's,Fick's,Stefan's,A,,,,"Fourier's law."`,
      `,draft,heat-transfer,equation-of-energy,easy,original,,,,no,nat,1,"Imported NAT ${stamp}",,,,,,1,2,0,"$x = 1$"`,
    ].join("\n");
    await page.goto("/admin/questions?tab=files");
    await page.getByLabel("Or paste the file's text").fill(csv);
    await page.getByRole("button", { name: "Check the file" }).click();
    const plan = page.getByRole("region", { name: "What the import will do" });
    await expect(plan).toContainText("2 questions added, 0 changed, 0 unchanged.");
    await expect(plan).toContainText(`Imported ${stamp}: which law?`);
    await plan.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Imported: 2 added, 0 changed, 0 unchanged")).toBeVisible();
    await page.goto(`/admin/questions?q=${stamp}`);
    const imported = page.getByRole("row").filter({ hasText: "Imported" }).filter({ hasText: stamp });
    await expect(imported).toHaveCount(2);
  });
});
