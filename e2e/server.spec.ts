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
