import type { Locator, Page } from "@playwright/test";
import { menuPages } from "../app/lib/site/pages";
import { DEFAULT_BRAND_NAME } from "../app/lib/site/settings";
import { requireLayoutFont } from "../support/system-font";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";

// Issue 27, items 1–3: a first screen that says what the site is for and where to start, a menu
// that tells the truth, and a header that holds at 200 % text and 320 px. Each width runs in the
// project of its kind (the tag); the viewport is set here, at a budget phone's screen height.

const startingPoints = [
  { label: "Take a free test", to: "/free-tests" },
  { label: "Predict your GATE rank", to: "/rank-predictor" },
  { label: "See the test series", to: "/test-series" },
];

const examTools = menuPages.filter((entry) => entry.menu === "exam-tools").map((entry) => entry.title);

const screens = [
  { width: 360, height: 640, tag: "@mobile" },
  { width: 375, height: 667, tag: "@mobile" },
  { width: 1280, height: 800, tag: "@desktop" },
] as const;

/** Wholly inside the viewport as loaded, without scrolling: read from the layout, so it holds without JavaScript. */
async function expectInFirstScreen(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(await page.evaluate(() => window.scrollY), "not scrolled").toBe(0);
  expect(box.y, "top").toBeGreaterThanOrEqual(64); // below the fixed header
  expect(box.y + box.height, "bottom").toBeLessThanOrEqual(viewport.height);
  expect(box.x, "left").toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, "right").toBeLessThanOrEqual(viewport.width);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    for (const { width, height, tag } of screens) {
      test(
        `at ${width} px the headline, its explanation and the starting points are in the first screen`,
        { tag },
        async ({ page }) => {
          await page.setViewportSize({ width, height });
          await page.goto("/");
          const headline = page.getByRole("heading", { level: 1 });
          await expect(headline).toHaveText("GATE Chemical Engineering & PSU exam preparation");
          await expectInFirstScreen(page, headline);
          await expectInFirstScreen(page, page.getByText(/^Mock tests, free practice tests, previous year papers/));
          const start = page.getByRole("navigation", { name: "Where to start" });
          for (const point of startingPoints) {
            const link = start.getByRole("link", { name: new RegExp(`^${point.label}`) });
            await expect(link).toHaveAttribute("href", point.to);
            await expectInFirstScreen(page, link);
          }
          // The banners follow the text; their words are in the page too, as the images' alt text.
          const banners = page.getByRole("region", { name: "Featured offers" });
          expect((await banners.boundingBox())!.y).toBeGreaterThan((await start.boundingBox())!.y);
          await expect(banners.getByRole("img").first()).toHaveAttribute("alt", /^GATE CH Test Series: /);
        },
      );

      test(`at ${width} px the menu shows only live pages, the exam tools in one group`, { tag }, async ({ page }) => {
        await page.setViewportSize({ width, height });
        await page.goto("/");
        // The desktop sidebar, or the phone's slide-in menu (hidden until opened, read as markup).
        const nav = page.locator(width >= 1024 ? "nav[aria-labelledby=desktop-menu-heading]" : "#mobile-menu nav");
        await expect(nav.getByText("Coming Soon")).toHaveCount(0);
        const hrefs = await nav.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
        expect(hrefs).toEqual(menuPages.map((entry) => entry.path));
        for (const href of hrefs) expect((await page.request.get(href!)).status(), href!).toBe(200);
        const tools = nav.locator("h3", { hasText: "EXAM TOOLS" }).locator("+ ul a");
        await expect(tools).toHaveText([
          "GATE Syllabus",
          "Previous Year Papers",
          "Question Bank",
          "GATE Rank Predictor",
          "GATE Cutoffs",
        ]);
        expect(examTools).toEqual(await tools.allTextContents());
      });
    }
  });
}

test.describe("the largest paint (measured in Noto Sans, fonts-noto-core)", () => {
  // A first visit: the welcome popup opens after load, and must not outrank the first screen.
  test.use({ welcomePopup: true });
  test.beforeAll(requireLayoutFont);

  test("is the first screen's text or a small image, not the welcome popup's", { tag: "@mobile" }, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.addInitScript(() => {
      const w = window as unknown as { lcp: { url: string; inDialog: boolean }[] };
      w.lcp = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { element: Element | null; url: string }[]) {
          w.lcp.push({ url: entry.url, inDialog: Boolean(entry.element?.closest("dialog")) });
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto("/");
    await expect(page.getByRole("dialog", { name: "Welcome to GATE CH Preparation" })).toBeVisible();
    await expect(page.getByRole("dialog").locator("img")).toHaveJSProperty("complete", true);
    const entries = await page.evaluate(() => (window as unknown as { lcp: { url: string; inDialog: boolean }[] }).lcp);
    const last = entries.at(-1)!;
    expect(last.inDialog, "the popup's image is the largest paint").toBe(false);
    if (last.url === "" || last.url.startsWith("data:")) return; // text, or an image inside the document
    const body = await (await page.request.get(last.url)).body();
    expect(body.length).toBeLessThanOrEqual(60 * 1024);
  });
});

/** The header's parts that must never overlap one another or leave the screen. */
async function headerBoxes(page: Page) {
  const header = page.getByRole("banner");
  const home = header.getByRole("link", { name: DEFAULT_BRAND_NAME });
  const parts = {
    menu: page.locator("#menu-button"),
    logo: home.locator("svg"),
    brand: home.locator("span"),
    search: header.getByRole("link", { name: "Search", exact: true }),
    login: header.getByRole("link", { name: "Login" }),
  };
  const boxes: Record<string, { x: number; y: number; width: number; height: number }> = {};
  for (const [name, locator] of Object.entries(parts)) {
    await expect(locator, name).toBeVisible();
    boxes[name] = (await locator.boundingBox())!;
  }
  return boxes;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

test.describe("at 200 % text (measured in Noto Sans, fonts-noto-core)", () => {
  test.beforeAll(requireLayoutFont);
  for (const width of [320, 375]) {
    test(
      `at 200 % text and ${width} px the header keeps every part apart and the WhatsApp button its size`,
      { tag: "@mobile" },
      async ({ page }) => {
        await page.setViewportSize({ width, height: 640 });
        await page.goto("/faqs");
        const whatsapp = page.getByRole("link", { name: "Chat on WhatsApp" });
        const normal = (await whatsapp.boundingBox())!;

        // The browser's text size, as a visitor sets it: the default font size doubled (1rem = 32 px).
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32 } });
        await page.reload();
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("32px");

        const boxes = await headerBoxes(page);
        const names = Object.keys(boxes);
        for (const [i, a] of names.entries()) {
          const box = boxes[a]!;
          expect(box.x, `${a} left`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${a} right`).toBeLessThanOrEqual(width);
          expect(box.y + box.height, `${a} bottom`).toBeLessThanOrEqual(64);
          for (const b of names.slice(i + 1)) expect(overlaps(box, boxes[b]!), `${a} overlaps ${b}`).toBe(false);
        }
        // The brand is there to read, at least its first word, and whole in the link's name.
        expect(boxes.brand!.width).toBeGreaterThanOrEqual(40);
        await expect(page.getByRole("banner").getByRole("link", { name: DEFAULT_BRAND_NAME })).toBeVisible();

        const large = (await whatsapp.boundingBox())!;
        expect({ width: large.width, height: large.height }).toEqual({ width: normal.width, height: normal.height });

        // The home page's first screen wraps its words rather than scroll sideways.
        await page.goto("/");
        await expectNoHorizontalScroll(page);
      },
    );
  }
});
