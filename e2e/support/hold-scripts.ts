import type { Page } from "@playwright/test";

/**
 * Holds the page's scripts (/assets/*.js) until `release()`: the visitor acts on the server's HTML
 * as on a slow phone whose scripts have not run yet, whatever this machine's speed (issue 50).
 */
export async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
