import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { addDays, istDate } from "../app/core/ist";
import { createDb, type DB } from "../app/db/client.server";
import { scratchSqlite, startApp, type AppProcess, type ScratchDb } from "../support/app-process";
import { startSmtpServer, type ReceivedMail } from "../support/smtp";
import Database from "better-sqlite3";
import { resolve } from "node:path";
import { adminTest } from "./support/admin-session";
import { expectNoViolations, hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";

// Job alerts by e-mail (issue 49), as an aspirant meets them at 375 px and 1280 px, with and
// without JavaScript: subscribe from /job-alerts, confirm from the e-mail the test's SMTP sink
// received, get a reminder once an alert's last date comes within 3 days, and leave in one click:
// the mail client's (RFC 8058, a POST with no cookie or page) or the e-mail's own link. The
// e-mails need an SMTP server, so these tests start their own production server (the build the
// suite runs, BUILD_DIR) on a demo database of their own, its worker looking for reminders twice a
// second.

test.describe.configure({ mode: "default", timeout: 90_000 });

let app: AppProcess;
let database: ScratchDb;
let db: DB;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtpServer();
  database = scratchSqlite("e2e-alerts");
  app = await startApp({
    databaseUrl: database.url,
    env: {
      SMTP_URL: smtp.url,
      ALERT_MAIL_TICK_MS: "500",
      OUTBOX_POLL_MS: "200",
      PUBLIC_FORM_RATE_LIMIT: "1000",
      LOG_LEVEL: "warn",
      TZ: "Asia/Kolkata",
    },
  });
  db = createDb(database.url).db;
});

test.afterAll(async () => {
  await db?.destroy();
  await app?.stop();
  await smtp?.close();
  await database?.drop();
});

/** The first e-mail to `to` whose subject matches, once the sink has it. */
async function mailTo(to: string, subject: RegExp, containing?: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () =>
        (found = smtp.received.find(
          (mail) =>
            mail.to.includes(to) &&
            subject.test(mail.header("Subject") ?? "") &&
            (!containing || mail.body.includes(containing)),
        )),
      { timeout: 20_000, message: `an e-mail to ${to} matching ${subject}` },
    )
    .toBeTruthy();
  return found!;
}

const linkIn = (mail: ReceivedMail, kind: "confirm" | "manage" | "unsubscribe") => {
  const match = new RegExp(`https?://[^\\s"<>]+/subscribe/${kind}/[0-9a-f]{64}`).exec(mail.body);
  expect(match, `a ${kind} link in "${mail.header("Subject")}"`).not.toBeNull();
  return match![0];
};

async function subscribeOnJobAlerts(page: Page, email: string, js: boolean) {
  await page.goto(`${app.url}/job-alerts`);
  if (js) await hydrated(page);
  const form = page.getByRole("region", { name: "Get job alerts by e-mail" });
  await form.getByLabel("Email").fill(email);
  // Everything is chosen to start with; this aspirant wants Jobs only, reminders and a daily digest.
  for (const tab of ["Vacancy", "Results", "Admit Cards"]) await form.getByLabel(tab).uncheck();
  await expect(form.getByLabel("Daily digest")).toBeChecked();
  await form.getByRole("button", { name: "Subscribe" }).click();
  const answer = `Check your inbox: we have sent a message to ${email}.`;
  if (js) {
    // The form stays where it is and says so.
    await expect(form.getByText(answer)).toBeVisible();
    await expect(page).toHaveURL(`${app.url}/job-alerts`);
  } else {
    await expect(page).toHaveURL(`${app.url}/subscribe`);
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(answer)).toBeVisible();
  }
  await expectNoHorizontalScroll(page);
}

