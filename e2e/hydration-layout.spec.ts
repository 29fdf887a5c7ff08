import type { Page } from "@playwright/test";
import { hydrated } from "./support/axe";
import { holdScripts } from "./support/hold-scripts";
import { expect, test } from "./support/fixtures";
import { publicAddresses } from "./support/pages";

// Nothing moves when a page's scripts take over (issue 47): a visitor on a slow phone scrolls and
// taps long before they do, and a page that got shorter or taller at hydration moved the control
// under the finger, so that the tap ended elsewhere and was lost (the exam's Save & Next did, until
// 56d26fb). Each public page with scripts is read at its end, where a page that gets shorter moves most: the
// scroll position, the page's height and where each control of the page's content is.

async function layout(page: Page) {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll("main :is(a, button, input, select, textarea, summary)")];
    return {
      scrollY: Math.round(window.scrollY),
      height: document.documentElement.scrollHeight,
      controls: controls.flatMap((control) => {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.bottom < 0 || box.top > window.innerHeight) return [];
        const name = control.getAttribute("aria-label") ?? control.textContent?.trim() ?? "";
        return [`${name.slice(0, 30)} at ${Math.round(box.left)},${Math.round(box.top)}`];
      }),
    };
  });
}

for (const address of publicAddresses)
  test(`${address}: the page stays put as its scripts start`, async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(address);
    // A page that ships no JavaScript (issue 28) has nothing to take it over: it has no router context.
    if (!(await page.evaluate(() => "__reactRouterContext" in window))) {
      await expect(page.locator("script[src], link[rel=modulepreload]")).toHaveCount(0);
      return;
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Sections below the fold are laid out as they come into view (content-visibility): let them.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForTimeout(200);
    const before = await layout(page);
    release();
    await hydrated(page);
    expect(await layout(page)).toEqual(before);
  });
