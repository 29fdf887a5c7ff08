import type { Browser, BrowserContextOptions, Locator, Page } from "@playwright/test";
import { adminSection } from "../app/lib/admin/sections";
import { contactMessages } from "../app/lib/forms/contact-messages";
import { nextGateYear } from "../app/core/gate-cycle";
import { addDays, istDate } from "../app/core/ist";
import { adminTest as test } from "./support/admin-session";
import { expectNoViolations, hydrated } from "./support/axe";
import { expect } from "./support/fixtures";

// The purchase toast in Chromium (issues 25 and 44): only the purchases staff entered, never one
// older than 30 days, each saying when; on every public page, those without JavaScript and a
// browser without it included; first at 5 s, then each 15–20 s after the one before, for 5 s; a
// visitor can stop it; and at 360 px neither it nor the WhatsApp button covers the contact form or
// a dialog. The cycle is CSS animations, which Playwright's clock does not drive: the tests read
// each toast's animation timing and seek the animations (Element.getAnimations()). Admin pages are
// signed in (adminTest); visitors are fresh anonymous contexts. With the toasts switched off a page
// has none: e2e/admin-managers.spec.ts (its own server), and without entries the layout's loader
// gives none (tests/integration/purchase-entries.test.ts).

const PATH = adminSection("purchase-toasts").path;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const container = (page: Page) => page.locator("#purchase-toasts");
/** The toasts, in the page's order (newest purchase first). */
const toasts = (page: Page) => container(page).locator("> div");
const stopBoxes = (page: Page) => page.getByRole("checkbox", { name: "Stop purchase notifications" });
const whatsapp = (page: Page) => page.getByRole("link", { name: "Chat on WhatsApp" });

/** An anonymous visitor's page in a context of its own; its console errors (a refused style) fail the test. */
async function visitor(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  if (options.javaScriptEnabled !== false)
    await page.addInitScript(() => window.sessionStorage.setItem("welcome-popup-seen", "1"));
  return {
    page,
    async close() {
      await context.close();
      expect(errors, "console errors on the visitor's page").toEqual([]);
    },
  };
}

/** Each toast's animation as the page runs it: its delay (first start) and the cycle's period, in ms. */
function timings(page: Page) {
  return toasts(page).evaluateAll((elements) =>
    elements.map((element) => {
      const animations = element.getAnimations();
      const timing = animations[0]?.effect?.getTiming();
      return { count: animations.length, delay: Number(timing?.delay), period: Number(timing?.duration) };
    }),
  );
}

/**
 * Moves every toast's animation to `ms` after the page showed, all alike; `hold` stops them there.
 * A test of CSS's own pause (hover, focus) seeks without it: once a script pauses an animation,
 * animation-play-state no longer moves it.
 */
async function seek(page: Page, ms: number, { hold = true } = {}) {
  await toasts(page).evaluateAll(
    (elements, [at, stop]) => {
      for (const animation of elements.flatMap((element) => element.getAnimations())) {
        if (stop) animation.pause();
        animation.currentTime = at;
      }
    },
    [ms, hold] as const,
  );
}

/** Which toasts are visible: their indexes. */
async function visibleToasts(page: Page) {
  const shown: number[] = [];
  const all = await toasts(page).all();
  for (const [i, toast] of all.entries()) if (await toast.isVisible()) shown.push(i);
  return shown;
}

/** The cycle as the page runs it: the first at 5 s, each next 15–20 s later, one period for all. */
async function expectSpecTiming(page: Page) {
  const list = await timings(page);
  expect(list.length).toBeGreaterThan(0);
  expect(list.map((t) => t.count)).toEqual(list.map(() => 1));
  expect(list[0]!.delay).toBe(5_000);
  const period = list[0]!.period;
  for (const t of list) expect(t.period).toBe(period);
  // Start to start, the last back round to the first of the next cycle.
  const gaps = list.map((t, i) => (list[i + 1]?.delay ?? 5_000 + period) - t.delay);
  for (const gap of gaps) expect(gap >= 15_000 && gap <= 20_000, `gap of ${gap} ms`).toBe(true);
  return list;
}

