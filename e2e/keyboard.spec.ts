import type { Locator, Page } from "@playwright/test";
import { adminTest } from "./support/admin-session";
import { hydrated, open } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { holdScripts } from "./support/hold-scripts";

// Keyboard use and the WAI-ARIA Authoring Practices patterns (issue 6, Accessibility), public and
// admin. Already proved elsewhere, and not repeated here: the job-alert tabs' arrow keys, Home and
// End (content-pages.spec.ts); the free-test accordions opening with Enter (content-pages); the
// hero's rotation control coming first, its buttons working from the keyboard, and no autoplay for
// reduced motion (home.spec.ts); the booking dialog moving focus in, closing on Escape and giving
// focus back (visitor-forms.spec.ts); the welcome popup's focus and Escape (home.spec.ts); the
// admin delete dialog starting on Cancel and giving focus back after Cancel (admin-managers.spec.ts).

/** Describes the focused element for a failure message; null when focus is outside the page. */
function focusedElement() {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body) return null;
  const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ");
  // A visually hidden input (a rating star) draws its focus on its label.
  const label = element.closest("label");
  const styles = [getComputedStyle(element), ...(label ? [getComputedStyle(label)] : [])];
  return {
    stop: element.getAttribute("data-tab-stop"),
    name: `${element.tagName.toLowerCase()} "${name.slice(0, 50)}"`,
    focusVisible:
      // A date input's calendar button is focused inside the input, whose ring then shows it.
      (element.matches(":focus-visible") || element.matches('input[type="date"]:focus-within')) &&
      styles.some(
        (style) =>
          style.outlineStyle !== "none" &&
          parseFloat(style.outlineWidth) > 0 &&
          !/rgba\(.*, 0\)$|transparent/.test(style.outlineColor),
      ),
  };
}

/**
 * Marks every control a keyboard user must be able to reach (shown, enabled, not inert, not
 * taken out of the Tab order; a radio group once) and returns their names.
 */
function markTabStops() {
  const candidates = document.querySelectorAll<HTMLElement>(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [tabindex]',
  );
  const stops = Array.from(candidates).filter((element) => {
    if (element.tabIndex < 0 || element.matches(":disabled")) return false;
    if (element.closest("[inert], dialog:not([open])")) return false;
    if (!element.checkVisibility({ visibilityProperty: true })) return false;
    if (element instanceof HTMLInputElement && element.type === "radio" && element.name) {
      const group = Array.from(
        document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${element.name}"]`),
      );
      return element === (group.find((radio) => radio.checked) ?? group[0]);
    }
    return true;
  });
  return stops.map((element, i) => {
    element.setAttribute("data-tab-stop", String(i));
    return `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 50)}"`;
  });
}

/**
 * Tabs through the whole page until focus comes back to where it started. Every control must be
 * reached, each showing a visible focus indicator, and nothing may hold focus (a keyboard trap
 * would keep Tab from ever getting back to the start).
 */
async function tabThroughPage(page: Page) {
  const expected = await page.evaluate(markTabStops);
  expect(expected.length, "controls on the page").toBeGreaterThan(5);
  const reached = new Set<string>();
  const withoutFocusIndicator: string[] = [];
  let first: string | null = null;
  let cycled = false;
  for (let presses = 0; presses < expected.length * 2 + 10; presses++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(focusedElement);
    if (!focused) continue; // The browser's own controls, between the end of the page and its start.
    const key = focused.stop ?? focused.name;
    if (key === first) {
      cycled = true;
      break;
    }
    first ??= key;
    reached.add(key);
    if (!focused.focusVisible) withoutFocusIndicator.push(focused.name);
  }
  expect(cycled, "Tab comes back to the first control (no keyboard trap)").toBe(true);
  const missed = expected.filter((_, i) => !reached.has(String(i)));
  expect(missed, "controls Tab never reached").toEqual([]);
  expect(withoutFocusIndicator, "controls focused without a visible indicator").toEqual([]);
}

