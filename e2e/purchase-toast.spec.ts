import type { Locator, Page } from "@playwright/test";
import { adminSection } from "../app/lib/admin/sections";
import { contactMessages } from "../app/lib/forms/contact-messages";
import { nextGateYear } from "../app/core/gate-cycle";
import { addDays, istDate } from "../app/core/ist";
import { adminTest as test } from "./support/admin-session";
import { expectNoViolations, hydrated } from "./support/axe";
import { expect } from "./support/fixtures";

// True social proof (issue 25) in Chromium: the purchase toast shows only the purchases staff
// entered, never one older than 30 days, each saying when; with none, no toast (and no toast code);
// and at 360 px neither the toast nor the WhatsApp button covers the contact form or a dialog.
// The toast's timers run on Playwright's clock, so a whole cycle takes no real time. Admin pages
// are signed in (adminTest); visitors are fresh anonymous contexts.

const PATH = adminSection("purchase-toasts").path;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const toast = (page: Page) => page.getByRole("status").filter({ hasText: "purchased" });
const whatsapp = (page: Page) => page.getByRole("link", { name: "Chat on WhatsApp" });

interface Entry {
  name: string;
  city: string;
  product: string;
  daysAgo: number;
}

/** Moves the page's clock on in 250 ms steps until `event` has happened (10 s at most). */
async function runClockUntil<T>(page: Page, event: Promise<T>): Promise<T> {
  const state = { done: false };
  event.then(
    () => (state.done = true),
    () => (state.done = true),
  );
  for (let step = 0; step < 40; step++) {
    if (state.done) break;
    await page.clock.runFor(250);
  }
  return event;
}

/** An anonymous visitor on `/` with the toast's clock under the test's control. */
async function visitor(page: Page, viewport = { width: 1280, height: 800 }) {
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport, storageState: { cookies: [], origins: [] } });
  const home = await context.newPage();
  await home.addInitScript(() => window.sessionStorage.setItem("welcome-popup-seen", "1"));
  await home.clock.install();
  const entries = home.waitForResponse((response) => response.url().endsWith("/api/purchase-toasts"));
  await home.goto("/");
  // The fake clock holds idle callbacks too: wait for React, not for the page to settle.
  await hydrated(home, { settle: false });
  // The entries are asked for 3 s after the page's first idle moment (issue 28), the first toast
  // is due 2 s later.
  const { entries: list } = (await (await runClockUntil(home, entries)).json()) as { entries: Entry[] };
  return { home, entries: list };
}

/**
 * Advances the clock a second at a time until the next toast shows; its text. The toast has just
 * appeared then, so it stays up for the steps that follow.
 */
async function nextToast(page: Page) {
  for (let second = 0; second < 25; second++) {
    if (await toast(page).isVisible()) return (await toast(page).textContent()) ?? "";
    await page.clock.runFor(1_000);
  }
  throw new Error("no toast within 25 s");
}

async function addPurchase(page: Page, entry: { buyer: string; city: string; product: string; date: string }) {
  await page.goto(`${PATH}?new=1`);
  await hydrated(page);
  await page.getByLabel("Buyer's first name").fill(entry.buyer);
  await page.getByLabel("City").fill(entry.city);
  await page.getByLabel("Product bought").fill(entry.product);
  await page.getByLabel(/Date of purchase/).fill(entry.date);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Purchase entry created successfully")).toBeVisible();
}

