import type { Page } from "@playwright/test";
import { nextGateYear } from "../app/core/gate-cycle";
import { istDate } from "../app/core/ist";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";
import { holdScripts } from "./support/hold-scripts";

// Public content pages (spec §2 "Free Tests", "E-Books", "Free Materials", "Job Alerts"),
// against the demo content seeded into the e2e database (app/db/seed/demo-content.server.ts).

/** React has taken over the page: the main element carries a fiber. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/** A content link's accessible name: its label, the item it belongs to and the new-tab note. */
function newTabLink(label: string, item: string) {
  const escaped = item.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${label}\\s*:\\s*${escaped} \\(opens in a new tab\\)$`);
}

/** The address serves a PDF (the demo's, app/lib/media/demo-documents.server.ts). */
async function expectPdf(page: Page, href: string | null) {
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

/** How many columns a CSS grid lays out. */
function columnCount(page: Page, selector: string) {
  return page
    .locator(selector)
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").filter(Boolean).length);
}

test.describe("Free Tests", () => {
  test("lists the site's own tests by category and subcategory with count badges, inactive ones left out", async ({
    page,
  }) => {
    await page.goto("/free-tests");
    await expect(page).toHaveTitle(/^Free Tests \| /);
    await expect(page.getByRole("heading", { level: 1, name: "Free Tests" })).toBeVisible();

    // The demo's free tests are its sample tests, taken on this site (issue 47); the learning
    // app's demo tests are written inactive, as the app's addresses do not exist.
    const categories = page.locator("main details:not(details details) > summary");
    await expect(categories).toHaveText([/^GATE CH Mock Tests\s*1 test$/, /^GATE CH Topic Tests\s*5 tests$/]);
    for (const inactive of ["Core Chemical Engineering", "GATE 2025 Paper Analysis", "Fluid Statics and Manometry"])
      await expect(page.getByText(inactive)).toHaveCount(0);

    // The first category and its first subcategory start open; a test of this site opens here.
    const start = page.getByRole("link", { name: /^Start\s*:\s*Sample mock test \(sample questions\)$/ });
    await expect(start).toBeVisible();
    await expect(page.getByText(/^10 sample questions · 20 minutes\./)).toBeVisible();
    await expect(start).toHaveAttribute("href", "/tests/sample-mock-test");
    await expect(start).not.toHaveAttribute("target");
    for (const link of await page.locator("main a").all())
      expect(await link.getAttribute("href"), "no link leaves the site").toMatch(/^\/(?!\/)/);
  });

  test("accordions open and close", async ({ page }) => {
    await page.goto("/free-tests");
    const topics = page.locator("details#subcategory-topic-tests-in-the-gate-interface");
    const aptitude = page.getByText("Topic test: General Aptitude (sample questions)", { exact: true });
    await expect(aptitude).toBeHidden();
    // One tap on a category shows its tests: its first subcategory is open inside it.
    await page.locator("details#category-gate-ch-topic-tests > summary").click();
    await expect(topics).toHaveAttribute("open", "");
    await expect(aptitude).toBeVisible();
    await topics.locator("summary").click();
    await expect(topics).not.toHaveAttribute("open");
    await expect(aptitude).toBeHidden();

    // Keyboard: a summary is focusable and Enter toggles it.
    const mocks = page.locator("details#category-gate-ch-mock-tests > summary");
    await expect(page.locator("summary", { hasText: "Mock Tests in the GATE Interface" })).toBeVisible();
    await mocks.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("summary", { hasText: "Mock Tests in the GATE Interface" })).toBeHidden();
  });
});

test.describe("E-Books", () => {
  test("lists active e-books newest first with a View link to the PDF", async ({ page }) => {
    await page.goto("/ebooks");
    await expect(page).toHaveTitle(/^E-Books \| /);
    await expect(page.getByRole("heading", { level: 1, name: "E-Books" })).toBeVisible();
    await expect(page.locator("main article h2")).toHaveText([
      "GATE CH Formula Handbook",
      "Mass Transfer Short Notes",
      "Chemical Reaction Engineering Solved Problems",
      "IOCL Chemical Engineer Interview Guide",
    ]);
    await expect(page.getByText("Process Control Notes (draft)", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Every formula of the nine GATE Chemical Engineering sections")).toBeVisible();
    // The demo's PDF in the media library, which says it stands in for the real one (no address
    // that does not exist); still in a new tab, as the free materials' (spec §2).
    const view = page.getByRole("link", { name: newTabLink("View", "Mass Transfer Short Notes") });
    await expect(view).toHaveAttribute("href", /^\/media\/[0-9a-f]{64}\/mass-transfer-short-notes\.pdf$/);
    await expect(view).toHaveAttribute("target", "_blank");
    await expect(view).toHaveAttribute("rel", "noopener");
    await expectPdf(page, await view.getAttribute("href"));
  });

  test("shows skeleton cards while the list loads, coming from another page or revisiting", async ({
    page,
    isMobile,
  }) => {
    // From a page with scripts (/faqs ships none, issue 28), so that the menu navigates client-side.
    await page.goto("/job-alerts");
    await waitForHydration(page);
    // Hold the e-book list's own data request (the client loader asks for this route alone;
    // the root's data comes in a separate request) until the skeleton has been checked.
    const held: (() => void)[] = [];
    const release = async () => {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      for (const resume of held.splice(0)) resume();
    };
    await page.route(/\/ebooks\.data\?_routes=routes%2Fpublic%2Febooks$/, async (route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    const openEbooks = async () => {
      if (isMobile) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await page.getByRole("dialog", { name: "Main menu" }).getByRole("link", { name: "E-Books" }).click();
      } else {
        await page.getByRole("navigation", { name: "MAIN MENU" }).getByRole("link", { name: "E-Books" }).click();
      }
    };
    const skeleton = page.getByTestId("ebooks-loading");
    const cards = page.locator("main article");

    for (const visit of ["from /job-alerts", "revisiting /ebooks"]) {
      await openEbooks();
      await expect(page.getByRole("heading", { level: 1, name: "E-Books" }), visit).toBeVisible();
      await expect(skeleton, visit).toBeVisible();
      await expect(skeleton.getByRole("status")).toHaveText("Loading e-books…");
      await expect(skeleton).toHaveAttribute("aria-busy", "true");
      await expect(cards).toHaveCount(0);
      await release();
      await expect(skeleton).toHaveCount(0);
      await expect(cards).toHaveCount(4);
    }
  });
});

test.describe("Free Materials", () => {
  test("shows cards with their covers, title, description and View in a new tab", async ({ page }) => {
    await page.goto("/free-materials");
    await expect(page).toHaveTitle(/^Free Materials \| /);
    await expect(page.getByRole("heading", { level: 1, name: "Free Materials" })).toBeVisible();
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(5);
    await expect(cards.locator("h2")).toHaveText([
      "GATE CH Previous Year Topic-wise Analysis",
      "Thermodynamics Revision Sheet",
      "Fluid Mechanics Important Questions",
      "Heat Transfer Formula Sheet",
      "GATE CH 100-Day Study Plan",
    ]);
    await expect(page.getByText("Plant Design and Economics Notes (old edition)", { exact: true })).toHaveCount(0);
    await expect(
      page.getByText("Equations of state, fugacity, activity coefficients and VLE on four pages."),
    ).toBeVisible();

    // Each demo material has its cover from the media library (issue 45); the first card's travels
    // inside the document (the page's largest paint, no request on a slow link).
    const image = cards.first().locator("img");
    await expect(image).toHaveAttribute("src", /^data:image\/webp;base64,/);
    await expect(image).toHaveAttribute("data-file", /^\/media\/[0-9a-f]{64}\/gate-ch-topic-analysis-cover\.webp$/);
    await expect(image).toHaveAttribute("width", "640");
    await expect(image).toHaveAttribute("height", "360");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    await expect(cards.nth(1).locator("img")).toHaveAttribute(
      "src",
      /^\/media\/[0-9a-f]{64}\/thermodynamics-revision-sheet-cover\.webp$/,
    );

    const view = page.getByRole("link", { name: newTabLink("View", "Thermodynamics Revision Sheet") });
    await expect(view).toHaveAttribute("href", /^\/media\/[0-9a-f]{64}\/thermodynamics-revision-sheet\.pdf$/);
    await expect(view).toHaveAttribute("target", "_blank");
    await expect(view).toHaveAttribute("rel", "noopener");
    await expectPdf(page, await view.getAttribute("href"));
  });

  test("the grid has 1 column on small screens, 2 from 640 px and 3 from 768 px", async ({ page, isMobile }) => {
    await page.goto("/free-materials");
    const grid = "[data-testid=free-materials-grid]";
    if (isMobile) {
      expect(await columnCount(page, grid)).toBe(1);
      return;
    }
    expect(await columnCount(page, grid)).toBe(3);
    await page.setViewportSize({ width: 700, height: 800 });
    expect(await columnCount(page, grid)).toBe(2);
    await page.setViewportSize({ width: 800, height: 800 });
    expect(await columnCount(page, grid)).toBe(3);
    await page.setViewportSize({ width: 600, height: 800 });
    expect(await columnCount(page, grid)).toBe(1);
  });

  test("/default.jpg is a small JPEG shipped with the site, with a WebP copy of under 4 KiB", async ({ request }) => {
    const response = await request.get("/default.jpg");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/jpeg");
    const body = await response.body();
    expect(body.length).toBeLessThan(15_000);
    expect([...body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const webp = await request.get("/default.webp");
    expect(webp.headers()["content-type"]).toBe("image/webp");
    const copy = await webp.body();
    expect(copy.length).toBeLessThanOrEqual(4096);
    expect(copy.subarray(8, 12).toString("latin1")).toBe("WEBP");
  });
});

test.describe("Job Alerts", () => {
  // The demo alerts name the next GATE (app/db/seed/demo-content.server.ts); open ones with a last
  // date come first, the soonest first (issue 26), then those without one.
  const next = nextGateYear(istDate());
  const jobs = [
    `ONGC Graduate Trainee Recruitment through GATE ${next}`,
    `IOCL Recruitment through GATE ${next} – Engineers/Officers`,
    `GAIL Executive Trainee (Chemical) through GATE ${next}`,
  ];

  test("opens on Jobs: open alerts by last date, with description, dates, badge and View", async ({ page }) => {
    await page.goto("/job-alerts");
    await expect(page).toHaveTitle(/^Job Alerts \| /);
    await waitForHydration(page);
    await expect(page.getByRole("tab")).toHaveText(["Jobs", "Vacancy", "Results", "Admit Cards"]);
    await expect(page.getByRole("tab", { name: "Jobs" })).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel", { name: "Jobs" });
    await expect(panel.locator("h3")).toHaveText(jobs);
    await expect(page.getByText(/HPCL Officer Recruitment/)).toHaveCount(0); // inactive HPCL alert
    await expect(panel.getByText("Graduate Trainees in Chemical and other disciplines")).toBeVisible();
    // Posted dates (timestamps) on all three; last dates (days) on the two that have one.
    const dates = panel.locator("time");
    await expect(dates).toHaveCount(5);
    for (const date of await dates.all())
      await expect(date).toHaveText(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/);
    await expect(panel.locator("time[datetime*='T']")).toHaveCount(3);
    await expect(panel.locator("time:not([datetime*='T'])")).toHaveCount(2);
    await expect(panel.locator("[data-deadline]")).toHaveText(["Closes in 3 days", "Open"]);
    const view = panel.getByRole("link", { name: newTabLink("View", jobs[1]!) });
    await expect(view).toHaveAttribute("href", "https://iocl.com/latest-job-opening");
    await expect(view).toHaveAttribute("target", "_blank");
  });

  test("a click on a tab shows its alerts and puts it in the URL", async ({ page }) => {
    await page.goto("/job-alerts");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Results" }).click();
    await expect(page).toHaveURL(/\/job-alerts\?tab=results$/);
    await expect(page.getByRole("tab", { name: "Results" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Jobs" })).toHaveAttribute("aria-selected", "false");
    const panel = page.getByRole("tabpanel", { name: "Results" });
    await expect(panel.locator("h3").first()).toHaveText(/^IOCL Engineers\/Officers Final Result \(GATE \d{4}\)$/);
    await expect(page.getByText(jobs[0]!, { exact: true })).toBeHidden();
    await expect(page.getByRole("tabpanel")).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole("tab", { name: "Results" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Results" })).toBeVisible();
  });

  test("arrow keys, Home and End move between tabs (WAI-ARIA tabs)", async ({ page }) => {
    await page.goto("/job-alerts?tab=vacancy");
    await waitForHydration(page);
    const tab = (name: string) => page.getByRole("tab", { name });
    await expect(tab("Vacancy")).toHaveAttribute("tabindex", "0");
    await expect(tab("Jobs")).toHaveAttribute("tabindex", "-1");
    await expect(page.getByRole("tablist", { name: "Job alert categories" })).toBeVisible();
    await tab("Vacancy").focus();

    const steps = [
      ["ArrowRight", "Results", "results"],
      ["ArrowRight", "Admit Cards", "admit-cards"],
      ["ArrowRight", "Jobs", "jobs"],
      ["ArrowLeft", "Admit Cards", "admit-cards"],
      ["Home", "Jobs", "jobs"],
      ["End", "Admit Cards", "admit-cards"],
    ] as const;
    for (const [key, name, slug] of steps) {
      await page.keyboard.press(key);
      await expect(tab(name)).toBeFocused();
      await expect(tab(name)).toHaveAttribute("aria-selected", "true");
      await expect(page).toHaveURL(new RegExp(`\\?tab=${slug}$`));
      await expect(page.getByRole("tabpanel", { name })).toBeVisible();
    }
    await expect(page.getByRole("tabpanel", { name: "Admit Cards" }).locator("h3").first()).toHaveText(
      "NTPC Engineering Executive Trainee Interview Call Letter",
    );
    // Tab leaves the tablist for the panel.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tabpanel", { name: "Admit Cards" })).toBeFocused();
  });

  test("the chosen tab shows at once, before any other data of the navigation has loaded", async ({ page }) => {
    await page.goto("/job-alerts");
    await waitForHydration(page);
    // Hold every data request (the root may revalidate on a new ?tab=) until the tab is checked.
    let holding = true;
    const held: (() => void)[] = [];
    await page.route(/\.data(\?|$)/, async (route) => {
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    await page.getByRole("tab", { name: "Vacancy" }).click();
    await expect(page.getByRole("tab", { name: "Vacancy" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Vacancy" }).locator("h3").first()).toHaveText(
      "BPCL Graduate Engineer Trainee – Chemical Vacancies",
    );
    holding = false;
    for (const resume of held.splice(0)) resume();
    await expect(page).toHaveURL(/\?tab=vacancy$/);
  });

  test("a tab tapped before the scripts have run switches in the page, and stays chosen once they run", async ({
    page,
  }) => {
    // Issue 50: on a slow phone the first tap comes before the scripts; it must not load a page.
    const release = await holdScripts(page);
    await page.goto("/job-alerts");
    const nav = page.getByRole("navigation", { name: "Job alert categories" });
    // Which link is chosen is said to assistive technology too, not only by colour.
    await expect(nav.getByRole("link", { name: "Jobs" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Vacancy" }).click();
    await expect(page).toHaveURL(/\/job-alerts#alerts-vacancy$/);
    await expect(nav.getByRole("link", { name: "Vacancy" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    const bpcl = page.getByText("BPCL Graduate Engineer Trainee – Chemical Vacancies", { exact: true });
    await expect(bpcl).toBeVisible();
    await expect(page.getByText(jobs[0]!, { exact: true })).toBeHidden();

    release();
    await waitForHydration(page);
    await expect(page.getByRole("tab", { name: "Vacancy" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Vacancy" })).toBeVisible();
    await expect(bpcl).toBeVisible();
    await expect(nav.locator("[aria-current]")).toHaveCount(0);
    await page.getByRole("tab", { name: "Results" }).click();
    await expect(page).toHaveURL(/\/job-alerts\?tab=results$/);
    await expect(page.getByRole("tabpanel", { name: "Results" })).toBeVisible();
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
    await expect(bpcl).toBeHidden();
  });

  test("an unknown tab falls back to Jobs", async ({ page }) => {
    await page.goto("/job-alerts?tab=nope");
    await expect(page.getByRole("main").locator("h3").first()).toHaveText(jobs[0]!);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("job alert tabs switch in the page: ?tab= picks the first one shown, a tab's #fragment the next", async ({
    page,
  }) => {
    await page.goto("/job-alerts?tab=admit-cards");
    const nav = page.getByRole("navigation", { name: "Job alert categories" });
    const ntpc = page.getByText("NTPC Engineering Executive Trainee Interview Call Letter", { exact: true });
    const bpcl = page.getByText("BPCL Graduate Engineer Trainee – Chemical Vacancies", { exact: true });
    const selectedColour = "rgb(255, 255, 255)"; // the chosen tab's white text on the brand colour
    await expect(ntpc).toBeVisible();
    await expect(bpcl).toBeHidden();
    await expect(nav.getByRole("link", { name: "Admit Cards" })).toHaveCSS("color", selectedColour);

    await nav.getByRole("link", { name: "Vacancy" }).click();
    await expect(page).toHaveURL(/\/job-alerts\?tab=admit-cards#alerts-vacancy$/);
    await expect(bpcl).toBeVisible();
    await expect(ntpc).toBeHidden();
    await expect(nav.getByRole("link", { name: "Vacancy" })).toHaveCSS("color", selectedColour);
    await expect(nav.getByRole("link", { name: "Admit Cards" })).not.toHaveCSS("color", selectedColour);
    // Without scripts nothing can follow the fragment, so no link claims to be the current one.
    await expect(nav.locator("[aria-current]")).toHaveCount(0);
    // The tabs stay in view after the jump to the fragment.
    await expect(nav).toBeInViewport();

    // Back to the tab the address chose, and a shared #fragment opens its tab.
    await nav.getByRole("link", { name: "Admit Cards" }).click();
    await expect(ntpc).toBeVisible();
    await expect(bpcl).toBeHidden();
    await page.goto("/job-alerts#alerts-vacancy");
    await expect(bpcl).toBeVisible();
    await expect(page.getByText(/^ONGC Graduate Trainee Recruitment/)).toBeHidden();
  });

  test("free test accordions open natively and e-books render on the server", async ({ page }) => {
    await page.goto("/free-tests");
    await page.locator("#category-gate-ch-topic-tests > summary").click();
    await expect(
      page.getByText("Topic test: Process Calculations and Thermodynamics (sample questions)", { exact: true }),
    ).toBeVisible();

    await page.goto("/ebooks");
    await expect(page.locator("main article")).toHaveCount(4);
    await expect(page.getByTestId("ebooks-loading")).toHaveCount(0);
  });
});

test("content pages fit a 360 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    "/free-tests",
    "/ebooks",
    "/free-materials",
    "/job-alerts",
    "/job-alerts?tab=admit-cards",
    "/job-alerts?tab=vacancy&view=archive",
  ]) {
    await page.goto(path);
    await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
    await expectNoHorizontalScroll(page);
  }
});