/**
 * Tab and Shift+Tab, round the dialog and more, never put focus on the page behind it. Past the
 * last control focus may visit the browser's own controls (a native modal <dialog>), never the page.
 */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const stops = await dialog.evaluate(
    (element) =>
      Array.from(element.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")).filter(
        (control) => control.tabIndex >= 0 && !control.matches(":disabled") && control.checkVisibility(),
      ).length,
  );
  expect(stops).toBeGreaterThan(0);
  for (const key of ["Tab", "Shift+Tab"]) {
    const outside: string[] = [];
    let inside = 0;
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press(key);
      const where = await dialog.evaluate((element) => {
        const active = document.activeElement;
        if (!active || active === document.body) return "browser";
        return element.contains(active) ? "inside" : `${active.tagName} ${active.textContent?.trim().slice(0, 40)}`;
      });
      if (where === "inside") inside++;
      else if (where !== "browser") outside.push(where);
    }
    expect(outside, `${key}: focus on the page behind the dialog`).toEqual([]);
    expect(inside, `${key}: focus stays in the dialog`).toBeGreaterThanOrEqual(stops);
  }
  await expect(dialog).toBeVisible();
}

/** Chromium's accessibility node for the element: the role, name and state assistive technology gets. */
async function accessibilityNode(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument");
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    const node = nodes[0];
    return {
      role: node?.role?.value,
      name: node?.name?.value,
      expanded: node?.properties?.find((property) => property.name === "expanded")?.value.value,
    };
  } finally {
    await cdp.detach();
  }
}

/**
 * The longest CSS transition or animation on the page (pseudo-elements too), in seconds. An
 * animation whose keyframes (as the page's media select them) only switch visibility moves
 * nothing: it is a timer (the purchase toast's cycle, which shows one toast and later the next,
 * issue 44), not motion.
 */
function longestMotion(page: Page) {
  return page.evaluate(() => {
    const timers = new Set<string>();
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSKeyframesRule) {
          // The last definition of a name is the one in force.
          const onlyVisibility = [...rule.cssRules].every((frame) =>
            [...(frame as CSSKeyframeRule).style].every((property) => property === "visibility"),
          );
          if (onlyVisibility) timers.add(rule.name);
          else timers.delete(rule.name);
        } else if (rule instanceof CSSMediaRule) {
          if (matchMedia(rule.conditionText).matches) visit(rule.cssRules);
        } else if (rule instanceof CSSGroupingRule) visit(rule.cssRules);
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules);
    let longest = 0;
    for (const element of document.querySelectorAll("*")) {
      for (const pseudo of [null, "::before", "::after"]) {
        const style = getComputedStyle(element, pseudo);
        const names = style.animationName.split(",").map((name) => name.trim());
        const animations = style.animationDuration.split(",").filter((_, i) => !timers.has(names[i] ?? ""));
        const durations = [...style.transitionDuration.split(","), ...animations];
        longest = Math.max(longest, ...durations.map((part) => parseFloat(part) || 0));
      }
    }
    return longest;
  });
}

test.describe("Tab order and visible focus", () => {
  test.beforeEach(async ({ page }) => {
    // The purchase toast comes and goes on a timer, and its X is a Tab stop only while a toast
    // shows (e2e/purchase-toast.spec.ts): stopped for the visit, it leaves the page once hydrated.
    await page.addInitScript(() => window.sessionStorage.setItem("purchase-toasts-dismissed", "1"));
  });

  test("the home page: every control is reached, shows its focus, and Tab gets back out", async ({ page }) => {
    await open(page, "/");
    await tabThroughPage(page);
  });

  test("the first Tab stop skips to the content", async ({ page }) => {
    await open(page, "/courses");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });
});

adminTest.describe("Tab order and visible focus in the admin panel", () => {
  adminTest("a manager with its form open: every control is reached and shows its focus", async ({ page }) => {
    await open(page, "/admin?new=1");
    await expect(page.getByRole("region", { name: "Add job alert" })).toBeVisible();
    await tabThroughPage(page);
  });

  adminTest("the first Tab stop skips the menu to the section", async ({ page }) => {
    await open(page, "/admin/ebooks");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Add E-Book" })).toBeFocused();
  });
});

