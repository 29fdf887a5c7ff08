import { hydrated } from "./support/axe";
import { holdScripts } from "./support/hold-scripts";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";
import { publicAddresses } from "./support/pages";

const menu = [
  ["Home", "/"],
  ["Test Series", "/test-series"],
  ["Courses", "/courses"],
  ["Free Courses", "/free-courses"],
  ["Free Tests", "/free-tests"],
  ["E-Books", "/ebooks"],
  ["Free Materials", "/free-materials"],
  ["Post GATE Guidance", "/post-gate-guidance"],
  ["Job Alerts", "/job-alerts"],
  ["FAQs", "/faqs"],
] as const;

const examTools = [
  ["GATE Syllabus", "/syllabus"],
  ["Previous Year Papers", "/previous-year"],
  ["Question Bank", "/question-bank"],
  ["GATE Rank Predictor", "/rank-predictor"],
  ["GATE Cutoffs", "/gate-cutoffs"],
] as const;

test.describe("desktop shell (1280 px)", { tag: "@desktop" }, () => {
  test("the fixed sidebar lists MAIN MENU, then the exam tools, every entry a link (issue 27)", async ({ page }) => {
    await page.goto("/test-series");
    const sidebar = page.getByRole("navigation", { name: "MAIN MENU" });
    await expect(sidebar.getByRole("heading", { name: "MAIN MENU" })).toBeVisible();
    await expect(sidebar.getByRole("heading", { name: "EXAM TOOLS" })).toBeAttached();
    const links = sidebar.getByRole("link");
    await expect(links).toHaveText([...menu, ...examTools].map(([name]) => name));
    for (const [name, href] of [...menu, ...examTools]) {
      await expect(sidebar.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(sidebar.getByRole("link", { name: "Test Series", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(sidebar.getByText("Coming Soon")).toHaveCount(0);
  });

  test("the header search goes to /search with the trimmed, encoded text and ignores blanks", async ({ page }) => {
    // A page with scripts (/courses ships none, issue 28, and its box is the plain GET form).
    await page.goto("/job-alerts");
    const box = page.getByPlaceholder("Type here to search...");
    await expect(box).toBeVisible();
    // Trimming is the script's (without it, the form's pattern refuses a blank query natively).
    await hydrated(page);
    await box.fill("   ");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/job-alerts$/);
    await box.fill("  gate 2026 & iocl ");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=gate%202026%20%26%20iocl$/);
    await expect(page.getByPlaceholder("Type here to search...")).toHaveValue("gate 2026 & iocl");
  });

  test("the logo goes home and Login carries the organisation code", async ({ page }) => {
    await page.goto("/faqs");
    const login = page.getByRole("banner").getByRole("link", { name: "Login" });
    await expect(login).toHaveAttribute("href", /^https:\/\/.+[?&]orgCode=/);
    await page
      .getByRole("banner")
      .getByRole("link", { name: /GATE CH Academy/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("footer and WhatsApp button are on every public page", async ({ page }) => {
    await page.goto("/syllabus");
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/\d+/,
    );
  });
});

test.describe("small screens (375 px)", { tag: "@mobile" }, () => {
  test("the menu button opens a slide-in sidebar that the X closes, with a Login button", async ({ page }) => {
    // A page with scripts: the scripted dialog (/courses ships none, issue 28).
    await page.goto("/job-alerts");
    await expect(page.getByPlaceholder("Type here to search...")).toBeHidden();
    await expect(page.getByRole("heading", { name: "MAIN MENU" })).toBeHidden();
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Main menu" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Login" })).toBeVisible();
    for (const [name, href] of [...menu, ...examTools])
      await expect(dialog.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    await dialog.getByRole("button", { name: "Close menu" }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("Escape closes the menu and a menu link navigates", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Main menu" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Main menu" }).getByRole("link", { name: "FAQs" }).click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(page.getByRole("dialog", { name: "Main menu" })).toBeHidden();
  });

  test("on a page that ships no JavaScript the menu opens through its link", async ({ page }) => {
    await page.goto("/courses");
    await page.getByRole("link", { name: "Open menu" }).click();
    await expect(page).toHaveURL(/#mobile-menu$/);
    const sidebar = page.locator("#mobile-menu");
    await expect(sidebar.getByRole("link", { name: "Job Alerts", exact: true })).toBeVisible();
    // From there, a page with scripts loads as a document and hydrates.
    await sidebar.getByRole("link", { name: "Job Alerts", exact: true }).click();
    await expect(page).toHaveURL(/\/job-alerts$/);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  });

  test("a tap on the menu while the scripts start is the browser's, and React then takes the open menu over", async ({
    page,
  }) => {
    // The scripts held back: the page's inline scripts have run, React has not hydrated (decision 021).
    const release = await holdScripts(page);
    await page.goto("/job-alerts");
    // What React listens with: the document, for every event of the page, and the window's popstate.
    // A finger's tap sends more than a click: the touch, and the pointer captured and released (a
    // capture that reached React made it hydrate that part of the page first).
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { seenByPage: seen });
      for (const type of ["touchstart", "pointerdown", "gotpointercapture", "lostpointercapture", "mousedown", "click"])
        document.addEventListener(type, (event) => seen.push(event.type), true);
      addEventListener("popstate", () => seen.push("popstate"));
    });
    const seen = () => page.evaluate(() => (window as unknown as { seenByPage: string[] }).seenByPage);

    await page.getByRole("link", { name: "Open menu" }).tap();
    await expect(page).toHaveURL(/#mobile-menu$/);
    await expect(page.locator("#mobile-menu").getByRole("link", { name: "FAQs", exact: true })).toBeVisible();
    expect(await seen()).toEqual([]);

    release();
    const dialog = page.getByRole("dialog", { name: "Main menu" });
    await expect(dialog.getByRole("button", { name: "Close menu" })).toBeVisible();
    // The modal dialog (showModal() runs in an effect after the button renders): Escape closes it.
    await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Hydrated, the control is React's button: its events reach the page again.
    await page.getByRole("button", { name: "Open menu" }).tap();
    await expect(dialog).toBeVisible();
    expect(await seen()).toEqual(expect.arrayContaining(["touchstart", "pointerdown", "gotpointercapture", "click"]));
  });

  test("the search icon goes to /search", async ({ page }) => {
    await page.goto("/courses");
    await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the mobile menu opens through its link", { tag: "@mobile" }, async ({ page }) => {
    await page.goto("/courses");
    await page.getByRole("link", { name: "Open menu" }).click();
    await expect(page).toHaveURL(/#mobile-menu$/);
    await expect(page.locator("#mobile-menu").getByRole("link", { name: "Free Tests", exact: true })).toBeVisible();
    await page.locator("#mobile-menu").getByRole("link", { name: "Free Tests", exact: true }).click();
    await expect(page).toHaveURL(/\/free-tests$/);
  });

  test("the header search form is a plain GET to /search", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/courses");
    await page.getByPlaceholder("Type here to search...").fill("iocl");
    await page.getByRole("button", { name: "Submit search" }).click();
    await expect(page).toHaveURL(/\/search\?q=iocl$/);
  });
});

for (const width of [360, 375]) {
  test(`no page scrolls sideways at ${width} px`, { tag: "@mobile" }, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    // Every public page, and the pages whose wide tables scroll inside their own box.
    for (const path of [...publicAddresses, "/search?q=gate", "/rank-predictor?marks=45&branch=ch&category=general"]) {
      await page.goto(path);
      await expectNoHorizontalScroll(page);
    }
  });
}
