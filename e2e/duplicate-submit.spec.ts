import { resolve } from "node:path";
import Database from "better-sqlite3";
import type { Locator, Page } from "@playwright/test";
import { createAdmin, signIn } from "./support/admin";
import { expect, test } from "./support/fixtures";

// Duplicate submits (issue 7): a double click on a form's submit button stores one record, with
// JavaScript and without it. Without JavaScript, on a slow network, the browser sends the form
// again when the second click comes while the first answer is still on its way (a click in quick
// succession only replaces a POST not yet sent); the server recognises the repeat and answers it
// with the same success. What was stored is read from the server's database file
// (playwright.config.ts).
//
// Every test here submits from 127.0.0.1: run with PUBLIC_FORM_RATE_LIMIT raised (e.g. 1000).

const port = Number(process.env.E2E_PORT ?? 4300);
const databaseFile = resolve(`.cache/e2e-${port}/site.db`);

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Rows of `table` whose `column` holds `marker`, read from the server's database. */
function stored(table: "contact_messages" | "email_outbox" | "ebooks", column: string, marker: string) {
  const db = new Database(databaseFile, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    const row = db.prepare(`select count(*) as n from ${table} where ${column} like ?`).get(`%${marker}%`) as {
      n: number;
    };
    return row.n;
  } finally {
    db.close();
  }
}

/**
 * A double click on a slow network: the first POST reaches the server, its answer is held back,
 * and the second click posts the form again. Returns how many POSTs reached the server.
 */
async function clickTwiceWhileSending(page: Page, button: Locator, path: string) {
  let posts = 0;
  let firstAtServer!: () => void;
  const reached = new Promise<void>((done) => (firstAtServer = done));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const n = ++posts;
      // maxRedirects 0: the browser follows an admin action's redirect itself, with its cookie.
      const response = await route.fetch({ maxRedirects: 0 });
      if (n === 1) {
        firstAtServer();
        await new Promise((done) => setTimeout(done, 1500));
      }
      // The second click replaced the first navigation: its answer has nowhere to go.
      await route.fulfill({ response }).catch(() => undefined);
    },
  );
  // The mouse itself, because a locator's click waits until the navigation it starts has an answer.
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error("the submit button is not visible");
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.click(x, y);
  await reached;
  await page.mouse.click(x, y);
  return () => posts;
}

async function fillContact(page: Page, marker: string) {
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Anjali Verma");
  await page.getByRole("textbox", { name: "Email" }).fill("anjali@example.com");
  await page.getByRole("textbox", { name: "Phone" }).fill("+91 98765 43210");
  await page.getByRole("textbox", { name: "Message" }).fill(`Is the IOCL-2025 series updated? ${marker}`);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a second click while the first is sending posts twice and stores the message once", async ({ page }) => {
    await page.goto("/contact");
    const marker = `double-nojs-${unique()}`;
    await fillContact(page, marker);
    const posts = await clickTwiceWhileSending(page, page.getByRole("button", { name: "Send Message" }), "/contact");

    await expect(page.getByRole("status").filter({ hasText: "Message sent successfully!" })).toBeVisible();
    expect(posts()).toBe(2);
    expect(stored("contact_messages", "message", marker)).toBe(1);
    expect(stored("email_outbox", "text", marker)).toBe(1);
  });

  test("an admin's second click on Create while the first is sending stores one e-book", async ({ page }) => {
    await signIn(page, createAdmin("double"));
    await page.goto("/admin/ebooks?new=1");
    const title = `Double-click notes ${unique()}`;
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("textbox", { name: "PDF Link" }).fill("https://example.com/notes.pdf");
    // Inactive, so the public pages other tests check are unchanged.
    await page.getByRole("checkbox", { name: "Active" }).uncheck();
    const posts = await clickTwiceWhileSending(page, page.getByRole("button", { name: "Create" }), "/admin/ebooks");

    await expect(page.getByText("E-book created successfully")).toBeVisible();
    expect(posts()).toBe(2);
    await expect(page.getByRole("rowheader", { name: title })).toHaveCount(1);
    expect(stored("ebooks", "title", title)).toBe(1);
  });
});

test.describe("with JavaScript", () => {
  test("a double click on Send Message sends once: one toast, one stored message", async ({ page }) => {
    await page.goto("/contact");
    // The contact form itself hydrated (the header's search form can hydrate first).
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
    await expect(form).toHaveAttribute("novalidate", "");
    const marker = `double-js-${unique()}`;
    await fillContact(page, marker);
    await page.getByRole("button", { name: "Send Message" }).dblclick();

    await expect(page.locator("[data-toast-type]").filter({ hasText: "Message sent successfully!" })).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
    await expect.poll(() => stored("contact_messages", "message", marker)).toBe(1);
    expect(stored("email_outbox", "text", marker)).toBe(1);
  });

  test("an admin who adds the same e-book twice on purpose gets two: each write renews the token", async ({ page }) => {
    await signIn(page, createAdmin("twice"));
    await page.goto("/admin/ebooks");
    // Hydrated: the forms then post through the router, without a reload.
    await page.waitForFunction(() => {
      const main = document.querySelector("main");
      return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
    });
    const title = `Twice on purpose ${unique()}`;
    for (let time = 1; time <= 2; time++) {
      await page.getByRole("link", { name: "Add E-Book" }).click();
      await page.getByRole("textbox", { name: "Title" }).fill(title);
      await page.getByRole("textbox", { name: "PDF Link" }).fill("https://example.com/notes.pdf");
      await page.getByRole("checkbox", { name: "Active" }).uncheck();
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await expect(page.getByRole("rowheader", { name: title })).toHaveCount(time);
    }
    expect(stored("ebooks", "title", title)).toBe(2);
  });
});
