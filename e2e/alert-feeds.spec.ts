import type { Page } from "@playwright/test";
import { addDays, formatIstDate, istDate } from "../app/core/ist";
import { hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";

// Issue 49 at a phone's 375 px and a desktop's 1280 px, on the demo data (read only): /job-alerts
// links its Atom feeds (every tab's and the shown tab's) and its calendar (webcal: and https),
// in the page and in its head; the feeds download as Atom that the browser's XML parser takes,
// and as text/calendar; the home page's "Closing soon" lists the demo's alert closing in 3 days
// with its badge and leads to it, with and without JavaScript, and brings no script of its own.

const today = istDate();

/** The demo alert that closes within the week (app/db/seed/demo-content.server.ts: in 3 days). */
const closingTitle = /ONGC Graduate Trainee Recruitment through GATE \d{4}/;

const followSection = (page: Page) => page.getByRole("region", { name: "Follow job alerts" });

/** The feed parsed by the browser's own XML parser: its root, entry titles and links, or the parser's error. */
async function parseInBrowser(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const error = doc.getElementsByTagName("parsererror")[0];
    if (error) return { error: error.textContent };
    const ns = "http://www.w3.org/2005/Atom";
    const entries = [...doc.getElementsByTagNameNS(ns, "entry")];
    return {
      root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
      titles: entries.map((entry) => entry.getElementsByTagNameNS(ns, "title")[0]?.textContent),
      links: entries.map((entry) => entry.getElementsByTagNameNS(ns, "link")[0]?.getAttribute("href")),
    };
  }, xml);
}

// Each width runs once, in the project of its kind (the tag: playwright.config.ts).
for (const [width, tag] of [
  [375, "@mobile"],
  [1280, "@desktop"],
] as const) {
  test.describe(`at ${width} px`, { tag }, () => {
    test.use({ viewport: { width, height: 800 } });

    test("/job-alerts links the feeds and the calendar, in the page and its head, the tab's following the tab", async ({
      page,
      baseURL,
    }) => {
      await page.goto("/job-alerts");
      await hydrated(page);
      const follow = followSection(page);
      await expect(follow.getByRole("link", { name: "Follow in a feed reader (every tab)" })).toHaveAttribute(
        "href",
        "/job-alerts/atom.xml",
      );
      await expect(follow.getByRole("link", { name: "Follow Jobs only" })).toHaveAttribute(
        "href",
        "/job-alerts/jobs/atom.xml",
      );
      const host = new URL(baseURL!).host;
      await expect(follow.getByRole("link", { name: "Add to your calendar" })).toHaveAttribute(
        "href",
        `webcal://${host}/job-alerts/calendar.ics`,
      );
      await expect(follow.getByRole("link", { name: "Calendar address (https)" })).toHaveAttribute(
        "href",
        `${baseURL}/job-alerts/calendar.ics`,
      );
      const alternates = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
      await expect(alternates).toHaveCount(2);
      await expect(alternates.nth(0)).toHaveAttribute("href", `${baseURL}/job-alerts/atom.xml`);
      await expect(alternates.nth(1)).toHaveAttribute("href", `${baseURL}/job-alerts/jobs/atom.xml`);

      // Another tab: its own feed, in the page and the head, without a reload.
      await page.getByRole("tab", { name: "Vacancy" }).click();
      await expect(follow.getByRole("link", { name: "Follow Vacancy only" })).toHaveAttribute(
        "href",
        "/job-alerts/vacancy/atom.xml",
      );
      await expect(alternates.nth(1)).toHaveAttribute("href", `${baseURL}/job-alerts/vacancy/atom.xml`);
      await expectNoHorizontalScroll(page);
    });

    test("the feeds download as Atom the browser parses, per tab, and the calendar as text/calendar", async ({
      page,
      request,
    }) => {
      await page.goto("/job-alerts");
      const all = await request.get("/job-alerts/atom.xml");
      expect(all.status()).toBe(200);
      expect(all.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
      const feed = await parseInBrowser(page, await all.text());
      expect(feed).toMatchObject({ root: "http://www.w3.org/2005/Atom feed" });
      expect(feed.titles).toEqual(expect.arrayContaining([expect.stringMatching(closingTitle)]));
      expect(feed.titles?.join("\n")).not.toMatch(/HPCL|Engineers India/);

      // An unchanged feed costs a reader a 304.
      const again = await request.get("/job-alerts/atom.xml", { headers: { "If-None-Match": all.headers().etag! } });
      expect(again.status()).toBe(304);

      const results = await request.get("/job-alerts/results/atom.xml");
      expect(results.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
      const resultsFeed = await parseInBrowser(page, await results.text());
      expect(resultsFeed.titles?.length).toBeGreaterThan(0);
      for (const link of resultsFeed.links ?? []) expect(link).toMatch(/\/job-alerts\?tab=results#alert-\d+$/);
      expect((await request.get("/job-alerts/internships/atom.xml")).status()).toBe(404);

      const calendar = await request.get("/job-alerts/calendar.ics");
      expect(calendar.status()).toBe(200);
      expect(calendar.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      const ics = (await calendar.text()).replace(/\r\n[ \t]/g, "");
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics).toMatch(/\r\nSUMMARY:Last date: ONGC Graduate Trainee Recruitment through GATE \d{4}\r\n/);
      expect(ics).toContain(`DTSTART;VALUE=DATE:${addDays(today, 3).replaceAll("-", "")}\r\n`);
      // The demo's closed alert is no event.
      expect(ics).not.toContain("Engineers India");
    });

    for (const javaScriptEnabled of [true, false]) {
      test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
        test.use({ javaScriptEnabled });

        test("the home page shows what closes within the week, with its badge, and leads to it", async ({ page }) => {
          await page.goto("/");
          const section = page.getByRole("region", { name: "Closing soon" });
          await expect(section).toBeVisible();
          const alert = section.getByRole("link", { name: closingTitle });
          await expect(alert).toHaveCount(1);
          await expect(alert.locator("[data-deadline]")).toHaveText("Closes in 3 days");
          await expect(alert).toContainText(`Last date: ${formatIstDate(addDays(today, 3))}`);
          // The demo's others close in 3 weeks or more, or have no last date.
          await expect(section.getByRole("listitem")).toHaveCount(1);
          await expect(section.getByRole("link", { name: "All job alerts" })).toHaveAttribute("href", "/job-alerts");
          await expectNoHorizontalScroll(page);
          const href = (await alert.getAttribute("href"))!;
          expect(href).toMatch(/^\/job-alerts\?tab=jobs#alert-\d+$/);
          await alert.click();
          await expect(page).toHaveURL((url) => url.pathname + url.search + url.hash === href);
          await expect(page.locator(href.slice(href.indexOf("#")))).toContainText(closingTitle);
        });
      });
    }
  });
}

test(
  "the home page's scripts carry nothing of Closing soon: it is rendered on the server only",
  { tag: "@desktop" },
  async ({ page, request }) => {
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Closing soon" })).toBeVisible();
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="modulepreload"], script[src]')].map(
        (element) => ("href" in element ? element.href : element.src),
      ),
    );
    // The document starts its modules on load, from a list in an inline script (perf/bench/first-load-js.ts).
    const html = await (await request.get("/")).text();
    const listed = /\)\((\["\/assets\/[^\]]*\])/.exec(html)?.[1];
    const urls = [...new Set([...scripts, ...(listed ? (JSON.parse(listed) as string[]) : [])])];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const code = await (await request.get(url)).text();
      expect(code, url).not.toContain("closing-soon-heading");
      expect(code, url).not.toContain("whose last date to apply is within a week");
    }
  },
);
