import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { charactersNeedingFallbackFont } from "../support/system-font-text";
import { menuAddresses } from "./support/pages";

// Issue 6 (budget phones on slow networks): what keeps a public page fast, checked on the
// production build. The content never waits for JavaScript: the stylesheet is inline, nothing in
// the head competes with the HTML and the LCP image, and the scripts start after the load event.
// Byte budgets themselves are measured by Lighthouse (perf/lighthouse).

/** Whether React has hydrated the page's main content. */
const isHydrated = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });

/** Waits until React has hydrated the page's main content. */
async function hydrated(page: Page) {
  await expect.poll(() => isHydrated(page)).toBe(true);
}

/** A few computed styles of each element in the page's main content. */
const computedStyles = (page: Page) =>
  // Elements that show (a page not yet hydrated carries the job-alert tabs' little script).
  page.locator("main").evaluate((main) =>
    [...main.querySelectorAll("*:not(script)")].map((element) => {
      const style = getComputedStyle(element);
      return [element.tagName, style.display, style.color, style.backgroundColor, style.padding, style.fontSize].join(
        " ",
      );
    }),
  );

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

for (const path of menuAddresses) {
  test(`${path}: the stylesheet is inline and nothing render-blocking or preloaded competes with the content`, async ({
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));

    const style = /<style data-app-css=""[^>]*>([\s\S]*?)<\/style>/.exec(head);
    expect(style, "an inline stylesheet in the head").not.toBeNull();
    const css = style![1]!;
    expect(css).toContain(".bg-white");
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<script[^>]+type="module"/);

    // The CSP lets exactly this style in, by nonce or by hash; never any inline style.
    const csp = response.headers()["content-security-policy"]!;
    const styleSrc = csp.split("; ").find((d) => d.startsWith("style-src "))!;
    expect(styleSrc).not.toContain("unsafe-inline");
    const nonce = /nonce="([^"]+)"/.exec(style![0])?.[1];
    expect(styleSrc.includes(`'nonce-${nonce}'`) || styleSrc.includes(sha256(css))).toBe(true);
  });
}

test("every public page's words need no fallback font: marks are icons, not characters", async ({ request }) => {
  for (const path of [...menuAddresses, "/contact", "/book-session", "/testimonials/new", "/privacy"]) {
    const html = await (await request.get(path)).text();
    expect(charactersNeedingFallbackFont(html), path).toEqual([]);
  }
});

test.describe("scripts after the load event (issue 44)", () => {
  test("a public page starts its scripts after the load event without an input, then navigates on the client", async ({
    page,
  }) => {
    await page.goto("/post-gate-guidance");
    // Nobody touches the page: its scripts start anyway (the welcome popup, the dialogs and the
    // toast are there from load, issue 44).
    await hydrated(page);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"));
      return { load: navigation!.loadEventStart, scripts: scripts.map((entry) => entry.startTime) };
    });
    expect(timing.scripts.length).toBeGreaterThan(0);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.load);
    await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
    // The head keeps no module preloads of its own: they were added only when the scripts started.
    await expect(page.locator('head link[rel="modulepreload"]').first()).toHaveAttribute("href", /^\/assets\//);
    // The document carried only its own rules (issue 28): the whole stylesheet came before React
    // rendered anything.
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({
        href: link.getAttribute("href"),
        // A rule of the admin's, in no public page's own share.
        whole: [...(link.sheet?.cssRules ?? [])].some((rule) => rule.cssText.includes(".bg-red-50 {")),
      })),
    );
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.href).toMatch(/^\/assets\/.+\.css$/);
    expect(sheets[0]!.whole).toBe(true);

    // Client-side navigation: the same window goes on (no new document) to the next page.
    await page.evaluate(() => ((window as unknown as { sameWindow: boolean }).sameWindow = true));
    await page.getByRole("contentinfo").getByRole("link", { name: "Job Alerts", exact: true }).click();
    await expect(page).toHaveURL(/\/job-alerts$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Job Alerts");
    expect(await page.evaluate(() => (window as unknown as { sameWindow?: boolean }).sameWindow)).toBe(true);
    // …and looks as it does loaded on its own, though the first document had none of its rules.
    const fresh = await page.context().newPage();
    await fresh.goto("/job-alerts");
    expect(await computedStyles(page)).toEqual(await computedStyles(fresh));
    await fresh.close();
  });

  test("an admin page starts its scripts after the load event too", async ({ page }) => {
    await page.goto("/admin/login");
    await hydrated(page);
    await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
  });

  test("a reload puts the page back where the visitor left it, in the document's own parse", async ({ page }) => {
    // A first visit does nothing in the page's parse: the entry gets its key when the router starts.
    // Read at the end of the parse: after the load event the scripts may already have started.
    await page.addInitScript(() =>
      addEventListener("DOMContentLoaded", () => {
        (window as unknown as { stateAtParse: unknown }).stateAtParse = history.state;
      }),
    );
    await page.goto("/");
    expect(await page.evaluate(() => (window as unknown as { stateAtParse?: unknown }).stateAtParse)).toBeNull();
    await hydrated(page);
    expect(await page.evaluate(() => (history.state as { key?: unknown }).key)).toMatch(/^[0-9a-v]+$/);
    await page.evaluate(() => window.scrollTo(0, 1500));
    const left = await page.evaluate(() => Math.round(window.scrollY));
    expect(left).toBeGreaterThan(1000);
    // Where the reloaded page stands when its parse ends: before the load event, so before the
    // router (which starts after it) could have restored anything.
    await page.addInitScript(() =>
      addEventListener("DOMContentLoaded", () => {
        (window as unknown as { scrollAtParse: number }).scrollAtParse = Math.round(scrollY);
      }),
    );
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { scrollAtParse?: number }).scrollAtParse)).toBe(left);
  });
});

