import { test as base, expect, type Page } from "@playwright/test";

// Unexpected console errors and uncaught page errors fail the test (STYLE §10). A test that
// provokes an error on purpose (a 404 document, say) names it in `allowedConsoleErrors`.
export const test = base.extend<{
  allowedConsoleErrors: RegExp[];
  consoleErrors: string[];
  welcomePopup: boolean;
  hideWelcomePopup: void;
}>({
  allowedConsoleErrors: [[], { option: true }],
  // The home page's welcome popup is a modal shown once per browser session; tests of other
  // things mark it as seen so it never covers the page. Its own tests opt in with
  // `test.use({ welcomePopup: true })`.
  welcomePopup: [false, { option: true }],
  hideWelcomePopup: [
    async ({ page, welcomePopup }, use) => {
      if (!welcomePopup) await page.addInitScript(() => window.sessionStorage.setItem("welcome-popup-seen", "1"));
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      const unexpected = errors.filter((text) => !allowedConsoleErrors.some((pattern) => pattern.test(text)));
      expect(unexpected, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The page must not scroll sideways (360 px phones). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}