async function addPurchase(page: Page, entry: { buyer: string; city: string; product: string; date: string }) {
  await page.goto(`${PATH}?new=1`);
  await hydrated(page);
  // The add form's fields, not the list's sort headings of the same names (issue 48).
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Create", exact: true }) });
  await form.getByLabel("Buyer's first name").fill(entry.buyer);
  await form.getByLabel("City").fill(entry.city);
  await form.getByLabel("Product bought").fill(entry.product);
  await form.getByLabel(/Date of purchase/).fill(entry.date);
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Purchase entry created successfully")).toBeVisible();
}

test.describe("purchase toast", () => {
  // The refused add form answers 400, as it should.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("a purchase staff enter shows on every public page, with and without JavaScript, on the spec's timing; an older one never @desktop", async ({
    page,
    browser,
  }) => {
    // Two admin forms, four pages and four axe scans, beside the other worker on a 2-core machine.
    test.slow();
    const today = istDate();
    const recent = `Meera${unique()}`;
    const old = `Gopal${unique()}`;
    await addPurchase(page, { buyer: recent, city: "Kochi", product: "GATE 2026 Test Series", date: today });
    await addPurchase(page, {
      buyer: old,
      city: "Nagpur",
      product: "IOCL-2025 Test Series",
      date: addDays(today, -31),
    });
    // Staff see which entries visitors still get.
    const rowOf = (name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
    await expect(rowOf(recent)).toContainText("today");
    await expect(rowOf(old)).toContainText("Older than 30 days: no longer shown");
    await expectNoViolations(page, "the manager's list");
    await page.goto(`${PATH}?new=1`);
    // Hydrated: before that the fields' `required` lets the browser refuse the empty form with its
    // own bubble, which is not in the page.
    await hydrated(page);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Buyer's first name is required")).toBeVisible();
    await expectNoViolations(page, "a refused add form");

    const mine = `${recent} from Kochi purchased GATE 2026 Test Series today`;
    // The home page and the job alerts ship JavaScript, the FAQs none (issue 28); the courses in
    // a browser with JavaScript off.
    for (const [path, options] of [
      ["/", {}],
      ["/faqs", {}],
      ["/job-alerts", {}],
      ["/courses", { javaScriptEnabled: false }],
    ] as const) {
      const { page: home, close } = await visitor(browser, options);
      await home.goto(path);
      // Without JavaScript nothing hydrates, nor runs a callback to say so.
      if (options.javaScriptEnabled !== false) await hydrated(home);
      const list = await expectSpecTiming(home);
      const texts = (await toasts(home).allTextContents()).map((text) => text.replace(/\s+/g, " ").trim());
      // Newest first: a purchase of today comes first (the other project's run of this test may
      // have added its own since), every one says when, and the old one is not in the page at all.
      expect(texts[0], path).toMatch(/ purchased .+ today$/);
      for (const text of texts) expect(text).toMatch(/^.+ from .+ purchased .+ (today|yesterday|\d+ days ago)$/);
      expect(texts.some((text) => text.includes(old))).toBe(false);
      const at = texts.indexOf(mine);
      expect(at, `${path}: ${texts.join(" | ")}`).toBeGreaterThanOrEqual(0);

      // Nothing before 5 s; at 5.1 s the first and only the first.
      await seek(home, 4_900);
      expect(await visibleToasts(home)).toEqual([]);
      await seek(home, 5_100);
      expect(await visibleToasts(home)).toEqual([0]);
      // The new purchase when its turn comes, for 5 s, alone; and again a period later.
      const { delay, period } = list[at]!;
      for (const start of [delay, delay + period]) {
        await seek(home, start + 1_000);
        expect(await visibleToasts(home)).toEqual([at]);
        await expect(toasts(home).nth(at)).toHaveText(mine);
        await seek(home, start + 4_900);
        expect(await visibleToasts(home)).toEqual([at]);
        await seek(home, start + 5_100);
        expect(await visibleToasts(home)).toEqual([]);
      }
      if (path === "/") {
        // The demo's sample buyers are dated within the last 30 days.
        expect(
          texts.some((line) =>
            new RegExp(
              `^Aditya from Pune purchased GATE ${nextGateYear(istDate())} Test Series (yesterday|\\d+ days ago)$`,
            ).test(line),
          ),
        ).toBe(true);
      }
      // The toast never takes focus, and passes axe while it shows.
      await seek(home, delay + 1_000);
      expect(await home.evaluate(() => document.activeElement?.closest("#purchase-toasts") ?? null)).toBeNull();
      // (axe needs JavaScript in the page: the no-JavaScript markup is the FAQs' own.)
      if (options.javaScriptEnabled !== false) await expectNoViolations(home, `${path}: a toast showing`);
      await close();
    }
  });

  test("a visitor stops it with the X, by mouse or keyboard; with JavaScript it stays stopped on the next page @desktop", async ({
    browser,
  }) => {
    // Without JavaScript: the X stops it on this page.
    const plain = await visitor(browser, { javaScriptEnabled: false });
    await plain.page.goto("/faqs");
    const [first, second] = await expectSpecTiming(plain.page);
    await seek(plain.page, 6_000);
    await toasts(plain.page).first().locator("label").click();
    await expect(container(plain.page)).toBeHidden();
    await seek(plain.page, second ? second.delay + 1_000 : first!.delay + first!.period + 1_000);
    await expect(container(plain.page)).toBeHidden();
    await plain.close();

    // With JavaScript, by keyboard: the focused checkbox shows its ring on the X, Space stops it.
    const { page, close } = await visitor(browser);
    await page.goto("/");
    await hydrated(page);
    // Running (a hold would take the animations from CSS's pause on focus).
    await seek(page, 6_000, { hold: false });
    // The toast is the page's last stop: Shift+Tab from the page itself reaches its checkbox.
    await page.keyboard.press("Shift+Tab");
    const box = stopBoxes(page).first();
    await expect(box).toBeFocused();
    const ring = await toasts(page)
      .first()
      .locator("label")
      .evaluate((label) => {
        const style = getComputedStyle(label);
        return { style: style.outlineStyle, width: style.outlineWidth };
      });
    expect(ring).toEqual({ style: "solid", width: "2px" });
    // While it has focus the whole cycle waits: the toast stays.
    expect(
      new Set(await toasts(page).evaluateAll((elements) => elements.map((e) => e.getAnimations()[0]?.playState))),
    ).toEqual(new Set(["paused"]));
    await page.keyboard.press("Space");
    await expect(container(page)).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem("purchase-toasts-dismissed"))).toBe("1");

    // The next page of the visit has none, once its scripts run.
    await page.goto("/contact");
    await hydrated(page);
    await expect(container(page)).toHaveCount(0);
    await close();
  });

  test("a visitor's form sent without a reload leaves the toast and its cycle as they were @desktop", async ({
    browser,
  }) => {
    const { page, close } = await visitor(browser);
    // A page from the shared cache, whose policy allows its inline styles by their hashes only.
    await page.goto("/contact");
    await hydrated(page);
    const before = await timings(page);
    const form = page.getByRole("main").locator("form");
    await form.getByRole("textbox", { name: "Name" }).fill(`Toast ${unique()}`);
    await form.getByRole("textbox", { name: "Email" }).fill("toast@example.com");
    await form.getByRole("textbox", { name: "Phone" }).fill("+91 98765 43210");
    await form.getByRole("textbox", { name: "Message" }).fill("Does the cycle stay?");
    await form.getByRole("button", { name: contactMessages.submit }).click();
    await expect(page.getByText(contactMessages.success).first()).toBeVisible();
    // Out of the form, where the toast steps aside (its cycle then starts anew: compare timings only).
    await page.locator("body").click({ position: { x: 5, y: 100 } });
    expect(await timings(page)).toEqual(before);
    // close() fails on a refused style.
    await close();
  });

  test("hovering a toast holds the whole cycle until the pointer leaves @desktop", async ({ browser }) => {
    const { page, close } = await visitor(browser);
    await page.goto("/faqs");
    await seek(page, 6_000, { hold: false });
    const states = () =>
      toasts(page).evaluateAll((elements) =>
        elements.map((e) => {
          const animation = e.getAnimations()[0]!;
          return { state: animation.playState, at: Number(animation.currentTime) };
        }),
      );
    await toasts(page).first().hover();
    const held = await states();
    expect(new Set(held.map((s) => s.state))).toEqual(new Set(["paused"]));
    // In step: they all stand at the same moment of the cycle, and stay there.
    expect(new Set(held.map((s) => s.at)).size).toBe(1);
    await page.waitForTimeout(300);
    expect(await states()).toEqual(held);
    await page.mouse.move(640, 100);
    await expect.poll(async () => new Set((await states()).map((s) => s.state))).toEqual(new Set(["running"]));
    await close();
  });

  test("with reduced motion a toast appears and goes without fading or sliding, on the same timing @desktop", async ({
    browser,
  }) => {
    const { page, close } = await visitor(browser, { reducedMotion: "reduce" });
    await page.goto("/faqs");
    // The site cuts every animation short there (app.css): the cycle's timing is kept all the same.
    const list = await expectSpecTiming(page);
    const look = () =>
      toasts(page)
        .first()
        .evaluate((toast) => {
          const style = getComputedStyle(toast);
          return { visibility: style.visibility, opacity: style.opacity, translate: style.translate };
        });
    await seek(page, 5_010);
    expect(await look()).toEqual({ visibility: "visible", opacity: "1", translate: "none" });
    await seek(page, 9_990);
    expect(await look()).toEqual({ visibility: "visible", opacity: "1", translate: "none" });
    await seek(page, 10_010);
    expect((await look()).visibility).toBe("hidden");
    await seek(page, 5_000 + list[0]!.period + 10);
    expect(await look()).toEqual({ visibility: "visible", opacity: "1", translate: "none" });
    await close();
  });

  test("at 360 px neither the toast nor the WhatsApp button covers the contact form or an open dialog @mobile", async ({
    browser,
  }) => {
    const { page: home, close } = await visitor(browser, { viewport: { width: 360, height: 640 } });
    await home.goto("/");
    await hydrated(home);
    await seek(home, 6_000);
    await expect(toasts(home).first()).toBeVisible();
    await expect(whatsapp(home)).toBeVisible();
    // Compact, and within the screen: well under a sixth of it (the old box took about that with
    // the button), clear of the button beside it.
    const box = (await toasts(home).first().boundingBox())!;
    expect(box.width * box.height).toBeLessThan((360 * 640) / 10);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual((await whatsapp(home).boundingBox())!.x);

    const form = home.locator("form").filter({ has: home.getByRole("button", { name: contactMessages.submit }) });
    const targets: Locator[] = [
      form.getByRole("textbox", { name: "Name" }),
      form.getByRole("textbox", { name: "Email" }),
      form.getByRole("textbox", { name: "Phone" }),
      form.getByRole("textbox", { name: "Message" }),
      form.getByRole("button", { name: contactMessages.submit }),
    ];
    // A visitor filling the form: the toast steps aside, and each field and the submit button,
    // scrolled to the bottom edge of the screen where the floating widgets sit, is uncovered.
    await targets[0]!.click();
    await expect(container(home)).toBeHidden();
    for (const target of targets) {
      await target.focus();
      await target.evaluate((el) => el.scrollIntoView({ block: "end" }));
      await expectUncovered(home, target);
    }

    // Scrolled under the widgets with no field focused: the submit button is still uncovered.
    await home.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const submit = targets.at(-1)!;
    await submit.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await expect(home.locator("body")).toHaveAttribute("data-form-under-widgets");
    await expectUncovered(home, submit);

    // An open dialog: the toast steps aside again.
    await home.keyboard.press("Escape");
    await home.evaluate(() => window.scrollTo(0, 0));
    // Back in place, its cycle begun anew (it was out of the page's layout): seek it again.
    await expect(home.locator("body")).not.toHaveAttribute("data-form-under-widgets");
    await expect(container(home)).toBeVisible();
    await seek(home, 6_000);
    await expect(toasts(home).first()).toBeVisible();
    await home.getByRole("button", { name: "Add your testimonial" }).click();
    const dialog = home.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(container(home)).toBeHidden();
    await seek(home, 6_000);
    await expect(container(home)).toBeHidden();
    await expectUncovered(home, dialog);
    await close();
  });
});

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The toasts and the WhatsApp button are hidden, or clear of `target`. */
async function expectUncovered(page: Page, target: Locator) {
  const area = await target.boundingBox();
  expect(area).not.toBeNull();
  const widgets = [
    ...(await toasts(page).all()).map((toast) => ["a purchase toast", toast] as const),
    ["the WhatsApp button", whatsapp(page)] as const,
  ];
  for (const [name, widget] of widgets) {
    if (!(await widget.isVisible())) continue;
    const box = await widget.boundingBox();
    if (box) expect(overlaps(box, area!), `${name} covers the target`).toBe(false);
  }
}
