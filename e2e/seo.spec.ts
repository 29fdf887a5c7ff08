import { expect, test } from "./support/fixtures";

test("robots.txt keeps crawlers out of /admin and names the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.headers()["content-type"]).toContain("text/plain");
  const body = await response.text();
  expect(body).toContain("User-agent: *");
  expect(body).toContain("Disallow: /admin");
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("sitemap.xml lists the public pages, every test series and course, and nothing private", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toContain("application/xml");
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const path of ["/", "/test-series", "/free-tests", "/ebooks", "/job-alerts", "/faqs", "/syllabus"]) {
    expect(locs).toContain(`${baseURL}${path}`);
  }
  expect(locs).toContain(`${baseURL}/test-series/GATE%202026`);
  expect(locs).toContain(`${baseURL}/test-series/IOCL-2025`);
  expect(locs).toContain(`${baseURL}/course/2`);
  expect(locs.filter((loc) => loc.includes("/admin") || loc.includes("/search"))).toEqual([]);
  // Every listed page answers 200.
  for (const loc of locs) expect((await request.get(loc)).status(), loc).toBe(200);
});