test("a page with nothing interactive ships no JavaScript, and its links load documents", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  for (const path of ["/faqs", "/syllabus", "/test-series", "/courses", "/ebooks", "/search?q=heat"]) {
    const response = await page.goto(path);
    const html = await response!.text();
    // Structured data only: no client start, no loader data, no scroll restoration.
    expect(html.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g), path).toBeNull();
    expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
  }
  await page.goto("/faqs");
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1200)));
  expect(scripts).toEqual([]);
  // Its FAQs still open one at a time (native <details name>), and a link loads a new document.
  await page.getByText("Where do I log in to take my tests?").click();
  await expect(page.locator("details[open]")).toHaveCount(1);
  await page.evaluate(() => ((window as unknown as { sameWindow: boolean }).sameWindow = true));
  await page.getByRole("contentinfo").getByRole("link", { name: "Job Alerts", exact: true }).click();
  await expect(page).toHaveURL(/\/job-alerts$/);
  expect(await page.evaluate(() => (window as unknown as { sameWindow?: boolean }).sameWindow)).toBeUndefined();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a page is styled and complete", async ({ page }) => {
    await page.goto("/faqs");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Tailwind's classes apply: the body's background is the slate-50 of app/app.css.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  });
});

// Since issue 27 the first screen leads with text (the headline is the LCP element on a phone); the
// first banner, just below it, still travels with the document.
test("the home page's first banner arrives with the document, sized; the others wait", async ({ page }) => {
  const html = await (await page.request.get("/")).text();
  const images = [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
  expect(images.length).toBeGreaterThan(3);
  // Every image reserves its space (no layout shift).
  for (const img of images) {
    expect(img, img).toMatch(/\swidth="\d+"/);
    expect(img, img).toMatch(/\sheight="\d+"/);
  }
  const [first, ...rest] = images;
  expect(first).toMatch(/fetchPriority="high"/i);
  expect(first).not.toMatch(/loading="lazy"/);
  // The first banner is a small file of the site's own: it is inside the document, so it costs
  // no second round trip (app/lib/document/inline-image.server.ts).
  expect(/src="([^"]+)"/.exec(first!)![1]).toMatch(/^data:image\/svg\+xml,/);
  // Once: the hydration data names the file, and the browser reads the picture back from the page.
  expect(html.split("data:image/svg+xml,")).toHaveLength(2);
  // The other slides and the images below the fold load lazily; only the first card's image,
  // in a phone's first screen, is eager.
  const eager = rest.filter((img) => !/loading="lazy"/.test(img));
  expect(eager.length).toBeLessThanOrEqual(1);
  for (const img of rest.filter((i) => /loading="lazy"/.test(i))) expect(img).toMatch(/decoding="async"/);

  // In the browser the hero image is there at once: its file is never fetched.
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Featured offers" }).locator("img").first()).toHaveJSProperty(
    "complete",
    true,
  );
  // Hydrated, the page keeps the picture it has (its hydration data names only the file).
  await hydrated(page);
  await expect(page.getByRole("region", { name: "Featured offers" }).locator("img").first()).toHaveAttribute(
    "src",
    /^data:image\/svg\+xml,/,
  );
  expect(requested.length).toBeGreaterThan(0);
  expect(requested).not.toContain("/images/banners/gate-2026-ch-test-series.svg");
});

test("hashed assets come precompressed, immutable for a year, varying by Accept-Encoding", async ({ page }) => {
  await page.goto("/post-gate-guidance");
  await hydrated(page);
  const script = await page.locator('head link[rel="modulepreload"]').first().getAttribute("href");
  expect(script).toMatch(/^\/assets\/.+\.js$/);
  const bodies: Record<string, Buffer> = {};
  for (const encoding of ["br", "gzip", "identity"]) {
    const response = await page.request.get(script!, { headers: { "Accept-Encoding": encoding } });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["vary"]).toBe("Accept-Encoding");
    expect(headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
    bodies[encoding] = await response.body();
  }
  // Decoded, every encoding is the same file.
  expect(bodies.br!.equals(bodies.identity!)).toBe(true);
  expect(bodies.gzip!.equals(bodies.identity!)).toBe(true);
});
