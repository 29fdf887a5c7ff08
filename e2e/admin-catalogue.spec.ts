import type { Page } from "@playwright/test";
import { expectNoViolations, hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";
import { createManagersAdmin, MANAGERS_PASSWORD } from "./support/managers";

// The catalogue manager in Chromium (issue 26): staff add a test series and a course sold as it,
// change the series' price, and every page that shows the product says the new price, at 375 px
// and at 1280 px; the course shows the series' figures. Its own server and database (the
// "managers" project), in order; every title carries this run's stamp.

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const seriesTitle = `E2E Series ${stamp}`;
const courseTitle = `E2E Course ${stamp}`;
let email = "";

test.beforeAll(() => {
  email = createManagersAdmin();
});

// A refused submission answers 400, which the browser reports in the console.
test.use({ allowedConsoleErrors: [/status of 400/] });

test.beforeEach(async ({ page, baseURL }) => {
  const response = await page.request.post("/admin/login", {
    form: { email, password: MANAGERS_PASSWORD },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
});

const toast = (page: Page, text: string) => page.locator("[data-toast-type]").filter({ hasText: text }).first();

/** Fills fields by label; a field marked "(optional)" is found by its label alone. */
async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const name = new RegExp(`^${label.replace(/[()]/g, "\\$&")}( \\(optional\\))?$`);
    await page.getByLabel(name).fill(value);
  }
}

async function submit(page: Page, button: "Create" | "Update", message: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(toast(page, message)).toBeVisible();
  await expect(page.getByRole("button", { name: button, exact: true })).toHaveCount(0);
}

test("staff add a series and a course sold as it; a new price shows on every page of the product", async ({ page }) => {
  await page.goto("/admin/catalogue");
  await hydrated(page);
  await page.getByRole("link", { name: "Add Test Series" }).click();
  await fill(page, {
    Title: seriesTitle,
    "Price (₹)": "700",
    "Original price (₹)": "1000",
    Tests: "20",
    Students: "300",
    "Validity (months)": "12",
    Image: "/images/catalog/gate-ch.svg",
    Description: "A series made by the end-to-end test.",
    "Display order": "9",
  });
  await submit(page, "Create", "Test series created successfully");

  await page.getByRole("link", { name: "Courses", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue\?tab=courses$/);
  await page.getByRole("link", { name: "Add Course" }).click();
  await fill(page, {
    Title: courseTitle,
    Image: "/images/catalog/gate-ch.svg",
    Description: "A course made by the end-to-end test.",
    "Display order": "9",
  });
  await page.getByLabel("Sold as test series").selectOption({ label: seriesTitle });
  await expectNoViolations(page, "the course form");
  await submit(page, "Create", "Course created successfully");
  await expectNoViolations(page, "the courses tab");
  await expect(page.getByRole("row").filter({ hasText: courseTitle })).toContainText(seriesTitle);

  // The price changes once, in the series.
  await page.getByRole("link", { name: "Test series", exact: true }).click();
  await page.getByRole("link", { name: `Edit ${seriesTitle}` }).click();
  await fill(page, { "Price (₹)": "650" });
  await submit(page, "Update", "Test series updated successfully");

  await page.goto("/courses");
  const courseHref = await page
    .getByRole("article")
    .filter({ hasText: courseTitle })
    .getByRole("link", { name: /View Details/ })
    .getAttribute("href");
  const seriesHref = `/test-series/${encodeURIComponent(seriesTitle)}`;

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const pages: [string, string][] = [
      ["/", courseTitle],
      ["/courses", courseTitle],
      [courseHref!, courseTitle],
      ["/test-series", seriesTitle],
      [seriesHref, seriesTitle],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      const product =
        path === courseHref || path === seriesHref
          ? page.getByRole("complementary", { name: /Buy Now/ })
          : page.getByRole("article").filter({ hasText: title });
      await expect(product, `${path} at ${width} px`).toHaveCount(1);
      await expect(product).toContainText("₹650");
      await expect(product).toContainText("₹1,000");
      await expect(product).toContainText("35% off");
      await expect(page.getByText("₹700")).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    }
    // The course shows the series' figures, and the home page the product once.
    await page.goto(courseHref!);
    await expect(page.getByRole("listitem").filter({ hasText: "20 Tests" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "300 Students" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: seriesTitle, exact: true })).toHaveCount(0);

    await page.goto(`/search?q=${stamp}`);
    await expect(page.getByRole("region", { name: "Courses" })).toContainText("₹650");
    await expect(page.getByRole("region", { name: "Test Series" })).toContainText("₹650");
    await expectNoHorizontalScroll(page);
  }
});

test("a renamed series keeps its old address, redirected to the new one", async ({ page }) => {
  await page.goto("/admin/catalogue");
  await hydrated(page);
  await page.getByRole("link", { name: `Edit ${seriesTitle}` }).click();
  await fill(page, { Title: `${seriesTitle} Renamed` });
  await submit(page, "Update", "Test series updated successfully");
  await page.goto(`/test-series/${encodeURIComponent(seriesTitle)}`);
  await expect(page).toHaveURL(new RegExp(`/test-series/${encodeURIComponent(`${seriesTitle} Renamed`)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${seriesTitle} Renamed`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the course form posts and shows each field's error; deleting is a step of its own", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/catalogue?tab=courses&new=1");
    await fill(page, {
      Title: `${courseTitle} no JS`,
      "Price (₹)": "-1",
      "Original price (₹)": "100",
      Tests: "1",
      Students: "1",
      "Purchase URL": "https://learn.example.com/x",
      Image: "/images/catalog/gate-ch.svg",
      Description: "No script.",
    });
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Price must be a whole number of 0 or more")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${courseTitle} no JS`);
    await expectNoHorizontalScroll(page);

    // Clean up what this run made: the course, then the series, each confirmed on its own page.
    await page.goto("/admin/catalogue?tab=courses");
    await page.getByRole("link", { name: `Delete ${courseTitle}` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("row").filter({ hasText: courseTitle })).toHaveCount(0);
    await page.goto("/admin/catalogue");
    await page.getByRole("link", { name: `Delete ${seriesTitle} Renamed` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("row").filter({ hasText: seriesTitle })).toHaveCount(0);
  });
});
