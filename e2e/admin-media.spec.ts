import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoViolations, hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";
import { managersState, signInManagersAdmin } from "./support/managers";
import { handmadePdf } from "../tests/support/media-files";

// The media library and the picture and document fields in Chromium (issue 45), against the
// production server, with and without JavaScript:
// - the library's upload: a plain form without JavaScript (a picture over 1 MiB, the limit of
//   every other address), a drop zone with a queue and progress with it (files chosen or dropped,
//   one after another, each with its result; a picture without alt text asks for it);
// - finding files from the address, Copy link, and the list on a 375 px phone;
// - a library picture picked in the hero banner form (the dialog with JavaScript, the list
//   without), and a cover uploaded in place from the e-book form without JavaScript;
// - axe, and screenshots of the library and the picker at 1280 and 375 px (/work/notes/shots).
// Uploads change content, so this runs on the managers' server (e2e/support/managers.ts).

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const statePath = managersState("media");
const shots = "/work/notes/shots";

test.beforeAll(async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  await signInManagersAdmin(browser, statePath);
});

test.use({ storageState: statePath });

/** A PNG of random pixels, `side` pixels square: about 3 × side² bytes, which PNG cannot shrink. */
function noisePng(side: number) {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A flat picture with a stripe, `width` × `height`. */
function drawing(width: number, height: number, colour: string) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: { create: { width, height: Math.round(height / 3), channels: 3, background: "#ffffff" } },
        top: Math.round(height / 3),
        left: 0,
      },
    ])
    .png()
    .toBuffer();
}

const png = (name: string, buffer: Buffer) => ({ name, mimeType: "image/png", buffer });
const pdf = (name: string, text: string) => ({ name, mimeType: "application/pdf", buffer: handmadePdf(text) });

/** A file's card in the library's grid, by its title. */
const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

/** The upload's section of the library page. */
const uploads = (page: Page) => page.getByRole("region", { name: "Upload a file" });

/** The rows of the upload queue (with JavaScript). */
const rows = (page: Page) => page.locator("li[data-upload-state]");

/** A toast (with JavaScript) by its words. */
const toast = (page: Page, text: string) => page.locator("[data-toast-type]").filter({ hasText: text });

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `${shots}/i45-${name}.png`, fullPage });
}

/** Uploads a picture to the library through the plain form (no JavaScript needed). */
async function uploadPlain(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, title: string) {
  await page.goto("/admin/media");
  const form = uploads(page);
  await form.getByLabel("File", { exact: true }).setInputFiles(file);
  await form.getByLabel("Title").fill(title);
  if (file.mimeType.startsWith("image/")) await form.getByLabel("Alt text").fill(`${title}, for the test`);
  await form.getByRole("button", { name: "Upload a file" }).click();
  await expect(page).toHaveURL(/\/admin\/media$/);
}

