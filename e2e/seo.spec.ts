import { nextGateYear } from "../app/core/gate-cycle";
import { istDate } from "../app/core/ist";
import { expect, test } from "./support/fixtures";
import { sitemapAddresses } from "./support/pages";

test("robots.txt keeps crawlers out of /admin and names the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.headers()["content-type"]).toContain("text/plain");
  const body = await response.text();
  expect(body).toContain("User-agent: *");
  expect(body).toContain("Disallow: /admin");
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("/favicon.ico leads to the site's icon, for documents that name none", async ({ request }) => {
  const response = await request.get("/favicon.ico", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/favicon.png");
  // Followed, as a browser does when a text document (robots.txt) names no icon: the PNG, not a 404.
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toBe("image/png");
  expect((await icon.body()).subarray(1, 4).toString()).toBe("PNG");
});

test("every page names the PNG icon, which a phone decodes without a document of its own", async ({ request }) => {
  for (const path of ["/", "/faqs", "/admin/login"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<link rel="icon" href="/favicon.png" sizes="48x48" type="image/png"/>');
    expect(html, path).not.toContain("favicon.svg");
  }
});

test("sitemap.xml lists the public pages, every test series and course, and nothing private", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toContain("application/xml");
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const path of sitemapAddresses) {
    expect(locs).toContain(`${baseURL}${path}`);
  }
  const year = nextGateYear(istDate());
  expect(locs).toContain(`${baseURL}/test-series/GATE%20${year}`);
  expect(locs).toContain(`${baseURL}/test-series/IOCL-${year}`);
  expect(locs).toContain(`${baseURL}/course/2`);
  // Each published timed test's page (issue 47): the demo's sample mock.
  expect(locs).toContain(`${baseURL}/tests/sample-mock-test`);
  expect(locs.filter((loc) => loc.includes("/admin") || loc.includes("/search"))).toEqual([]);
  // Every listed page answers 200.
  for (const loc of locs) expect((await request.get(loc)).status(), loc).toBe(200);
});

test("every public page has its own title and description, a canonical link and valid JSON-LD", async ({ page }) => {
  // One page load for each page of the sitemap, one after another.
  test.slow();
  const paths = sitemapAddresses;
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of paths) {
    await page.goto(path);
    titles.add(await page.title());
    descriptions.add((await page.locator('meta[name="description"]').getAttribute("content")) ?? "");
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(1);
    for (const json of await page.locator('script[type="application/ld+json"]').allTextContents()) {
      expect(() => JSON.parse(json), `${path} JSON-LD`).not.toThrow();
    }
  }
  expect(titles.size).toBe(paths.length);
  expect(descriptions.size).toBe(paths.length);
});

test("search results stay out of the index but still describe themselves", async ({ page }) => {
  await page.goto("/search?q=gate");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "Search the GATE CH and PSU test series, courses, e-books, free materials and job alerts.",
  );
});

test("a test series reached by its id names the title URL as canonical", async ({ page }) => {
  await page.goto("/test-series/1");
  // It redirects there too (issue 26): one address per series.
  await expect(page).toHaveURL(new RegExp(`/test-series/GATE%20${nextGateYear(istDate())}$`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/test-series/GATE%20${nextGateYear(istDate())}$`),
  );
  const graph = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}")["@graph"];
  expect(graph.map((node: { "@type": string }) => node["@type"])).toContain("Course");
});