test.describe("dialogs keep focus inside and give it back", () => {
  test("the booking dialog", async ({ page }) => {
    await open(page, "/post-gate-guidance");
    await page.getByRole("button", { name: "Book 1:1 Session (Career Guidance)" }).click();
    await expectFocusTrapped(page, page.getByRole("dialog", { name: "Book 1:1 Session" }));
  });

  // Issue 50: before the scripts run the button is a link to the dialog, shown by :target.
  test("the booking dialog before the scripts have run: Enter opens it, Tab goes in, its X goes back", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/post-gate-guidance");
    const link = page.getByRole("link", { name: "Book 1:1 Session (Career Guidance)" });
    await link.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Book 1:1 Session" });
    await expect(dialog).toBeVisible();
    // The fragment moved the Tab order's starting point to the dialog: its X comes first, then the form.
    await page.keyboard.press("Tab");
    const close = dialog.getByRole("link", { name: "Close" });
    await expect(close).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    // Back at the button: the next Tab leaves it for what follows it in the page.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    release();
  });

  test("the testimonial dialog: focus in, trapped, Escape closes, focus back on its button", async ({ page }) => {
    await open(page, "/");
    const add = page.getByRole("button", { name: "Add your testimonial" });
    await add.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Share Your Experience" });
    await expect(dialog.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
  });

  test.describe(() => {
    test.use({ welcomePopup: true });
    test("the welcome popup", async ({ page }) => {
      await open(page, "/");
      const popup = page.getByRole("dialog", { name: "Welcome to GATE CH Preparation" });
      await expect(popup.getByRole("button", { name: "Close" })).toBeFocused();
      await expectFocusTrapped(page, popup);
    });
  });

  test(
    "the menu on a phone: trapped, Escape closes, focus back on the menu button",
    { tag: "@mobile" },
    async ({ page }) => {
      // The scripted menu, on a page with scripts (/courses ships none, issue 28).
      await open(page, "/job-alerts");
      const menuButton = page.getByRole("button", { name: "Open menu" });
      await menuButton.click();
      const menu = page.getByRole("dialog", { name: "Main menu" });
      await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();
      await expectFocusTrapped(page, menu);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(menuButton).toBeFocused();
    },
  );
});

adminTest.describe("admin dialogs keep focus inside and give it back", () => {
  adminTest("the delete confirmation: trapped, Escape cancels, focus back on Delete", async ({ page }) => {
    await open(page, "/admin/ebooks");
    const table = page.getByRole("region", { name: "E-books table" });
    const rows = await table.getByRole("row").count();
    const remove = table.getByRole("button", { name: /^Delete / }).first();
    await remove.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(table.getByRole("row")).toHaveCount(rows);
  });

  adminTest("the welcome popup preview: focus in, trapped, Escape closes, focus back on Preview", async ({ page }) => {
    await open(page, "/admin/welcome-popup");
    const preview = page.getByRole("button", { name: "Preview" });
    await preview.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(preview).toBeFocused();
  });
});

test.describe("carousels (WAI-ARIA carousel pattern)", () => {
  // The demo's two featured products fit a desktop's three per view, so that carousel has nothing
  // to turn there and shows no controls: its controls are checked at a phone's one per view.
  const carousels: [name: string, tag: string[]][] = [
    ["Featured offers", []],
    ["Featured Courses", ["@mobile"]],
  ];
  for (const [name, tag] of carousels) {
    test(`${name}: slides, labelled controls, and a live region silent while it turns`, { tag }, async ({ page }) => {
      await open(page, "/");
      const carousel = page.getByRole("region", { name });
      await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
      const slides = carousel.getByRole("group");
      const count = await slides.count();
      expect(count).toBeGreaterThan(1);
      for (let n = 1; n <= count; n++) {
        const slide = carousel.getByRole("group", { name: `${n} of ${count}`, exact: true });
        await expect(slide).toHaveAttribute("aria-roledescription", "slide");
      }

      // Rotation control, then previous and next, each named; the buttons control the slides.
      const rotation = carousel.getByRole("button", { name: "Stop automatic slide show" });
      const previous = carousel.getByRole("button", { name: "Previous slide" });
      const next = carousel.getByRole("button", { name: "Next slide" });
      for (const control of [rotation, previous, next]) await expect(control).toBeEnabled();
      const track = await next.getAttribute("aria-controls");
      expect(track).toBeTruthy();
      await expect(previous).toHaveAttribute("aria-controls", track!);
      await expect(page.locator(`[id="${track}"]`).getByRole("group")).toHaveCount(count);

      // Turning by itself: the live region is off, so nothing is read out every five seconds.
      const live = carousel.locator("[aria-live]");
      await page.mouse.move(0, 0);
      await expect(live).toHaveAttribute("aria-live", "off");
      // Stopped, or in the visitor's hands: what they move to is announced.
      await rotation.focus();
      await page.keyboard.press("Enter");
      await expect(carousel.getByRole("button", { name: "Start automatic slide show" })).toBeFocused();
      await expect(live).toHaveAttribute("aria-live", "polite");
      await next.focus();
      await page.keyboard.press("Enter");
      await expect(live).toHaveText(`Slide 2 of ${count}`);
      // Played again, and the pointer gone: silent again.
      await carousel.getByRole("button", { name: "Start automatic slide show" }).click();
      await page.mouse.move(0, 0);
      await expect(live).toHaveAttribute("aria-live", "off");
    });
  }
});