test.describe("purchase toast", () => {
  // The refused add form answers 400, as it should.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("shows only entered purchases of the last 30 days, each saying when; an older one never", async ({ page }) => {
    // Two admin forms, three axe scans and a whole cycle of toasts: 10 s alone, and it reached the
    // 30 s limit beside the other worker on a 2-core machine.
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
    // own bubble, which is not in the page (the clean-clone runs of 5f1b7d8 and this one clicked first).
    await hydrated(page);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Buyer's first name is required")).toBeVisible();
    await expectNoViolations(page, "a refused add form");

    const { home, entries } = await visitor(page);
    expect(entries.map((e) => e.name)).toContain(recent);
    expect(entries.map((e) => e.name)).not.toContain(old);
    // A whole cycle through the entries, and then some: every toast is one of them, never the old one.
    const seen: string[] = [];
    for (let i = 0; i < entries.length + 1; i++) {
      const text = await nextToast(home);
      seen.push(text);
      expect(text).not.toContain(old);
      await home.clock.runFor(5_000);
      await expect(toast(home)).toBeHidden();
    }
    // The toast never takes focus, and passes axe while it shows.
    await home.clock.runFor(0);
    const text = await nextToast(home);
    expect(text).not.toBe("");
    await expect(toast(home)).not.toContainText(old);
    expect(await home.evaluate(() => document.activeElement?.closest("[role=status]") ?? null)).toBeNull();
    await expectNoViolations(home, "a toast showing");
    // Newest first: a purchase of today comes first (the other project's run of this test may have
    // added its own since, with a higher id), and the one added here says "today".
    expect(seen[0]).toMatch(/ purchased .+ today$/);
    expect(seen).toContain(`${recent} from Kochi purchased GATE 2026 Test Series today`);
    for (const entry of entries) {
      const when = entry.daysAgo === 0 ? "today" : entry.daysAgo === 1 ? "yesterday" : `${entry.daysAgo} days ago`;
      expect(seen).toContain(`${entry.name} from ${entry.city} purchased ${entry.product} ${when}`);
    }
    // The demo's sample buyers are dated within the last 30 days.
    expect(
      seen.some((line) =>
        new RegExp(
          `^Aditya from Pune purchased GATE ${nextGateYear(istDate())} Test Series (yesterday|\\d+ days ago)$`,
        ).test(line),
      ),
    ).toBe(true);
    await home.context().close();
  });

  test("with no entries there is no toast, and its code is never loaded", async ({ page }) => {
    const context = await page
      .context()
      .browser()!
      .newContext({ storageState: { cookies: [], origins: [] } });
    const home = await context.newPage();
    await home.addInitScript(() => window.sessionStorage.setItem("welcome-popup-seen", "1"));
    await home.route("**/api/purchase-toasts", (route) => route.fulfill({ json: { entries: [] } }));
    const scripts: string[] = [];
    home.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await home.clock.install();
    const asked = home.waitForRequest((request) => request.url().endsWith("/api/purchase-toasts"));
    await home.goto("/");
    await hydrated(home, { settle: false });
    await runClockUntil(home, asked);
    const loadedBefore = scripts.length;
    await home.clock.runFor(40_000);
    await expect(toast(home)).toHaveCount(0);
    expect(scripts.slice(loadedBefore).filter((url) => /purchase-toast/.test(url))).toEqual([]);
    await context.close();
  });

  test("at 360 px neither the toast nor the WhatsApp button covers the contact form or an open dialog @mobile", async ({
    page,
  }) => {
    const { home } = await visitor(page, { width: 360, height: 640 });
    await nextToast(home);
    await expect(whatsapp(home)).toBeVisible();
    // Compact: well under a sixth of the screen (the old box took about that with the button).
    const box = (await toast(home).locator("> div").boundingBox())!;
    expect(box.width * box.height).toBeLessThan((360 * 640) / 10);

    const form = home.locator("form").filter({ has: home.getByRole("button", { name: contactMessages.submit }) });
    const targets: Locator[] = [
      form.getByRole("textbox", { name: "Name" }),
      form.getByRole("textbox", { name: "Email" }),
      form.getByRole("textbox", { name: "Phone" }),
      form.getByRole("textbox", { name: "Message" }),
      form.getByRole("button", { name: contactMessages.submit }),
    ];
    // A visitor filling the form: each field and the submit button, scrolled to the bottom edge
    // of the screen where the floating widgets sit, is uncovered.
    await targets[0]!.click();
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

    // An open dialog: the widgets keep clear of it too.
    await home.keyboard.press("Escape");
    await home.locator("body").click({ position: { x: 5, y: 100 } });
    await expect(toast(home)).toBeVisible();
    await home.getByRole("button", { name: "Add your testimonial" }).click();
    const dialog = home.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectUncovered(home, dialog);
    await home.context().close();
  });
});

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The toast and the WhatsApp button are hidden, or clear of `target`. */
async function expectUncovered(page: Page, target: Locator) {
  const area = await target.boundingBox();
  expect(area).not.toBeNull();
  const widgets = [
    ["the purchase toast", toast(page).locator("> div")],
    ["the WhatsApp button", whatsapp(page)],
  ] as const;
  for (const [name, widget] of widgets) {
    if (!(await widget.isVisible())) continue;
    const box = await widget.boundingBox();
    if (box) expect(overlaps(box, area!), `${name} covers the target`).toBe(false);
  }
}