/** A job alert in Jobs, its last date `days` from today in India. */
async function addAlert(title: string, days: number) {
  const category = await db
    .selectFrom("job_categories")
    .select("id")
    .where("slug", "=", "jobs")
    .executeTakeFirstOrThrow();
  const stamp = new Date().toISOString();
  const { id } = await db
    .insertInto("job_alerts")
    .values({
      title,
      view_link: "https://iocl.example/careers",
      description: null,
      posted_date: stamp,
      category_id: category.id,
      is_active: true,
      last_date: addDays(istDate(), days),
      selection_mode: "gate-score",
      gate_year: null,
      eligibility: null,
      posts: 40,
      notification_url: null,
      organisation: "Indian Oil Corporation",
      job_location: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("subscribe from /job-alerts, confirm from the e-mail, get a reminder 3 days before a last date, leave in one click", async ({
      page,
      request,
    }, testInfo) => {
      const run = `${testInfo.project.name}-${js ? "js" : "nojs"}-${randomBytes(3).toString("hex")}`;
      const email = `aspirant-${run}@example.com`;
      await subscribeOnJobAlerts(page, email, js);

      // Only the confirmation is sent until the address confirms.
      const confirmation = await mailTo(email, /^Confirm your job alert e-mails from /);
      expect(confirmation.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(confirmation.body).toContain(
        "Jobs; deadline reminders; new free tests and scheduled mocks (daily digest)",
      );
      await page.goto(linkIn(confirmation, "confirm"));
      await expect(page.getByRole("heading", { name: "Your subscription is confirmed" })).toBeVisible();

      // An alert closing in 10 days: no reminder yet. Then its last date moves to 2 days away.
      const title = `IOCL Graduate Engineers ${run}`;
      const alert = await addAlert(title, 10);
      await page.waitForTimeout(1500);
      expect(smtp.received.filter((mail) => mail.to.includes(email) && mail.body.includes(title))).toEqual([]);
      await db
        .updateTable("job_alerts")
        .set({ last_date: addDays(istDate(), 2) })
        .where("id", "=", alert)
        .execute();
      const reminder = await mailTo(email, /^(Last date|\d+ job alerts close soon)/, title);
      expect(reminder.body).toContain("(Closes in 2 days)");
      const oneClick = /^<(https?:\/\/[^>]+\/one-click)>$/.exec(reminder.header("List-Unsubscribe") ?? "")?.[1];
      expect(oneClick).toBeTruthy();

      if (js) {
        // The mail client's one click: a POST from its servers, no cookie, no Origin, no page.
        const response = await request.post(oneClick!, {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          data: "List-Unsubscribe=One-Click",
        });
        expect(response.status()).toBe(200);
        expect(await response.text()).toBe("Unsubscribed.");
      } else {
        // The e-mail's own link: one button, a plain form post.
        await page.goto(linkIn(reminder, "unsubscribe"));
        await expect(page.getByText(`Stop every job alert e-mail to ${email}?`)).toBeVisible();
        await page.getByRole("button", { name: "Unsubscribe" }).click();
        await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
      }
      // Gone: the preferences link names nobody now, and nothing more is composed for the address.
      await page.goto(linkIn(reminder, "manage"));
      await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
      expect(await db.selectFrom("alert_subscribers").select("id").where("email", "=", email).execute()).toEqual([]);
    });

    test("change what you receive from the e-mail's link, without signing in", async ({ page }, testInfo) => {
      const run = `${testInfo.project.name}-${js ? "js" : "nojs"}-${randomBytes(3).toString("hex")}`;
      const email = `prefs-${run}@example.com`;
      await page.goto(`${app.url}/subscribe`);
      if (js) await hydrated(page);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Weekly digest").check();
      await page.getByRole("button", { name: "Subscribe" }).click();
      await expect(page.getByText(`Check your inbox: we have sent a message to ${email}.`)).toBeVisible();
      await page.goto(linkIn(await mailTo(email, /^Confirm your job alert/), "confirm"));
      await page.getByRole("link", { name: "Change what you receive" }).click();

      await expect(page.getByRole("heading", { name: "Your job alert e-mails" })).toBeVisible();
      await expect(page.getByLabel("Weekly digest")).toBeChecked();
      await page.getByLabel("Results").uncheck();
      await page.getByLabel("As it happens").check();
      await page.getByRole("button", { name: "Save choices" }).click();
      await expect(page.getByText("Your choices are saved.")).toBeVisible();
      await expect(page.getByLabel("As it happens")).toBeChecked();
      await expect(page.getByLabel("Results")).not.toBeChecked();
      if (js) await expectNoViolations(page, "preferences saved");
      await expectNoHorizontalScroll(page);
      expect(
        await db
          .selectFrom("alert_subscribers")
          .select(["frequency", "is_tab_results", "is_tab_jobs"])
          .where("email", "=", email)
          .executeTakeFirst(),
      ).toEqual({ frequency: "instant", is_tab_results: false, is_tab_jobs: true });
    });
  });
}

test("what the form and the e-mails look like on a 375 px phone", { tag: "@mobile" }, async ({ page }, testInfo) => {
  const email = `phone-${randomBytes(3).toString("hex")}@example.com`;
  await page.goto(`${app.url}/job-alerts`);
  await hydrated(page);
  const form = page.getByRole("region", { name: "Get job alerts by e-mail" });
  await form.scrollIntoViewIfNeeded();
  await form.screenshot({ path: testInfo.outputPath("subscribe-form-375.png") });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Check your inbox")).toBeVisible();
  await expectNoViolations(page, "subscribed");
  const confirmation = await mailTo(email, /^Confirm your job alert/);
  // The e-mails as a mail app shows them: each a document of its own, at the phone's width.
  const mailView = await page.context().newPage();
  await mailView.setContent(confirmation.html);
  await mailView.screenshot({ path: testInfo.outputPath("confirmation-email-375.png"), fullPage: true });
  await expectNoHorizontalScroll(mailView);
  await page.goto(linkIn(confirmation, "confirm"));
  await page.screenshot({ path: testInfo.outputPath("confirmed-375.png"), fullPage: true });
  const title = `ONGC Graduate Trainee ${randomBytes(2).toString("hex")}`;
  await addAlert(title, 1);
  const reminder = await mailTo(email, /^(Last date|\d+ job alerts close soon)/, title);
  await mailView.setContent(reminder.html);
  await mailView.screenshot({ path: testInfo.outputPath("reminder-email-375.png"), fullPage: true });
  await expectNoHorizontalScroll(mailView);
  await mailView.close();
});

// Staff's side, on the suite's own server (the admin session is made for it): the Subscribers
// section and the job alerts manager's "send now".
adminTest("staff send an open alert at once, find a subscriber and remove them", async ({ page }, testInfo) => {
  const email = `staff-view-${testInfo.project.name}-${randomBytes(3).toString("hex")}@example.com`;
  const file = resolve(`.cache/e2e-${Number(process.env.E2E_PORT ?? 4300)}/site.db`);
  const sqlite = new Database(file);
  try {
    sqlite.pragma("busy_timeout = 5000");
    const stamp = new Date().toISOString();
    const insert = sqlite.prepare(
      `insert into alert_subscribers (email, status, is_tab_jobs, is_tab_vacancy, is_tab_results, is_tab_admit_cards,
        is_reminders_on, is_tests_on, frequency, manage_key, consent_text, consent_source, consent_ip_hash,
        consent_at, confirmed_at, created_at, updated_at)
       values (?, 'confirmed', ?, ?, ?, ?, ?, 0, ?, ?, 'e2e', '/job-alerts', ?, ?, ?, ?, ?)`,
    );
    const add = (address: string, tabs: number[], reminders: number, frequency: string) =>
      insert.run(
        address,
        ...tabs,
        reminders,
        frequency,
        randomBytes(16).toString("hex"),
        "0".repeat(32),
        stamp,
        stamp,
        stamp,
        stamp,
      );
    add(email, [1, 0, 1, 0], 1, "weekly");
    // One who wants every tab "as it happens": whom "send now" reaches.
    add(`as-it-happens-${randomBytes(3).toString("hex")}@example.com`, [1, 1, 1, 1], 0, "instant");
  } finally {
    sqlite.close();
  }

  // The list sorted by title: the step keeps the list's view, there and back.
  await page.goto("/admin?sort=title");
  await hydrated(page);
  const panel = page.getByRole("region", { name: "Send an alert to subscribers now" });
  const alert = panel.getByLabel("Alert");
  const title = (await alert.locator("option").nth(1).textContent())!;
  await alert.selectOption({ label: title });
  await panel.getByRole("button", { name: "Send now to subscribers" }).click();
  // E-mails cannot be called back: the alert and how many it reaches are asked about first.
  const confirm = page.getByRole("region", { name: `Send “${title}” now?` });
  await expect(page).toHaveURL(/\/admin\?sort=title&send=\d+#confirm-send$/);
  const send = confirm.getByRole("button", { name: /^Send to \d+ subscribers?$/ });
  // Each alert goes once: the other project's run may have sent this one first.
  await expect(send.or(confirm.getByText(/^It was already sent to its subscribers/))).toBeVisible();
  if (await send.isVisible()) {
    await expect(confirm).toContainText(/It goes at once to \d+ subscribers? of .+ who chose “as it happens”\./);
    await send.click();
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(
      page.getByText(new RegExp(`“${escaped}” (is being sent to|was already sent to) its subscribers`)).first(),
    ).toBeVisible();
  } else await confirm.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/admin\?sort=title$/);

  await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(email) });
  await expect(row).toContainText("Jobs, Results · Deadline reminders · Weekly digest");
  await expect(page.getByText(title).first()).toBeVisible();
  await expectNoViolations(page, "subscribers");
  await row.getByRole("link", { name: `Remove ${email}` }).click();
  await expect(page.getByText(`${email} will get no more job alert e-mails`)).toBeVisible();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("Subscriber removed.").first()).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(email) })).toHaveCount(0);
});
