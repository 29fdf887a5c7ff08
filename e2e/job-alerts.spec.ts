import type { Page } from "@playwright/test";
import { addDays, formatIstDate, istDate } from "../app/core/ist";
import { hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";
import { createManagersAdmin, managersPort, MANAGERS_PASSWORD } from "./support/managers";

// Job alerts with deadlines (issue 26), at a phone's 375 px and a desktop's 1280 px: staff give an
// alert a last date and visitors see its badge, its calendar file and its WhatsApp share; once the
// last date has passed the alert leaves its tab for the tab's archive. On the managers' server
// (e2e/support/managers.ts): these tests add alerts, which the public-page tests would not expect.

const stamp = Date.now().toString(36);
const origin = `http://127.0.0.1:${managersPort}`;
const today = istDate();
let email: string;

test.beforeAll(() => {
  email = createManagersAdmin();
});

async function signIn(page: Page) {
  const response = await page.request.post("/admin/login", {
    form: { email, password: MANAGERS_PASSWORD },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

const toast = (page: Page, text: string) => page.locator("[data-toast-type]").filter({ hasText: text }).first();

/** The alert's card on a public page. */
const card = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    // A refused submission answers 400, which the browser reports in the console.
    test.use({ viewport: { width, height: 800 }, allowedConsoleErrors: [/status of 400/] });

    test("an alert closing in 3 days: badge, calendar file and WhatsApp share; once its last date passes it moves to the archive", async ({
      page,
    }) => {
      const title = `E2E deadline ${stamp} ${width}`;
      await signIn(page);

      // Staff add it: posted ten days ago, last date in three days.
      await page.goto("/admin");
      await hydrated(page);
      await page.getByRole("link", { name: "Add Job Alert" }).click();
      const form = page.getByRole("region", { name: "Add job alert" });
      await form.getByLabel("Title", { exact: true }).fill(title);
      await form.getByLabel("Category").selectOption({ label: "Jobs" });
      await form.getByLabel("View link (URL)").fill("https://iocl.com/latest-job-opening");
      await expect(form.getByLabel("Posted on")).toHaveValue(today);
      await form.getByLabel("Posted on").fill(addDays(today, -10));
      await form.getByLabel("Last date to apply").fill(addDays(today, 3));
      await form.getByLabel("Selection").selectOption({ label: "Through GATE score" });
      await form.getByLabel("GATE year").fill(String(Number(today.slice(0, 4)) + 1));
      await form.getByLabel("Number of posts").fill("12");
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await expect(toast(page, "Job alert created successfully")).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: title });
      await expect(row.locator("[data-deadline]")).toHaveText("Closes in 3 days");

      // Visitors see the last date, the badge in words, and the selection.
      await page.goto("/job-alerts?tab=jobs");
      const alert = card(page, title);
      await expect(alert).toContainText(`Last date: ${formatIstDate(addDays(today, 3))}`);
      await expect(alert.locator("[data-deadline]")).toHaveText("Closes in 3 days");
      await expect(alert).toContainText(`Through GATE ${Number(today.slice(0, 4)) + 1} score`);
      const share = alert.getByRole("link", { name: /Share on WhatsApp/ });
      await expect(share).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\?text=${encodeURIComponent(title)}`));
      const calendar = alert.getByRole("link", { name: /Add to calendar/ });
      const ics = await page.request.get((await calendar.getAttribute("href"))!);
      expect(ics.status()).toBe(200);
      expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(await ics.text()).toContain(`DTSTART;VALUE=DATE:${addDays(today, 3).replaceAll("-", "")}`);
      await expectNoHorizontalScroll(page);

      // Staff set the last date to yesterday: the alert is closed.
      await page.goto("/admin");
      await hydrated(page);
      await page.getByRole("link", { name: `Edit ${title}` }).click();
      const edit = page.getByRole("region", { name: "Edit job alert" });
      await expect(edit.getByLabel("Posted on")).toHaveValue(addDays(today, -10));
      await edit.getByLabel("Last date to apply").fill(addDays(today, -1));
      await page.getByRole("button", { name: "Update", exact: true }).click();
      await expect(toast(page, "Job alert updated successfully")).toBeVisible();
      await expect(row.locator("[data-deadline]")).toHaveText("Closed");

      // Gone from the tab; listed, marked Closed, in the archive reached from the tab's end.
      await page.goto("/job-alerts?tab=jobs");
      await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
      await page.getByRole("link", { name: "Archive: closed Jobs" }).click();
      await expect(page).toHaveURL(/\/job-alerts\?tab=jobs&view=archive$/);
      await expect(page.getByRole("heading", { name: "Closed Jobs: archive" })).toBeVisible();
      const closed = card(page, title);
      await expect(closed.locator("[data-deadline]")).toHaveText("Closed");
      await expect(closed.getByRole("link", { name: /Add to calendar|Share on WhatsApp/ })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await page.getByRole("link", { name: "Back to open Jobs" }).click();
      await expect(page).toHaveURL(/\/job-alerts\?tab=jobs$/);
    });

    test("a last date before the posted date is refused by the field, naming both", async ({ page }) => {
      await signIn(page);
      await page.goto("/admin?new=1");
      await hydrated(page);
      const form = page.getByRole("region", { name: "Add job alert" });
      await form.getByLabel("Title", { exact: true }).fill(`E2E refused ${stamp} ${width}`);
      await form.getByLabel("Category").selectOption({ label: "Vacancy" });
      await form.getByLabel("View link (URL)").fill("https://example.in/notice");
      await form.getByLabel("Posted on").fill(addDays(today, -2));
      await form.getByLabel("Last date to apply").fill(addDays(today, -5));
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await expect(
        form.getByText(`Last date to apply (${addDays(today, -5)}) cannot be before Posted on (${addDays(today, -2)})`),
      ).toBeVisible();
      await expect(form.getByLabel("Last date to apply")).toBeFocused();
      await expectNoHorizontalScroll(page);
    });
  });
}
