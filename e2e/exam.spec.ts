import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { createDb, type DB } from "../app/db/client.server";
import { expectNoViolations, hydrated } from "./support/axe";
import { holdScripts } from "./support/hold-scripts";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";

// A timed test in the GATE interface as an aspirant takes it (issue 47), at 1280 and 375 px, with
// and without JavaScript: the demo's sample mock from /free-tests, the instructions and the
// declaration, every status of the palette, the NAT keypad, the calculator, the section tabs, the
// question paper, answers given offline and sent on reconnecting (through a reload), the summary
// per section, submission, the result and the review. Neither the page nor its route data holds
// a key or a solution before submission. A second test lets the clock run out.
//
// The sample mock (app/db/seed/sample-tests.ts): GA 1 MCQ "was" (B), 2 MCQ "2 : 1" (B), 3 NAT
// 0.46–0.47 (2 decimals, 2 marks); subject 4 MCQ "1" (B), 5 MCQ "25 000, turbulent" (C), 6 MSQ
// A+B, 7 NAT 13.80–13.92 (1 mark), 8 MCQ 2 marks "586 °C" (C), 9 NAT 2 marks, 10 MSQ 2 marks.
//
// Screenshots of each step go to $EXAM_SHOTS when it names a folder.

const port = Number(process.env.E2E_PORT ?? 4300);
const databaseFile = resolve(`.cache/e2e-${port}/site.db`);
const MOCK = "/tests/sample-mock-test";
const MOCK_TITLE = "Sample mock test (sample questions)";

// Words only the keys and the solutions hold.
const SECRETS = [
  "verb agrees with the subject",
  "Gibbs phase rule for a non-reacting system",
  "accepted range",
  "0.6931",
];
const KEY_FIELDS = /"correct"|solution_?html|solutionHtml|nat_?min|natMin|"key"/i;

let db: DB;
test.beforeAll(() => {
  db = createDb(`file:${databaseFile}`).db;
});
test.afterAll(async () => {
  await db.destroy();
});

const shots = process.env.EXAM_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shot(page: Page, name: string, project: string, js: boolean) {
  if (shots)
    await page.screenshot({ path: `${shots}/i47-${name}-${project}-${js ? "js" : "nojs"}.png`, fullPage: false });
}

/** The attempt's token, from the page's address. */
const tokenOf = (page: Page) => /\/attempt\/([A-Za-z0-9_-]{43})/.exec(page.url())![1]!;

/** The answers stored for an attempt, by position. */
async function storedAnswers(token: string) {
  const hash = createHash("sha256").update(token).digest("hex");
  const rows = await db
    .selectFrom("attempt_answers as a")
    .innerJoin("test_attempts as t", "t.id", "a.attempt_id")
    .select(["a.position", "a.status", "a.answer", "a.seconds_spent"])
    .where("t.token_hash", "=", hash)
    .orderBy("a.position")
    .execute();
  return new Map(rows.map((row) => [row.position, row]));
}

/** The route data a client-side navigation would fetch for the page's address. */
async function routeData(page: Page, path: string) {
  const [pathname, search] = path.split("?");
  const response = await page.request.get(`${pathname}.data${search ? `?${search}` : ""}`);
  expect(response.status()).toBe(200);
  return response.text();
}

async function expectNoKeys(text: string) {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  expect(text).not.toMatch(KEY_FIELDS);
}

