import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";

// Static pages (spec §2): fixed content rendered on the server.

test("Previous Year Papers lists Chemical first, then the spec's CS, EC and ME papers by year", async ({ page }) => {
  await page.goto("/previous-year");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Previous Year Papers");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    "Chemical Engineering (CH)",
    "Computer Science and Information Technology (CS)",
    "Electronics and Communication Engineering (EC)",
    "Mechanical Engineering (ME)",
  ]);
  for (const year of ["2024", "2023", "2022"])
    await expect(page.getByRole("heading", { level: 3, name: `GATE ${year}` })).toHaveCount(4);
  await expect(page.getByRole("heading", { level: 3, name: "GATE 2025" })).toHaveCount(1);
});

test("Question Bank lists the syllabus's subjects, none with a count staff typed (issue 46)", async ({ page }) => {
  await page.goto("/question-bank");
  await expect(page.getByRole("heading", { level: 1, name: "Question Bank" })).toBeVisible();
  for (const subject of ["Heat Transfer", "Mass Transfer", "Chemical Technology", "General Aptitude"])
    await expect(page.getByRole("heading", { level: 3, name: subject, exact: true })).toBeVisible();
  for (const count of ["500", "400", "450"]) await expect(page.getByText(count, { exact: true })).toHaveCount(0);
});

test("the syllabus covers the GATE Chemical Engineering sections", async ({ page }) => {
  await page.goto("/syllabus");
  for (const section of [
    "Engineering Mathematics",
    "Process Calculations and Thermodynamics",
    "Fluid Mechanics and Mechanical Operations",
  ]) {
    await expect(page.getByRole("heading", { name: section })).toBeVisible();
  }
});

test("the syllabus lays out a section's topics when they near the screen, and its contents links still land", async ({
  page,
}) => {
  await page.goto("/syllabus");
  // Rendered, in the content-visibility sense: laid out and painted, not skipped.
  const rendered = (topic: string) =>
    page.getByText(topic, { exact: true }).evaluate((li) => li.checkVisibility({ contentVisibilityAuto: true }));
  expect(
    await rendered("Membrane separations (micro-filtration, ultra-filtration, nano-filtration and reverse osmosis)"),
  ).toBe(false);

  await page.getByRole("link", { name: "Section 5: Mass Transfer" }).click();
  await expect(page).toHaveURL(/#mass-transfer$/);
  const heading = page.getByRole("heading", { level: 2, name: /Mass Transfer/ });
  await expect(heading).toBeInViewport();
  // The topics are laid out now, at their place under the heading.
  await expect.poll(() => rendered("Fick's laws; molecular diffusion in fluids")).toBe(true);
  await expect(page.getByText("Fick's laws; molecular diffusion in fluids")).toBeInViewport();
  const top = (await heading.boundingBox())!.y;
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(200);
});

test("FAQs: five questions, one open at a time", async ({ page }) => {
  await page.goto("/faqs");
  const items = page.locator("details");
  await expect(items).toHaveCount(5);
  await items.nth(2).locator("summary").click();
  await expect(items.nth(2)).toHaveAttribute("open", "");
  await expect(page.locator("details[open]")).toHaveCount(1);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`rank predictor (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("answers from the data with a shareable URL, never the old fixed 1000 - 1500", async ({ page }) => {
      await page.goto("/rank-predictor");
      await page.getByLabel(/Your GATE marks/).fill("56.5");
      await page.getByLabel("Branch").selectOption("ch");
      await page.getByLabel("Category").selectOption("obc");
      await page.getByRole("button", { name: "Predict My Rank" }).click();
      await expect(page.getByRole("region", { name: "Your estimated rank" })).toContainText("About AIR");
      await expect(page.getByText("1000 - 1500")).toHaveCount(0);
      await expect(page).toHaveURL(/marks=56.5/);
    });
  });
}

test("static pages fit a 360 px screen", { tag: "@mobile" }, async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    "/previous-year",
    "/question-bank",
    "/rank-predictor",
    "/rank-predictor?marks=50&branch=me&category=st",
    "/rank-predictor?marks=45&branch=ch&category=sc",
    "/gate-cutoffs",
  ]) {
    await page.goto(path);
    await expectNoHorizontalScroll(page);
  }
});
