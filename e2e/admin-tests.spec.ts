import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { createDb, type DB } from "../app/db/client.server";
import { ensureQuestions, type QuestionSpec } from "../tests/support/questions";
import { expectNoViolations, hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";
import { managersPort, managersState, signInManagersAdmin } from "./support/managers";

// The timed tests' staff side in Chromium (issue 47), on the managers' own server: staff make a
// small test, pick its questions from the bank (a search by subject, added to their sections,
// moved), publish it (its versions frozen), and after an attempt (written into the database as the
// exam writes one) read its statistics; a full-length mock that is not the GATE pattern is refused
// with its reasons, without JavaScript too; the editor and the statistics read at 375 px.

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const statePath = managersState("tests");
const databaseFile = resolve(`.cache/e2e-${managersPort}/site.db`);

// Questions of the bank in a subject the demo's samples leave empty, and one of General Aptitude.
const SUBJECT = "chemical-technology";
const questions: QuestionSpec[] = [
  {
    slug: `e2e-tests-sulfuric-${stamp}`,
    subject: SUBJECT,
    topic: "inorganic-chemical-industries-sulfuric-acid",
    text: `Picker ${stamp}: which catalyst does the contact process use?`,
    options: ["Iron", "Vanadium pentoxide", "Nickel", "Platinum black"],
    correct: [1],
    solution: "Vanadium pentoxide, $V_2O_5$.",
  },
  {
    slug: `e2e-tests-urea-${stamp}`,
    subject: SUBJECT,
    topic: "fertilizers-ammonia-urea-ssp-and-tsp",
    marks: 2,
    text: `Picker ${stamp}: urea is made from ammonia and which gas?`,
    options: ["Carbon monoxide", "Carbon dioxide", "Nitrogen", "Methane"],
    correct: [1],
    solution: "Carbon dioxide.",
  },
  {
    slug: `e2e-tests-ga-${stamp}`,
    subject: "general-aptitude",
    topic: "numerical-computation-and-estimation-ratios",
    text: `Picker ${stamp}: what is 15% of 40?`,
    options: ["4", "6", "8", "10"],
    correct: [1],
    solution: "$0.15 \\times 40 = 6$.",
  },
];

let db: DB;

test.beforeAll(async ({ browser }) => {
  db = createDb(`file:${databaseFile}`).db;
  await ensureQuestions(db, questions);
  await signInManagersAdmin(browser, statePath);
});
test.afterAll(async () => {
  await db.destroy();
});

// A refused publish answers 409, which the browser reports in the console.
test.use({ storageState: statePath, allowedConsoleErrors: [/status of 409/] });

const toast = (page: Page, text: string) => page.locator("[data-toast-type]").filter({ hasText: text }).first();

/** Writes one submitted attempt of the test as the exam does: every position, the answers given. */
async function attemptTest(testId: number, answers: Record<number, number | null>, scoreThirds: number) {
  const stampNow = new Date().toISOString();
  const { id } = await db
    .insertInto("test_attempts")
    .values({
      test_id: testId,
      token_hash: `e2e-${stamp}-${Math.random().toString(36).slice(2)}`,
      started_at: stampNow,
      deadline_at: stampNow,
      submitted_at: stampNow,
      submit_reason: "candidate",
      score_thirds: scoreThirds,
      ip_key: "e2e",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [position, choice] of Object.entries(answers))
    await db
      .insertInto("attempt_answers")
      .values({
        attempt_id: id,
        position: Number(position),
        status: choice === null ? "not_answered" : "answered",
        answer: choice === null ? null : JSON.stringify({ type: "mcq", choices: [choice] }),
        seconds_spent: 45,
        updated_at: stampNow,
      })
      .execute();
}

test("staff build a test from the bank, publish it, and see its statistics after an attempt", async ({ page }) => {
  const title = `Topic test ${stamp}`;
  await page.goto("/admin/tests");
  await hydrated(page);
  await page.getByRole("link", { name: "Add Test" }).click();
  const form = page.getByRole("region", { name: "Add test" });
  await expect(form.getByLabel("Duration (minutes)")).toHaveValue("30");
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await expect(toast(page, "Test created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tests\?edit=\d+$/);
  const testId = Number(new URL(page.url()).searchParams.get("edit"));
  await expect(page.getByRole("region", { name: "Edit test" }).getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByText("No attempts yet", { exact: true })).toBeVisible();

  // The picker: a search by subject, then each question added to its own section.
  const picker = page.getByRole("region", { name: "Add questions from the bank" });
  await picker.getByLabel("Subject").selectOption({ label: "Chemical Technology" });
  await picker.getByLabel("Search the text or address").fill(`Picker ${stamp}`);
  await picker.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/subject=chemical-technology/);
  const results = picker.getByTestId("bank-question");
  await expect(results).toHaveCount(2);
  await results
    .filter({ hasText: "contact process" })
    .getByRole("button", { name: /^Add to subject/ })
    .click();
  await expect(toast(page, "Question added to the subject section")).toBeVisible();
  // Adding keeps the page where it was, the focus on the picker: a mock takes 65 of these.
  const urea = results.filter({ hasText: "urea" });
  await urea.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(200);
  await urea.getByRole("button", { name: /^Add to subject/ }).click();
  await expect(picker.getByText("In this test (No. 2)")).toBeVisible();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(150);
  await expect(page.getByRole("region", { name: "Edit test" }).getByLabel("Title", { exact: true })).not.toBeFocused();

  await picker.getByLabel("Subject").selectOption({ label: "General Aptitude" });
  await picker.getByLabel("Search the text or address").fill(`Picker ${stamp}`);
  await picker.getByRole("button", { name: "Search" }).click();
  await picker
    .getByTestId("bank-question")
    .getByRole("button", { name: /^Add to General Aptitude/ })
    .click();
  await expect(toast(page, "Question added to General Aptitude")).toBeVisible();

  const list = page.getByRole("region", { name: "Questions in this test" });
  await expect(list.getByTestId("test-summary")).toHaveText(
    "3 questions, 4 marks: General Aptitude 1 (1 mark), subject 2 (3 marks).",
  );
  // GA first in the paper; the urea question moved up within the subject section.
  await expect(list.getByTestId("test-question").first()).toContainText("Q1.");
  await expect(list.getByTestId("test-question").first()).toContainText("15% of 40");
  await list.getByRole("button", { name: "Move question 3 up" }).click();
  await expect(list.getByTestId("test-question").nth(1)).toContainText("urea");
  await expect(list.getByRole("button", { name: "Move question 1 up" })).toBeDisabled();
  await expectNoViolations(page, "test editor with its questions and the picker");

  // Published: the versions are frozen, and the paper can no longer change.
  await page
    .getByRole("button", { name: `Publish ${title}` })
    .first()
    .click();
  await expect(toast(page, "Test published")).toBeVisible();
  await expect(list.getByTestId("test-question").first()).toContainText("v1, frozen");
  await expect(list.getByText("The test is published: unpublish it to change its questions.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Add questions from the bank" })).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Published");
  await expect(row).toContainText("3 questions, 4 marks");

  // An attempt, then the statistics: its figures, and each question's.
  await attemptTest(testId, { 1: 1, 2: 1, 3: 0 }, 6);
  await page.goto(`/admin/tests?edit=${testId}`);
  await expect(page.getByText("Attempts: 1 submitted of 1 started", { exact: true })).toBeVisible();
  await row.getByRole("link", { name: `Statistics ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Statistics: ${title}` })).toBeVisible();
  const figures = page.getByTestId("test-figures");
  await expect(figures).toContainText("Submitted1");
  await expect(figures).toContainText("2.00 out of 4");
  const perQuestion = page.getByTestId("question-stats");
  await expect(perQuestion).toHaveCount(3);
  await expect(perQuestion.nth(0)).toContainText("1 of 1");
  await expect(perQuestion.nth(0)).toContainText("100%");
  await expect(perQuestion.nth(0)).toContainText("B: 1 (key)");
  await expect(perQuestion.nth(2)).toContainText("0%");
  await expect(perQuestion.nth(2)).toContainText("45 s");
  await expect(page.getByRole("region", { name: "Score distribution", exact: true })).toContainText("2 to 2.67");
  await expectNoViolations(page, "test statistics");
});

/** Makes a full-length mock of one question and asks to publish it: the check refuses it. */
async function publishTooShortMock(page: Page, title: string) {
  await page.goto("/admin/tests?new=1");
  const form = page.getByRole("region", { name: "Add test" });
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Kind").selectOption({ label: "Full-length mock" });
  await form.getByLabel("Duration (minutes)").fill("180");
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Test created successfully")).toBeVisible();

  const picker = page.getByRole("region", { name: "Add questions from the bank" });
  await picker.getByLabel("Search the text or address").fill(`Picker ${stamp}: what is 15%`);
  await picker.getByRole("button", { name: "Search" }).click();
  await picker.getByRole("button", { name: /^Add to General Aptitude/ }).click();
  await expect(page.getByText("Question added to General Aptitude")).toBeVisible();

  await page
    .getByRole("button", { name: `Publish ${title}` })
    .first()
    .click();
  // In the page, with or without JavaScript.
  const refusal = page.getByRole("main").getByRole("alert").filter({ hasText: "The test was not published:" });
  await expect(refusal).toContainText("A full-length mock has 65 questions, as the GATE paper does; this one has 1.");
  await expect(refusal).toContainText("carries 100 marks");
  return refusal;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a full-length mock that is not the GATE pattern is refused with its reasons", async ({ page }) => {
    await publishTooShortMock(page, `Full mock ${stamp}`);
  });
});

test("with JavaScript, the publish check's reasons stay in the page once their toast has gone", async ({ page }) => {
  const refusal = await publishTooShortMock(page, `Full mock JS ${stamp}`);
  const everywhere = page.getByRole("alert").filter({ hasText: "The test was not published:" });
  await expect(everywhere).toHaveCount(2);
  await expect(everywhere).toHaveCount(1, { timeout: 10_000 });
  await expect(refusal).toBeVisible();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("the editor and the statistics read without scrolling sideways", async ({ page }) => {
    await page.goto("/admin/tests");
    const row = page.getByRole("row").filter({ hasText: `Topic test ${stamp}` });
    await row.getByRole("link", { name: /^Edit/ }).click();
    await expect(page.getByRole("region", { name: "Questions in this test" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.goto("/admin/tests");
    await page
      .getByRole("row")
      .filter({ hasText: `Topic test ${stamp}` })
      .getByRole("link", { name: /^Statistics/ })
      .click();
    await expect(page.getByTestId("question-stats")).toHaveCount(3);
    await expectNoHorizontalScroll(page);
  });
});