/** Opens the sample mock from /free-tests, reads the page and starts it. */
async function startMock(page: Page, { email }: { email?: string } = {}) {
  // The first category of /free-tests and its first subcategory start open: the mock's.
  await page.goto("/free-tests");
  const start = page.getByRole("link", { name: /^Start\s*:\s*Sample mock test \(sample questions\)$/ });
  await expect(start).toHaveAttribute("href", MOCK);
  await start.click();
  await expect(page).toHaveURL(new RegExp(`${MOCK}$`));
  await expect(page.getByRole("heading", { level: 1, name: MOCK_TITLE })).toBeVisible();
  // Ten questions in 20 minutes: a sample, not called a full-length mock.
  await expect(page.getByText("Sample mock test (short, in the GATE pattern)", { exact: true })).toBeVisible();
  await expect(page.getByText("Full-length mock test", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "About this test" })).toContainText(
    /Time\s*20 minutes\s*Questions\s*10\s*Marks\s*14\.00/,
  );
  await expect(page.getByRole("heading", { name: "How the test works" })).toBeVisible();
  // The declaration is required: the page comes back from its top, which says so and links to it.
  await page.getByRole("button", { name: "Start the test" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." });
  const toDeclaration = refusal.getByRole("link", {
    name: "Tick the box to confirm that you have read the instructions.",
  });
  await expect(toDeclaration).toBeInViewport();
  await toDeclaration.click();
  const declaration = page.getByRole("checkbox", { name: /I have read and understood the instructions/ });
  await expect(declaration).toBeInViewport();
  await expect(declaration).toHaveAccessibleDescription("Tick the box to confirm that you have read the instructions.");
  await declaration.check();
  if (email) {
    // An address without consent is refused; with it, it is kept.
    await page.getByRole("textbox", { name: /E-mail for your result link/ }).fill(email);
    await page.getByRole("button", { name: "Start the test" }).click();
    await expect(
      refusal.getByRole("link", { name: "Tick the box to agree, or leave the e-mail address empty." }),
    ).toBeInViewport();
    await page.getByRole("checkbox", { name: /I have read and understood the instructions/ }).check();
    await page.getByRole("checkbox", { name: /Send me the link to my test and result by e-mail/ }).check();
  }
  await page.getByRole("button", { name: "Start the test" }).click();
  await expect(page).toHaveURL(/\/tests\/sample-mock-test\/attempt\/[A-Za-z0-9_-]{43}\?q=1$/);
  await expect(page.getByRole("heading", { level: 2, name: "Question 1" })).toBeVisible();
}

/** The palette: beside the question, in the drawer (a phone with scripts), or below it (a phone without). */
async function palette(page: Page, { isMobile, js }: { isMobile: boolean; js: boolean }): Promise<Locator> {
  if (isMobile && js) {
    await page.getByRole("button", { name: "Question palette" }).click();
    const drawer = page.getByRole("dialog", { name: "Question palette" });
    await expect(drawer).toBeVisible();
    return drawer;
  }
  return page.getByRole("complementary", { name: "Question palette" });
}

async function closePalette(page: Page, { isMobile, js }: { isMobile: boolean; js: boolean }) {
  if (isMobile && js) {
    await page.getByRole("button", { name: "Close the question palette" }).click();
    await expect(page.getByRole("dialog", { name: "Question palette" })).toBeHidden();
  }
}

const question = (page: Page, n: number) => page.getByRole("heading", { level: 2, name: `Question ${n}`, exact: true });

for (const js of [true, false]) {
  test.describe(`the sample mock (JavaScript ${js ? "on" : "off"})`, () => {
    test.use({
      javaScriptEnabled: js,
      // A form sent back with its error (400); a save refused while the server is away (the route
      // is aborted), while the browser is offline, or once the attempt is over (409).
      allowedConsoleErrors: [/status of 40[09]|Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/],
    });

    test("is taken from /free-tests to the review: every status, keypad, calculator, offline, reload, submit", async ({
      page,
      isMobile,
    }, testInfo) => {
      test.setTimeout(120_000);
      const project = testInfo.project.name;
      const view = { isMobile, js };
      const email = js ? undefined : `aspirant-${project}@example.com`;
      await startMock(page, { email });
      await shot(page, "question-1", project, js);
      const token = tokenOf(page);
      const attempt = `${MOCK}/attempt/${token}`;

      // Before submission: no key and no solution in the page or in its route data.
      const html = await page.content();
      expect(html).toContain("Neither the operators nor the shift engineer");
      await expectNoKeys(html);
      for (const path of [`${attempt}?q=1`, `${attempt}?q=9`, `${attempt}?view=paper&q=1`]) {
        const data = await routeData(page, path);
        expect(data).toContain("Neither the operators nor the shift engineer");
        await expectNoKeys(data);
      }
      // The time limit is the server's: its end shows as text, and the countdown runs with scripts.
      await expect(page.getByText(/^Ends at \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST$/)).toBeVisible();
      if (js) {
        await hydrated(page);
        await expect(page.getByRole("timer")).toHaveText(/^00:(19|20):\d{2}$/);
        await expect(page.locator("[data-save-state]")).toHaveText("Saved");
        await expect(page.getByText(/min left when this page loaded$/)).toBeHidden();
      } else {
        await expect(page.getByRole("timer")).toBeHidden();
        // Without scripts the page says what was left when it was made (a 20-minute mock).
        await expect(page.getByText(/^(19|20) min left when this page loaded$/)).toBeVisible();
      }
      await expectNoHorizontalScroll(page);

      // Moving never asks the server for a page with scripts: only saves go out.
      const documents: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith(attempt) && !url.pathname.endsWith("/save"))
          documents.push(request.method() + url.pathname);
      });

      // 1 (MCQ): a wrong option, Save & Next → answered.
      await page.getByRole("radio", { name: /^A\.\s*were/ }).check();
      await page.getByRole("button", { name: "Save & Next" }).click();
      await expect(question(page, 2)).toBeVisible();
      // 2 (MCQ): the right option, Mark for Review & Next → answered and marked.
      await page.getByRole("radio", { name: /^B\.\s*2 : 1/ }).check();
      await page.getByRole("button", { name: "Mark for Review & Next" }).click();
      await expect(question(page, 3)).toBeVisible();
      // 3 (NAT, 2 decimals): the keypad with scripts, the keyboard without; too many decimals are refused.
      const answer = page.getByRole("textbox", { name: "Your answer" });
      if (js) {
        const keypad = page.getByRole("group", { name: "Keypad" });
        for (const key of ["0", "Decimal point", "4", "6", "5"])
          await keypad.getByRole("button", { name: key, exact: true }).click();
      } else {
        await expect(page.getByRole("group", { name: "Keypad" })).toBeHidden();
        await answer.fill("0.465");
      }
      await expect(answer).toHaveValue("0.465");
      await page.getByRole("button", { name: "Save & Next" }).click();
      await expect(page.getByRole("alert")).toHaveText("Enter at most 2 decimal places.");
      await expect(question(page, 3)).toBeVisible();
      await expect(page.locator("[data-save-state]")).toHaveText("Not saved — see below");
      // The box and its reason are on screen together, the reason read with the box.
      await expect(answer).toBeInViewport();
      await expect(page.getByRole("alert")).toBeInViewport();
      await expect(answer).toHaveAccessibleDescription(/Enter at most 2 decimal places\.$/);
      if (js) {
        // The calculator: its code loads when it is first opened.
        await page.getByRole("button", { name: "Calculator" }).click();
        const calculator = page.getByRole("dialog", { name: "Scientific calculator" });
        await expect(calculator).toBeVisible();
        const keys = calculator.getByRole("group", { name: "Calculator keys" });
        for (const key of ["1", "3", "divide", "2", "8", "equals"])
          await keys.getByRole("button", { name: key, exact: true }).click();
        await expect(calculator.getByLabel("Result")).toHaveText("= 0.464285714286");
        if (!isMobile) {
          // Beside the question, as the exam's window is: the answer box takes a result meanwhile.
          await answer.fill("0.4643");
          await expect(answer).toHaveValue("0.4643");
          await answer.fill("0.465");
          await expect(calculator).toBeVisible();
          // It moves off what it covers: to the other side with one press, or by its title bar.
          const right = (await calculator.boundingBox())!;
          await calculator.getByRole("button", { name: "Move left" }).click();
          const left = (await calculator.boundingBox())!;
          expect(left.x + left.width).toBeLessThan(right.x);
          await expect(calculator.getByRole("button", { name: "Move right" })).toBeVisible();
          const title = (await calculator.getByRole("heading", { name: "Scientific calculator" }).boundingBox())!;
          await page.mouse.move(title.x + 10, title.y + 10);
          await page.mouse.down();
          await page.mouse.move(title.x + 210, title.y - 90, { steps: 5 });
          await page.mouse.up();
          const dragged = (await calculator.boundingBox())!;
          expect(Math.round(dragged.x - left.x)).toBe(200);
          expect(Math.round(dragged.y - left.y)).toBe(-100);
        }
        await page.getByRole("textbox", { name: "Expression" }).fill("sin(30)+log(100)");
        await page.getByRole("textbox", { name: "Expression" }).press("Enter");
        await expect(calculator.getByLabel("Result")).toHaveText("= 2.5");
        await shot(page, "calculator", project, js);
        await expectNoViolations(page, "calculator");
        await page.keyboard.press("Escape");
        await expect(calculator).toBeHidden();
        const keypad = page.getByRole("group", { name: "Keypad" });
        await keypad.getByRole("button", { name: "Backspace" }).click();
        // With the caret in the box, the keypad types there; letters from a keyboard stay out.
        await answer.press("End");
        await answer.press("ArrowLeft");
        await keypad.getByRole("button", { name: "Backspace" }).click();
        await expect(answer).toHaveValue("0.6");
        await keypad.getByRole("button", { name: "4", exact: true }).click();
        await expect(answer).toHaveValue("0.46");
        await answer.pressSequentially("x");
      } else await answer.fill("0.46");
      await expect(answer).toHaveValue("0.46");
      await page.getByRole("button", { name: "Save & Next" }).click();
      // Save & Next from the last GA question goes on to the subject's first.
      await expect(question(page, 4)).toBeVisible();
      await expect(page.locator("[data-save-state]")).toHaveText("Saved");
      await expect(page.getByRole("link", { name: "Chemical Engineering" })).toHaveAttribute("aria-current", "page");

      // Back to GA by its tab: the palette shows the section's statuses.
      await page.getByRole("link", { name: "General Aptitude" }).click();
      await expect(question(page, 1)).toBeVisible();
      let side = await palette(page, view);
      await expect(side.getByRole("link", { name: /^Question \d+,/ })).toHaveText([/^1$/, /^2✓$/, /^3$/]);
      await expect(side.getByRole("link", { name: "Question 1, Answered (current question)" })).toBeVisible();
      await expect(side.getByRole("link", { name: "Question 2, Answered & Marked for Review" })).toBeVisible();
      await expect(side.getByRole("link", { name: "Question 3, Answered" })).toBeVisible();
      await shot(page, "palette", project, js);
      if (js) await expectNoViolations(page, "palette");
      // Jump to 4 by the subject's tab.
      await closePalette(page, view);
      await page.getByRole("link", { name: "Chemical Engineering" }).click();
      await expect(question(page, 4)).toBeVisible();

      // 4: chosen, then cleared (still on 4), then Mark for Review & Next without an answer → marked.
      await page.getByRole("radio", { name: /^A\.\s*0/ }).check();
      await page.getByRole("button", { name: "Clear Response" }).click();
      await expect(question(page, 4)).toBeVisible();
      await expect(page.getByRole("radio", { name: /^A\.\s*0/ })).not.toBeChecked();
      await page.getByRole("button", { name: "Mark for Review & Next" }).click();
      await expect(question(page, 5)).toBeVisible();

      if (js) {
        // 5–7 offline: kept in the browser, the state says so, nothing is lost.
        await page.context().setOffline(true);
        await expect(page.locator("[data-save-state]")).toHaveText("Offline — answers will be sent when you reconnect");
      }
      await page.getByRole("radio", { name: /^C\.\s*25 000, turbulent/ }).check();
      await page.getByRole("button", { name: "Save & Next" }).click();
      await expect(question(page, 6)).toBeVisible();
      await page.getByRole("checkbox", { name: /^A\./ }).check();
      await page.getByRole("checkbox", { name: /^B\./ }).check();
      await page.getByRole("button", { name: "Save & Next" }).click();
      await expect(question(page, 7)).toBeVisible();
      await page.getByRole("textbox", { name: "Your answer" }).fill("13.86");
      await page.getByRole("button", { name: "Save & Next" }).click();
      await expect(question(page, 8)).toBeVisible();
      if (js) {
        await shot(page, "offline", project, js);
        expect(documents, "requests for pages while moving").toEqual([]);
        // Back online but the saves still fail (the server is away), then a reload: the answers are
        // kept in the browser, shown, and sent once the server answers.
        await page.route("**/save", (route) => route.abort());
        await page.context().setOffline(false);
        await page.reload();
        await expect(question(page, 8)).toBeVisible();
        await hydrated(page);
        side = await palette(page, view);
        await expect(side.getByRole("link", { name: "Question 5, Answered" })).toBeVisible();
        await expect(side.getByRole("link", { name: "Question 6, Answered" })).toBeVisible();
        await expect(side.getByRole("link", { name: "Question 7, Answered" })).toBeVisible();
        await closePalette(page, view);
        await page.unroute("**/save");
        await expect(page.locator("[data-save-state]")).toHaveText("Saved", { timeout: 20_000 });
      } else {
        // A reload without scripts comes back to the same question.
        await page.reload();
        await expect(question(page, 8)).toBeVisible();
      }
      const saved = await storedAnswers(token);
      expect([5, 6, 7].map((n) => [saved.get(n)?.status, saved.get(n)?.answer])).toEqual([
        ["answered", JSON.stringify({ type: "mcq", choices: [2] })],
        ["answered", JSON.stringify({ type: "msq", choices: [0, 1] })],
        ["answered", JSON.stringify({ type: "nat", value: "13.86" })],
      ]);

      // 8: a wrong 2-mark MCQ; 9 seen and left; 10 never visited.
      await page.getByRole("radio", { name: /^D\./ }).check();
      await page.getByRole("button", { name: "Save & Next" }).click();
      await expect(question(page, 9)).toBeVisible();
      side = await palette(page, view);
      await expect(side.getByRole("link", { name: /^Question \d+,/ })).toHaveText(["4", "5", "6", "7", "8", "9", "10"]);
      await expect(side.getByRole("link", { name: "Question 4, Marked for Review" })).toBeVisible();
      await expect(side.getByRole("link", { name: "Question 8, Answered" })).toBeVisible();
      await expect(side.getByRole("link", { name: "Question 9, Not Answered (current question)" })).toBeVisible();
      await expect(side.getByRole("link", { name: "Question 10, Not Visited" })).toBeVisible();
      // The question paper: every question at once.
      await side.getByRole("link", { name: "Question paper" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Question paper" })).toBeVisible();
      await expect(page.getByRole("link", { name: /^Go to question \d+$/ })).toHaveCount(10);
      await expectNoKeys(await page.content());
      await page.getByRole("link", { name: "Back to the question" }).click();
      await expect(question(page, 9)).toBeVisible();
      await expectNoHorizontalScroll(page);

      // Submit: the summary per section first.
      side = await palette(page, view);
      await side.getByRole("link", { name: "Submit" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Exam summary" })).toBeVisible();
      // A column per section and the total: GA 1 and 3 answered, 2 answered and marked; the subject
      // 5–8 answered, 4 marked, 9 seen, 10 never visited.
      const rows = page.getByRole("table", { name: "Question statuses by section" }).getByRole("row");
      await expect(rows).toHaveText([
        /^Status\s*General Aptitude\s*Chemical Engineering\s*Total$/,
        /^Questions\s*3\s*7\s*10$/,
        /^Not Visited\s*0\s*1\s*1$/,
        /^Not Answered\s*0\s*1\s*1$/,
        /^Answered\s*2\s*4\s*6$/,
        /^Marked for Review\s*0\s*1\s*1$/,
        /^Answered & Marked for Review\s*1\s*0\s*1$/,
      ]);
      await shot(page, "summary", project, js);
      await expectNoHorizontalScroll(page);
      if (js) await expectNoViolations(page, "summary");
      await page.getByRole("button", { name: "Yes, submit the test" }).click();

      // The result: 5 right (+6), 2 wrong (−1/3 − 2/3), 3 not attempted: 5.00 of 14.00.
      await expect(page).toHaveURL(`${attempt}/result`);
      await expect(page.getByRole("heading", { level: 1, name: `Your result: ${MOCK_TITLE}` })).toBeVisible();
      const marks = page.getByRole("region", { name: "Marks", exact: true });
      await expect(marks).toContainText("5.00 out of 14.00");
      await expect(marks).toContainText(/Correct\s*5/);
      await expect(marks).toContainText(/Wrong\s*2/);
      await expect(marks).toContainText(/Not attempted\s*3/);
      await expect(marks).toContainText("71.43 %");
      await expect(page.getByRole("table", { name: "Marks by section" }).getByRole("row")).toHaveText([
        /^Figure\s*General Aptitude\s*Chemical Engineering$/,
        /^Marks\s*2\.67 \/ 4\.00\s*2\.33 \/ 10\.00$/,
        /^Correct\s*2\s*3$/,
        /^Wrong\s*1\s*1$/,
        /^Not attempted\s*0\s*3$/,
      ]);
      await expect(page.getByRole("region", { name: "Where you stand" })).toContainText(
        /Rank \d+ of \d+ test takers · Percentile \d+\.\d{2}|You are the first to submit this test/,
      );
      await expect(page.getByText("Average time per attempted question:")).toBeVisible();
      // A sample mock is no GATE paper: no rank estimate.
      await expect(page.getByRole("region", { name: "GATE rank estimate" })).toHaveCount(0);
      await shot(page, "result", project, js);
      await expectNoHorizontalScroll(page);
      // The review: wrong answers first, each with the answer, the key and the solution.
      const review = page.getByRole("region", { name: "Review of every question" }).getByRole("article");
      await expect(review).toHaveCount(10);
      await expect(review.nth(0).getByRole("heading", { level: 3 })).toHaveText("Question 1");
      await expect(review.nth(0)).toContainText("Wrong −0.33");
      await expect(review.nth(0)).toContainText("Your answer: A");
      await expect(review.nth(0)).toContainText("Correct answer: B");
      await expect(review.nth(0)).toContainText("verb agrees with the subject");
      await expect(review.nth(1).getByRole("heading", { level: 3 })).toHaveText("Question 8");
      await expect(review.nth(1)).toContainText("Wrong −0.67");
      await expect(review.nth(2).getByRole("heading", { level: 3 })).toHaveText("Question 4");
      await expect(review.nth(2)).toContainText("Not attempted");
      await expect(review.filter({ hasText: "13.86" }).first()).toContainText("Correct +1.00");
      await review.nth(0).scrollIntoViewIfNeeded();
      await shot(page, "review", project, js);

      // Over: the exam's address shows the result, and a save is refused.
      await page.goto(`${attempt}?q=2`);
      await expect(page).toHaveURL(`${attempt}/result`);
      const late = await page.request.post(`${attempt}/save`, {
        data: {
          saves: [
            {
              position: 9,
              status: "answered",
              answer: { type: "nat", value: "1.10" },
              secondsSpent: 5,
              seq: 2_000_000_000,
            },
          ],
        },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(late.status()).toBe(409);
      expect((await storedAnswers(token)).get(9)?.status).toBe("not_answered");
      // The test's page now offers this result.
      await page.goto(MOCK);
      await expect(page.getByRole("link", { name: "See your result" })).toHaveAttribute("href", `${attempt}/result`);
      if (email) {
        // The address given with consent is a lead in the inbox.
        const lead = await db
          .selectFrom("contact_messages")
          .select("message")
          .where("email", "=", email)
          .executeTakeFirst();
        expect(lead?.message).toContain(MOCK_TITLE);
      }
    });

    test("ends by itself at the server's deadline and shows what was saved", async ({ page }) => {
      await startMock(page);
      const token = tokenOf(page);
      const attempt = `${MOCK}/attempt/${token}`;
      const hash = createHash("sha256").update(token).digest("hex");
      await page.getByRole("radio", { name: /^B\.\s*was/ }).check();
      await page.getByRole("button", { name: "Save & Next" }).click();
      await expect(question(page, 2)).toBeVisible();
      if (js) {
        // A few seconds left: the page counts down and opens the result at zero.
        await db
          .updateTable("test_attempts")
          .set({ deadline_at: new Date(Date.now() + 6000).toISOString() })
          .where("token_hash", "=", hash)
          .execute();
        await page.reload();
        await hydrated(page);
        await expect(page.getByRole("timer")).toHaveText(/^00:00:0[0-6]$/);
        await expect(page).toHaveURL(`${attempt}/result`, { timeout: 20_000 });
      } else {
        // Without scripts the server ends it: the next post after the deadline opens the result.
        await db
          .updateTable("test_attempts")
          .set({ deadline_at: new Date(Date.now() - 1000).toISOString() })
          .where("token_hash", "=", hash)
          .execute();
        await page.getByRole("button", { name: "Save & Next" }).click();
        await expect(page).toHaveURL(`${attempt}/result`);
      }
      await expect(page.getByText("The time ran out: everything you saved by then was submitted.")).toBeVisible();
      await expect(page.getByRole("region", { name: "Marks", exact: true })).toContainText("1.00 out of 14.00");
    });
  });
}

test.describe("on a slow phone", () => {
  // startMock's first Start is refused on purpose (the declaration unticked): a 400.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("Save & Next tapped while the page's scripts start: the page does not move under the finger", async ({
    page,
  }) => {
    await startMock(page);
    // The attempt page again as a phone that has not run its scripts yet.
    const release = await holdScripts(page);
    await page.reload();
    const saveAndNext = page.getByRole("button", { name: "Save & Next" });
    await page.getByRole("radio", { name: /^B\.\s*was/ }).check();
    await saveAndNext.scrollIntoViewIfNeeded();
    // Scrolled as far down as the page goes: where a page that got shorter at hydration moved.
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction(() => scrollY + innerHeight >= document.documentElement.scrollHeight - 1);
    const where = async () => ({ box: await saveAndNext.boundingBox(), scrollY: await page.evaluate(() => scrollY) });
    const before = await where();
    release();
    await hydrated(page);
    // Where the finger is, the button still is: a tap that began on it ends on it.
    expect(await where()).toEqual(before);
    await saveAndNext.click();
    await expect(question(page, 2)).toBeVisible();
    await expect.poll(async () => (await storedAnswers(tokenOf(page))).get(1)?.status).toBe("answered");
  });
});
