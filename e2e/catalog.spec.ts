import { hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";

// The fixed catalogue (spec §2, §9): rows seeded in the database, rendered on the server.

test("All Courses shows the two fixed courses with prices, highlights and actions", async ({ page }) => {
  await page.goto("/courses");
  await expect(page.getByRole("heading", { level: 1, name: "All Courses" })).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(2);
  const gate = cards.filter({ hasText: "GATE 2026 Chemical Engineering" });
  await expect(gate).toContainText("₹1,499");
  await expect(gate).toContainText("₹3,010");
  await expect(gate).toContainText("47% off");
  await expect(gate).toContainText("150 Tests");
  await expect(gate).toContainText("1,200 Students");
  await expect(gate.getByRole("link", { name: /Buy Now/ })).toHaveAttribute("href", /^https:\/\//);
  // IOCL has no purchase page: Buy Now falls back to the course detail page (spec §8).
  const iocl = cards.filter({ hasText: "IOCL-2025" });
  await expect(iocl.getByRole("link", { name: /Buy Now/ })).toHaveAttribute("href", "/course/3");
  await iocl.getByRole("link", { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/course\/3$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("IOCL-2025");
});

test("course detail shows description, what you learn, highlights and a Buy Now card", async ({ page }) => {
  await page.goto("/course/2");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("GATE 2026 Chemical Engineering");
  await expect(page.getByRole("heading", { name: "About this course" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What you'll learn" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Course highlights" })).toBeVisible();
  const buy = page.getByRole("complementary", { name: /Buy Now/ });
  await expect(buy).toContainText("₹1,499");
  await expect(buy.getByRole("link", { name: "Buy Now" })).toHaveAttribute("target", "_blank");
});

test.describe(() => {
  test.use({ allowedConsoleErrors: [/404/] });
  for (const path of ["/course/1", "/course/99", "/course/abc", "/course/4"]) {
    test(`${path} answers 404 with 'Course not found'`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Course not found" })).toBeVisible();
    });
  }
  test("an unknown test series answers 404 with 'Test Series not found'", async ({ page }) => {
    const response = await page.goto("/test-series/GATE%202030");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Test Series not found" })).toBeVisible();
  });
});

test("Free Courses shows the two free sample courses with their student counts", async ({ page }) => {
  await page.goto("/free-courses");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("50,000 students");
  await expect(cards.nth(1)).toContainText("35,000 students");
  await expect(cards.nth(0)).toContainText("Free");
});

test("the test series list links each card to /test-series/{encoded title}", async ({ page }) => {
  await page.goto("/test-series");
  const gate = page.getByRole("article").filter({ hasText: "GATE 2026" });
  await expect(gate).toContainText("150 Tests");
  await expect(gate).toContainText("25 Full-Length Tests");
  await expect(gate).toContainText("80 Topicwise Tests");
  const iocl = page.getByRole("article").filter({ hasText: "IOCL-2025" });
  await expect(iocl).toContainText("₹499");
  await expect(iocl).toContainText("₹1,009");
  await expect(iocl).toContainText("51% off");
  await gate.getByRole("link", { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/test-series\/GATE%202026$/);
  await expect(page.getByRole("heading", { level: 1, name: "GATE 2026" })).toBeVisible();
});

test("test series detail shows highlights and the detail page's fixed original price", async ({ page }) => {
  for (const path of ["/test-series/IOCL-2025", "/test-series/2"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "IOCL-2025" })).toBeVisible();
    for (const text of [
      "15 Total Tests",
      "Valid 1 Year",
      "5000+ Students",
      "Detailed Solutions",
      "Performance Analytics",
    ]) {
      await expect(page.getByRole("listitem").filter({ hasText: text })).toBeVisible();
    }
    const buy = page.getByRole("complementary", { name: /Buy Now/ });
    await expect(buy).toContainText("₹499");
    await expect(buy).toContainText("₹3,000");
    await expect(buy).toContainText("47% off");
  }
});

test.describe("search", () => {
  test("finds courses and test series by case-insensitive title substring", async ({ page }) => {
    await page.goto("/search?q=%20iOcL%20");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search results for "iOcL"');
    await expect(page.getByRole("region", { name: "Courses" }).getByRole("link")).toHaveText([/IOCL-2025/]);
    await expect(page.getByRole("region", { name: "Test Series" }).getByRole("link")).toHaveText([/IOCL-2025/]);
  });

  test("also finds free tests, e-books, free materials and job alerts, linking to their pages", async ({ page }) => {
    await page.goto("/search?q=heat");
    const tests = page.getByRole("region", { name: "Free Tests" });
    await expect(tests.getByRole("link", { name: /Heat Exchangers: LMTD and NTU Methods/ })).toHaveAttribute(
      "href",
      "/free-tests",
    );
    const materials = page.getByRole("region", { name: "Free Materials" });
    await expect(materials.getByRole("link", { name: /Heat Transfer Formula Sheet/ })).toHaveAttribute(
      "href",
      "/free-materials",
    );
    await page.goto("/search?q=admit%20card");
    await page
      .getByRole("region", { name: "Job Alerts" })
      .getByRole("link", { name: /GATE 2026 Admit Card Released/ })
      .click();
    await expect(page).toHaveURL(/\/job-alerts\?tab=admit-cards$/);
  });

  test("says when nothing matches, and its own box updates q", async ({ page }) => {
    await page.goto("/search?q=zeolite");
    await expect(page.getByText('No results found for "zeolite"')).toBeVisible();
    const box = page.getByRole("searchbox", { name: "Search", exact: true });
    await expect(box).toHaveValue("zeolite");
    // The box trims with JavaScript (without it the form sends q as typed, and the page trims it).
    await hydrated(page);
    await box.fill("  gate ");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=gate$/);
    await expect(page.getByRole("link", { name: /GATE 2026/ }).first()).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("catalogue pages render and navigate", async ({ page }) => {
    await page.goto("/test-series");
    await page.getByRole("link", { name: /View Details.*IOCL-2025/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "IOCL-2025" })).toBeVisible();
    await page.goto("/courses");
    await page.getByRole("link", { name: /View Details.*GATE 2026/ }).click();
    await expect(page.getByRole("heading", { name: "What you'll learn" })).toBeVisible();
  });

  test("the search page's form is a plain GET", async ({ page }) => {
    await page.goto("/search");
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("gate");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=gate$/);
    await expect(page.getByRole("region", { name: "Test Series" })).toContainText("GATE 2026");
  });
});

test("catalogue pages fit a 360 px screen", { tag: "@mobile" }, async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/free-courses", "/course/2", "/test-series/GATE%202026", "/search?q=zeolite"]) {
    await page.goto(path);
    await expectNoHorizontalScroll(page);
  }
});
