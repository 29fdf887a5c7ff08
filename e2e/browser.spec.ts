import { disabledFeatures, PLAYWRIGHT_DISABLED_FEATURES } from "../support/chromium";
import { expect, test } from "./support/fixtures";

// The test browser itself (support/chromium.ts): our --disable-features switch replaces
// Playwright's, so it must carry Playwright's list, and it keeps the omnibox popup's WebUI from
// being preloaded beside every page under test.
test("the test browser keeps Playwright's switched-off features and preloads no omnibox popup", async ({
  browser,
  page,
}) => {
  // The browser's command line as chrome://version shows it (the protocol gives it only to a
  // browser started with --enable-automation, which Playwright's is not).
  await page.goto("chrome://version");
  const args = ((await page.locator("#command_line").textContent()) ?? "").split(/\s+/);
  // Playwright's own switch comes first: when its list changes, support/chromium.ts must follow.
  expect(disabledFeatures(args.filter((arg) => arg.startsWith("--disable-features=")).slice(0, 1))).toEqual(
    PLAYWRIGHT_DISABLED_FEATURES,
  );
  // Ours comes last, the one Chromium reads.
  expect(disabledFeatures(args)).toEqual(
    expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]),
  );
  await page.goto("/faqs");
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send("Target.getTargets");
  expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith("chrome://omnibox-popup"))).toEqual([]);
  await session.detach();
});
