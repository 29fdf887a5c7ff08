import { hydrated } from "./support/axe";
import { expect, test } from "./support/fixtures";

test("health check reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "sqlite" });
});

test.describe(() => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("an unknown address shows the site's own not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    await expect(page).toHaveTitle("Page not found");
    // A page whose own loader finds nothing (a practice set of no subject) has the same title.
    expect((await page.goto("/question-bank/practice?subject=no-such-subject"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  });
});

test.describe(() => {
  test.use({ allowedConsoleErrors: [/status of 405/] });

  // The root error page's code loads only when an error shows (app/root.tsx): the page must come
  // complete from the server and still work once hydrated. Leaving it renders the document anew,
  // and the stylesheet must come back with the page's CSP nonce (layout/document-assets.tsx).
  test("an error page arrives whole, then hydrates and navigates to a styled page", async ({ page }) => {
    await page.goto("/faqs");
    await hydrated(page);
    // A plain form post to a page that takes none: the browser's own navigation, no router.
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.evaluate(() => {
      const form = Object.assign(document.createElement("form"), { method: "post", action: "/faqs" });
      document.body.append(form);
      HTMLFormElement.prototype.submit.call(form);
    });
    expect((await response).status()).toBe(405);
    await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByText("Error 405")).toBeVisible();
    await hydrated(page);
    await page.getByRole("link", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The shell's top bar is fixed and 4rem tall: the site's CSS applies (pt-16 on <main>).
    await expect.poll(() => page.locator("main").evaluate((main) => getComputedStyle(main).paddingTop)).toBe("64px");
  });
});

test("hashed assets are compressed and cached for a year", async ({ page, request }) => {
  await page.goto("/");
  const script = await page.locator('script[type="module"], link[rel="modulepreload"]').first();
  const src = (await script.getAttribute("href")) ?? (await script.getAttribute("src"));
  expect(src).toMatch(/^\/assets\//);
  const response = await request.get(src!, { headers: { "Accept-Encoding": "br" } });
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-encoding"]).toBe("br");
});
