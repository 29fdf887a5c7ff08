import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { createAdmin, signIn } from "./support/admin";
import { expectNoViolations, hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";

// The leads inbox in Chromium (issue 25): a visitor sends a contact message and books a session
// (without JavaScript, the plainest path); the admin finds both in /admin/leads, newest first,
// marks the booking booked with a note, and exports the filtered list as CSV. Each run's names
// carry a unique stamp, so the desktop and phone projects never see each other's leads.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function sendContactMessage(page: Page, name: string) {
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Email" }).fill("lead.e2e@example.com");
  await page.getByRole("textbox", { name: "Phone" }).fill("+91 98765 43210");
  await page.getByRole("textbox", { name: "Message" }).fill("Do you have a weekend batch for GATE CH?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent successfully!" })).toBeVisible();
}

async function bookSession(page: Page, name: string) {
  await page.goto("/book-session?type=career-guidance");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Phone" }).fill("9123456780");
  await page.getByRole("textbox", { name: /GATE score/ }).fill("612");
  await page.getByRole("textbox", { name: "College name" }).fill("NIT Trichy");
  await page.getByRole("textbox", { name: "Your query" }).fill("Which PSUs recruit through GATE CH?");
  await page.getByRole("button", { name: "Book Session" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Session booked successfully! We will get back to you soon." }),
  ).toBeVisible();
}

test.describe("a visitor's messages reach the leads inbox", () => {
  test.use({ javaScriptEnabled: false });

  test("sent by a visitor without JavaScript", async ({ page, browser }) => {
    const stamp = unique();
    const contactName = `Lead Contact ${stamp}`;
    const bookingName = `Lead Booking ${stamp}`;
    await sendContactMessage(page, contactName);
    await bookSession(page, bookingName);

    // The admin, in a browser with JavaScript, finds both by the run's stamp, the booking first.
    const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
    const admin = await context.newPage();
    await signIn(admin, createAdmin("leads"));
    await admin.goto("/admin/leads");
    await hydrated(admin);
    await expect(admin.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    // The menu counts the new leads (on phones it is folded away behind its disclosure).
    await expect(
      admin
        .locator('nav a[href="/admin/leads"]')
        .filter({ hasText: /^Leads \d+ new$/ })
        .first(),
    ).toBeAttached();

    await admin.getByLabel("Search name, e-mail or phone").fill(stamp);
    await admin.getByRole("button", { name: "Apply filters" }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/leads\\?.*q=${stamp}$`));
    const cards = admin.getByRole("list", { name: "Leads" }).getByRole("article");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(bookingName);
    await expect(cards.nth(0)).toContainText("Session booking");
    await expect(cards.nth(0)).toContainText("Career guidance");
    await expect(cards.nth(0)).toContainText("612");
    await expect(cards.nth(0)).toContainText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST/);
    await expect(cards.nth(1)).toContainText(contactName);
    await expect(cards.nth(1)).toContainText("lead.e2e@example.com");
    await expect(cards.nth(1)).toContainText("Do you have a weekend batch for GATE CH?");
    for (const card of [cards.nth(0), cards.nth(1)]) {
      await expect(card).toContainText(/E-mail(Waiting to be sent|Delivered|Not delivered)/);
      await expect(card).toContainText("New");
    }
    await expectNoHorizontalScroll(admin);
    await expectNoViolations(admin, "leads inbox");

    // Mark the booking booked, with a note: the toast, the card and who changed it.
    const booking = admin.getByRole("article", { name: bookingName });
    await booking.getByLabel("Status").selectOption({ label: "Booked" });
    await booking.getByLabel(/Note/).fill("Call on Monday, 6 pm");
    await booking.getByRole("button", { name: "Save" }).click();
    await expect(admin.locator("[data-toast-type]").filter({ hasText: "Lead updated successfully" })).toBeVisible();
    await expect(booking).toContainText("Booked");
    await expect(booking).toContainText(/Changed by leads-.*@example\.com, \d/);
    await expect(booking.getByLabel(/Note/)).toHaveValue("Call on Monday, 6 pm");
    // The filters stayed, the saved lead in view (issue 48); a contact message offers no Booked.
    await expect(admin).toHaveURL(new RegExp(`/admin/leads\\?.*q=${stamp}#row-booking-\\d+$`));
    await expect(admin.getByRole("article", { name: contactName }).getByRole("option", { name: "Booked" })).toHaveCount(
      0,
    );

    // Filter by status: only the booking; export that list.
    await admin.getByLabel("Status", { exact: true }).first().selectOption({ label: "Booked" });
    await admin.getByRole("button", { name: "Apply filters" }).click();
    await expect(cards).toHaveCount(1);
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("leads.csv");
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Kind,Received \(IST\),Name,E-mail,Phone,/);
    expect(lines[1]).toContain(`Session booking,`);
    expect(lines[1]).toContain(
      `,${bookingName},,9123456780,Which PSUs recruit through GATE CH?,612,Career guidance,NIT Trichy,Booked,"Call on Monday, 6 pm",`,
    );
    await context.close();

    // Without JavaScript too: the contact message marked spam by a plain form post; it stays listed.
    await signIn(page, createAdmin("leads-nojs"));
    await page.goto(`/admin/leads?status=new&q=${stamp}`);
    const contact = page.getByRole("article", { name: contactName });
    await contact.getByLabel("Status").selectOption({ label: "Spam" });
    await contact.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Lead updated successfully" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/leads\\?status=new&q=${stamp}#row-contact-\\d+$`));
    await expect(page.getByText("No leads match these filters.")).toBeVisible();
    await page.goto(`/admin/leads?status=spam&q=${stamp}`);
    await expect(page.getByRole("article", { name: contactName })).toContainText("Spam");
  });
});