test.describe("accordions", () => {
  test("FAQs: each question is a native disclosure, opened and closed with Enter and Space", async ({ page }) => {
    await open(page, "/faqs");
    const items = page.locator("main details");
    const second = items.nth(1);
    const summary = second.locator("summary");
    const answer = second.locator("p");
    await expect(answer).toBeHidden();
    // What a screen reader is given: a disclosure button, named by the question, with its state.
    // (Chromium names the role of an exclusive accordion's summary DisclosureTriangleGrouped.)
    await expect
      .poll(() => accessibilityNode(page, "main details:nth-of-type(2) > summary"))
      .toEqual({
        role: expect.stringMatching(/^DisclosureTriangle/),
        name: (await summary.textContent())!.trim(),
        expanded: false,
      });
    await summary.focus();
    await expect(summary).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("open", "");
    await expect(answer).toBeVisible();
    await expect
      .poll(async () => (await accessibilityNode(page, "main details:nth-of-type(2) > summary")).expanded)
      .toBe(true);
    // One open at a time (spec §2): the first closed as the second opened.
    await expect(items.first()).not.toHaveAttribute("open");
    await page.keyboard.press("Space");
    await expect(second).not.toHaveAttribute("open");
    await expect(answer).toBeHidden();
  });
});

test.describe("reduced motion", () => {
  test("without the setting, the pages do have transitions (the check below can fail)", async ({ page }) => {
    await open(page, "/faqs");
    expect(await longestMotion(page)).toBeGreaterThanOrEqual(0.15);
  });

  test.describe(() => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
    });

    for (const path of ["/", "/faqs"]) {
      test(`${path}: transitions and animations are cut to nothing`, async ({ page }) => {
        await open(page, path);
        expect(await longestMotion(page)).toBeLessThanOrEqual(0.001);
      });
    }

    test("every carousel starts stopped, and Next moves at once, without a smooth scroll", async ({
      page,
      isMobile,
    }) => {
      await open(page, "/");
      // On a desktop the two featured products fit in one view: that carousel has no controls.
      const turning = ["Featured offers", ...(isMobile ? ["Featured Courses"] : []), "What Our Students Say"];
      for (const name of turning) {
        const carousel = page.getByRole("region", { name, exact: true });
        await expect(carousel.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
      }
      const hero = page.getByRole("region", { name: "Featured offers" });
      const jump = await hero.evaluate((region) => {
        const next = region.querySelector<HTMLButtonElement>('button[aria-label="Next slide"]')!;
        const track = document.getElementById(next.getAttribute("aria-controls")!)!;
        const second = track.children[1] as HTMLElement;
        next.click();
        // Read in the same task as the click: a smooth scroll would not have moved yet.
        return {
          scrolled: track.scrollLeft,
          target: second.offsetLeft - (track.children[0] as HTMLElement).offsetLeft,
        };
      });
      expect(jump.target).toBeGreaterThan(0);
      expect(Math.abs(jump.scrolled - jump.target)).toBeLessThanOrEqual(2);
    });

    test("the menu on a phone opens without sliding", { tag: "@mobile" }, async ({ page }) => {
      await open(page, "/job-alerts");
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog", { name: "Main menu" })).toBeVisible();
      expect(await longestMotion(page)).toBeLessThanOrEqual(0.001);
    });
  });

  adminTest.describe(() => {
    adminTest.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
    });
    adminTest("the admin panel: transitions and animations are cut to nothing", async ({ page }) => {
      await open(page, "/admin");
      await hydrated(page);
      expect(await longestMotion(page)).toBeLessThanOrEqual(0.001);
    });
  });
});