test.describe("without JavaScript", () => {
  // The refused delete of a file in use answers 409, which the browser reports in the console.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 409/] });

  test("a 2 MB picture uploads through the plain form, and its address serves it", async ({ page }) => {
    const noise = await noisePng(820);
    expect(noise.length).toBeGreaterThan(1024 * 1024 * 1.5);
    await uploadPlain(page, png("Noise.png", noise), `No script ${stamp}`);
    await expect(page.getByText("File uploaded successfully")).toBeVisible();
    const link = page.getByRole("link", { name: `No script ${stamp}`, exact: true });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/media\/[0-9a-f]{64}\/noise\.png$/);
    const served = await page.request.get(href!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    // The address is on the card as text to select and copy; no Copy button without JavaScript.
    const item = card(page, `No script ${stamp}`);
    await expect(item.locator("code")).toHaveText(href!);
    await expect(item.getByRole("button", { name: /Copy link/ })).toHaveCount(0);
    await expect(item).toContainText("820 × 820 px");
    await expect(item).toContainText("Not used");
  });

  test("finds files by words and kind from the address, and pages", async ({ page }) => {
    await uploadPlain(page, pdf(`Paper ${stamp}.pdf`, "CH 2024"), `CH 2024 question paper ${stamp}`);
    await page.getByLabel("Search by name or title").fill(`question paper ${stamp}`);
    await page.getByLabel("Kind").selectOption({ label: "PDFs" });
    await page.getByRole("button", { name: "Show files" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/media\\?q=question\\+paper\\+${stamp}&kind=document$`));
    await expect(page.getByText("Showing 1–1 of 1 file")).toBeVisible();
    await expect(card(page, `CH 2024 question paper ${stamp}`)).toBeVisible();
    // The same view from its address (a bookmark), and the other kind finds nothing.
    await page.goto(`/admin/media?q=question+paper+${stamp}&kind=image`);
    await expect(page.getByText("No files match this search.")).toBeVisible();
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/admin\/media$/);
  });

  test("hero banners: a library picture chosen in the field's list is saved", async ({ page }) => {
    const title = `Banner art no-JS ${stamp}`;
    await uploadPlain(page, png("banner-art.png", await drawing(1200, 400, "#1d4ed8")), title);
    // The first banner is changed, never a banner added: the banner manager's own test, running
    // beside this one on the same server, counts the rows and moves the last ones.
    await page.goto("/admin/hero-banners");
    await page.getByRole("link", { name: "Edit banner 1" }).click();
    const form = page.getByRole("region", { name: "Edit banner" });
    await form
      .getByLabel("Or choose a recent picture from the library")
      .selectOption({ label: `${title} (banner-art.png)` });
    await form.getByRole("button", { name: "Update" }).click();
    // Back to the list, the banner saved in view (issue 48).
    await expect(page).toHaveURL(/\/admin\/hero-banners#row-\d+$/);
    await expect(page.getByText("Banner updated successfully")).toBeVisible();
    const image = page.getByRole("region", { name: "Hero banners table" }).locator("tbody tr").first().getByRole("img");
    await expect(image).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\/banner-art\.png$/);
  });

  test("e-books: a cover and the PDF uploaded in place from the form are saved and listed as used", async ({
    page,
  }) => {
    const title = `Heat transfer notes ${stamp}`;
    await page.goto("/admin/ebooks?new=1");
    await page.getByRole("region", { name: "Add e-book" }).scrollIntoViewIfNeeded();
    await shoot(page, "ebook-form-nojs-1280", false);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Or upload a new PDF").setInputFiles(pdf("heat-transfer.pdf", "Heat transfer"));
    // Over 1 MiB, the most any other form may post: the manager's address takes an upload's size too.
    const coverBytes = await noisePng(700);
    expect(coverBytes.length).toBeGreaterThan(1024 * 1024);
    await page.getByLabel("Or upload a new picture").setInputFiles(png("heat-cover.png", coverBytes));
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page).toHaveURL(/\/admin\/ebooks#row-\d+$/);
    await expect(page.getByText("E-book created successfully")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByRole("link", { name: /View PDF/ })).toHaveAttribute(
      "href",
      /^\/media\/[0-9a-f]{64}\/heat-transfer\.pdf$/,
    );

    await page.goto(`/admin/media?q=${encodeURIComponent("heat")}`);
    const cover = card(page, "heat-cover");
    await expect(cover.getByRole("link", { name: `E-book cover “${title}”` })).toHaveAttribute(
      "href",
      /^\/admin\/ebooks\?edit=\d+$/,
    );
    await expect(cover).toContainText("Decorative: no alt text");
    await expect(card(page, title).getByRole("link", { name: `E-book “${title}”` })).toBeVisible();
    // In use: deleting it is refused with the places using it, each a link.
    await cover.getByRole("link", { name: "Delete heat-cover" }).click();
    await expect(page.getByText("Are you sure you want to delete this file?")).toBeVisible();
    await expect(page.getByText(`It is still used by E-book cover “${title}”`)).toBeVisible();
    // A file's delete is for good (its bytes are not kept), and the confirmation says so.
    await expect(page.getByText("It does not go to the Trash: once deleted, it cannot be restored.")).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This file is still used by" })).toBeVisible();
    await expect(page.getByRole("alert").getByRole("link", { name: `E-book cover “${title}”` })).toBeVisible();
  });

  test("the library at 375 px: cards in one column, no sideways scroll", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/admin/media");
    await expect(page.getByRole("heading", { level: 1, name: "Media Library" })).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shoot(page, "library-375-nojs");
  });
});

test.describe("with JavaScript", () => {
  // A refused upload answers 400, which the browser reports in the console.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("files chosen in the drop zone upload one after another with progress; a dropped picture without alt text asks for it", async ({
    page,
  }) => {
    await page.goto("/admin/media");
    await hydrated(page);
    const zone = page.getByRole("button", { name: "Choose files, or drop them here" });
    await expect(zone).toBeVisible();
    // Keyboard: the zone is a button that opens the file chooser.
    const chooser = page.waitForEvent("filechooser");
    await zone.focus();
    await page.keyboard.press("Enter");
    expect((await chooser).isMultiple()).toBe(true);

    await uploads(page).getByLabel("Alt text").fill(`Queued picture ${stamp}`);
    // A slow upload, so that its progress shows (Chromium's network throttling covers uploads).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const big = await noisePng(600);
    await page
      .locator("input[data-drop-input]")
      .setInputFiles([png(`queued-${stamp}.png`, big), pdf(`queued-${stamp}.pdf`, "Queued")]);
    const [first, second] = [rows(page).nth(0), rows(page).nth(1)];
    await expect(first.locator("progress")).toBeVisible();
    await expect.poll(async () => Number(await first.locator("progress").getAttribute("value"))).toBeGreaterThan(0);
    // One after another: the PDF waits for the picture.
    await expect(second).toContainText("Waiting");
    await shoot(page, "library-queue-1280");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(first).toContainText(`Uploaded as “queued-${stamp}”`, { timeout: 20_000 });
    await expect(second).toContainText(`Uploaded as “queued-${stamp}”`);
    await expect(first.getByRole("link")).toHaveAttribute(
      "href",
      new RegExp(`/media/[0-9a-f]{64}/queued-${stamp}\\.png$`),
    );
    // The list is reloaded when the queue is done.
    await expect(page.getByRole("article").filter({ hasText: `queued-${stamp}.pdf` })).toBeVisible();
    // On a phone the uploaded files' long addresses wrap inside their rows.
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Dropped, without alt text: the server's message, a field for the words, and Try again.
    await uploads(page).getByLabel("Alt text").fill("");
    const dropped = await drawing(300, 200, "#15803d");
    const dataTransfer = await page.evaluateHandle(
      ({ bytes, name }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type: "image/png" }));
        return transfer;
      },
      { bytes: [...dropped], name: `dropped-${stamp}.png` },
    );
    await zone.dispatchEvent("drop", { dataTransfer });
    const third = rows(page).nth(2);
    await expect(third).toContainText(
      "Describe what the picture shows for people who cannot see it, or mark it as decorative.",
    );
    await third.getByLabel(`Alt text for dropped-${stamp}.png`).fill("A green flag");
    await third.getByRole("button", { name: "Try again" }).click();
    await expect(third).toContainText(`Uploaded as “dropped-${stamp}”`);
    await expect(card(page, `dropped-${stamp}`)).toContainText("A green flag");
    await expectNoViolations(page, "the upload queue");
  });

  test("Copy link copies a file's address", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/admin/media?q=queued-${stamp}&kind=image`);
    await hydrated(page);
    const item = card(page, `queued-${stamp}`);
    const address = await item.locator("code").textContent();
    expect(address).toMatch(/^\/media\/[0-9a-f]{64}\/queued-/);
    await item.getByRole("button", { name: `Copy link queued-${stamp}` }).click();
    await expect(toast(page, "Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await expectNoViolations(page, "the library");
    await shoot(page, "library-1280");
  });

  test("hero banners: a picture chosen in the library dialog fills the field and is saved", async ({ page }) => {
    const title = `Dialog art ${stamp}`;
    await page.goto("/admin/media");
    await hydrated(page);
    await uploads(page).getByLabel("Title").fill(title);
    await uploads(page).getByLabel("Alt text").fill("Blue and white bands");
    await page
      .locator("input[data-drop-input]")
      .setInputFiles(png("dialog-art.png", await drawing(1500, 500, "#7c3aed")));
    await expect(rows(page).first()).toContainText(`Uploaded as “${title}”`);

    // The first banner is changed (see the test without JavaScript).
    await page.goto("/admin/hero-banners");
    await hydrated(page);
    await page.getByRole("link", { name: "Edit banner 1" }).click();
    const form = page.getByRole("region", { name: "Edit banner" });
    await shoot(page, "banner-form-1280", false);
    await form.getByRole("button", { name: "Choose from library" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose a picture from the library" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Search by name or title")).toBeFocused();
    await dialog.getByLabel("Search by name or title").fill(title);
    await dialog.getByRole("button", { name: "Search" }).click();
    await expect(dialog.getByRole("button", { name: /^Use / })).toHaveCount(1);
    await expectNoViolations(page, "the picker dialog");
    await shoot(page, "picker-dialog-1280", false);
    await dialog.getByRole("button", { name: `Use ${title}` }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByRole("button", { name: "Choose from library" })).toBeFocused();
    const field = form.getByLabel("Image URL");
    await expect(field).toHaveValue(/^\/media\/[0-9a-f]{64}\/dialog-art\.png$/);
    const url = await field.inputValue();
    await expect(form.getByRole("img", { name: "Image preview" })).toHaveAttribute("src", url);
    await form.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, "Banner updated successfully")).toBeVisible();
    const table = page.getByRole("region", { name: "Hero banners table" });
    await expect(table.locator("tbody tr").first().getByRole("img")).toHaveAttribute("src", url);
  });

  test("e-books: Upload new puts the uploaded PDF's address in the field", async ({ page }) => {
    await page.goto("/admin/ebooks?new=1");
    await hydrated(page);
    const upload = page.getByLabel("Upload new").first();
    await upload.setInputFiles(pdf(`inline-${stamp}.pdf`, "Inline"));
    await expect(page.getByText(/Uploaded “.+”\. Its address is filled in above/)).toBeVisible();
    await expect(page.getByLabel("PDF Link")).toHaveValue(new RegExp(`^/media/[0-9a-f]{64}/inline-${stamp}\\.pdf$`));
    // A picture where a PDF is needed: the server's message beside the field, nothing filled in.
    await upload.setInputFiles(png("not-a-pdf.png", await drawing(40, 40, "#000000")));
    await expect(
      page.getByRole("alert").filter({ hasText: "A PDF is needed here; this file is a picture." }),
    ).toBeVisible();
    await expect(page.getByLabel("PDF Link")).toHaveValue(new RegExp(`inline-${stamp}\\.pdf$`));
  });

  test("at 375 px: the library in one column and the picker dialog fit the screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/admin/media");
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Choose files, or drop them here" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    const boxes = await page
      .getByRole("article")
      .evaluateAll((cards) => cards.slice(0, 2).map((c) => c.getBoundingClientRect().left));
    expect(new Set(boxes).size).toBe(1);
    await shoot(page, "library-375");

    await page.goto("/admin/hero-banners?new=1");
    await hydrated(page);
    await page.getByRole("button", { name: "Choose from library" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose a picture from the library" });
    await expect(dialog.getByRole("button", { name: /^Use / }).first()).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${shots}/i45-picker-dialog-375.png` });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});
