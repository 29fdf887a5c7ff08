import { resolve } from "node:path";
import type { Page, Route } from "@playwright/test";
import { createDb, type DB } from "../app/db/client.server";
import { ensureQuestions, type QuestionSpec } from "../tests/support/questions";
import { expectNoViolations, hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";

// The question bank as an aspirant uses it (issue 46), at 1280 and 375 px, with and without
// JavaScript: /question-bank's counts computed from the published questions, practice one question
// at a time (an MCQ, and a NAT through the on-screen keypad), right or wrong with the solution, a
// question found through the header search with its own page, and a report of a problem. The
// answer is in neither the page nor its route data before the aspirant answers.
//
// The questions are written into the server's database (as staff's save writes them) in a subject
// the demo's samples leave empty, by whichever project comes first.

const port = Number(process.env.E2E_PORT ?? 4300);
const databaseFile = resolve(`.cache/e2e-${port}/site.db`);

const SUBJECT = "chemical-technology";
// Words only the solutions hold, to look for in what the browser is sent.
const MCQ_SOLUTION = "Kestrel note";
const NAT_SOLUTION = "Pelican note";

const questions: QuestionSpec[] = [
  {
    slug: "e2e-urea-carbamate",
    subject: SUBJECT,
    topic: "fertilizers-ammonia-urea-ssp-and-tsp",
    text: "In urea manufacture, ammonia reacts with which gas to form ammonium carbamate?",
    options: ["Carbon monoxide", "Carbon dioxide", "Nitrogen", "Methane"],
    correct: [1],
    difficulty: "easy",
    solution: `${MCQ_SOLUTION}: ammonia and carbon dioxide form ammonium carbamate, $2\\,NH_3 + CO_2 \\to NH_2COONH_4$, which dehydrates to urea.`,
  },
  {
    slug: "e2e-contact-process-moles",
    subject: SUBJECT,
    topic: "inorganic-chemical-industries-sulfuric-acid",
    type: "nat",
    text: "In the contact process, how many moles of $SO_2$ are oxidised per mole of $H_2SO_4$ made?",
    nat: { min: 1, max: 1, decimals: 1 },
    solution: `${NAT_SOLUTION}: one mole of $SO_2$ gives one mole of $SO_3$, absorbed as one mole of acid.`,
  },
  {
    // Test data only: it checks how a previous-year question is labelled, and is no GATE question.
    slug: "e2e-previous-year-label",
    subject: SUBJECT,
    topic: "petroleum-refining-and-petrochemicals",
    source: "gate",
    gateYear: 2023,
    gateQuestionNo: 7,
    text: "Browser test question about catalytic reforming octane, labelled as a previous-year question.",
    options: ["Raises octane", "Lowers octane", "Removes sulphur only", "Cracks residue"],
    correct: [0],
    solution: "Reforming converts naphthenes and paraffins to aromatics, raising the octane number.",
  },
];

let db: DB;
test.beforeAll(async () => {
  db = createDb(`file:${databaseFile}`).db;
  await ensureQuestions(db, questions);
});
test.afterAll(async () => {
  await db.destroy();
});

/** How many published questions the subject holds, read from the database. */
async function publishedIn(subject: string) {
  const { n } = await db
    .selectFrom("questions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "published")
    .where("subject", "=", subject)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The practice page's route data, as a client-side navigation would fetch it. */
async function routeData(page: Page, path: string) {
  const [pathname, search] = path.split("?");
  const response = await page.request.get(`${pathname}.data${search ? `?${search}` : ""}`);
  expect(response.status()).toBe(200);
  return response.text();
}

/** Holds the answer's POST for a moment, so that what shows before the server answers can be seen. */
async function slowChecks(page: Page) {
  await page.route("**/question-bank/**.data*", async (route: Route) => {
    if (route.request().method() === "POST") await new Promise((done) => setTimeout(done, 800));
    await route.continue();
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the question bank (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("/question-bank shows the counts the published questions give, and says where there are none", async ({
      page,
    }) => {
      const count = await publishedIn(SUBJECT);
      expect(count).toBe(3);
      const card = page.locator(`#subject-${SUBJECT}`);
      // The questions were written by this process, not through the server: the server sees such a
      // write at its next read of the content version (every half second, later on a loaded host).
      await expect(async () => {
        await page.goto("/question-bank");
        await expect(card).toContainText(`${count} questions`, { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(card.getByRole("heading", { name: "Chemical Technology" })).toBeVisible();
      await expect(
        card.getByRole("link", { name: /^Fertilizers \(ammonia, urea, SSP and TSP\) \(1\)$/ }),
      ).toBeVisible();
      await expect(page.locator("#subject-plant-design-and-economics")).toContainText("No questions yet");
      await expect(page.getByRole("link", { name: /^Previous-year GATE questions only \(\d+\)$/ })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await card.getByRole("link", { name: /Practise all 3 questions/ }).click();
      await expect(page).toHaveURL(/\/question-bank\/practice\?subject=chemical-technology$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Practice: Chemical Technology");
    });

    test("practises an MCQ: no answer in the page or its data before the check, then the verdict and the solution", async ({
      page,
    }) => {
      const path = `/question-bank/practice?subject=${SUBJECT}`;
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 2, name: "Question 1 of 3" })).toBeVisible();
      await expect(page.getByText("In urea manufacture")).toBeVisible();
      // Before an answer: neither the page nor its route data holds the key or the solution.
      for (const text of [await page.content(), await routeData(page, path)]) {
        expect(text).toContain("Carbon dioxide");
        expect(text).not.toContain(MCQ_SOLUTION);
        expect(text).not.toContain("Correct answer");
        expect(text).not.toMatch(/"correct"|solution_html|solutionHtml/);
      }
      await expectNoHorizontalScroll(page);

      if (javaScriptEnabled) {
        await hydrated(page);
        await slowChecks(page);
      }
      await page.getByRole("radio", { name: /A\.\s*Carbon monoxide/ }).check();
      await page.getByRole("button", { name: "Check" }).click();
      if (javaScriptEnabled) {
        // At once, before the server answers: what was sent, as sent.
        await expect(page.getByText("Your answer: A. Checking…")).toBeVisible({ timeout: 500 });
        await expect(page.getByRole("button", { name: "Checking…" })).toBeDisabled();
      }
      const verdict = page.getByRole("region", { name: "Solution" });
      await expect(verdict).toContainText("✗ Wrong");
      await expect(verdict).toContainText("Correct answer: B");
      await expect(verdict).toContainText(MCQ_SOLUTION);
      await expect(verdict.locator("math").first()).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "Carbon dioxide" })).toContainText("Correct answer");
      // axe runs as a script in the page: with JavaScript only.
      if (javaScriptEnabled) await expectNoViolations(page, "answered");
      if (javaScriptEnabled) {
        // This browser's progress: one done, wrong, marked on the list.
        await expect(page.getByText(/On this device: \d+ done/)).toBeVisible();
        await expect(page.getByRole("link", { name: "1 (answered wrong)" })).toBeVisible();
      }
      await expectNoHorizontalScroll(page);
      await page.getByRole("link", { name: "Next question" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Question 2 of 3" })).toBeVisible();
    });

    test("practises a NAT with the keypad (typing it without JavaScript) and is told it is right", async ({ page }) => {
      await page.goto(`/question-bank/practice?subject=${SUBJECT}&type=nat`);
      await expect(page.getByRole("heading", { level: 2, name: "Question 1 of 1" })).toBeVisible();
      await expect(page.getByText("Enter a number with up to 1 decimal place.")).toBeVisible();
      expect(await page.content()).not.toContain(NAT_SOLUTION);
      const answer = page.getByRole("textbox", { name: "Your answer" });
      await expect(answer).toHaveAttribute("inputmode", "decimal");
      const keypad = page.getByRole("group", { name: "Keypad" });
      if (javaScriptEnabled) {
        await hydrated(page);
        await keypad.getByRole("button", { name: "7", exact: true }).click();
        await keypad.getByRole("button", { name: "Clear" }).click();
        for (const key of ["1", "Decimal point", "0"])
          await keypad.getByRole("button", { name: key, exact: true }).click();
        await expect(answer).toHaveValue("1.0");
      } else {
        // Without scripts the keypad is not shown: the field takes the number.
        await expect(keypad).toBeHidden();
        await answer.fill("1.0");
      }
      await page.getByRole("button", { name: "Check" }).click();
      const verdict = page.getByRole("region", { name: "Solution" });
      await expect(verdict).toContainText("✓ Right");
      await expect(verdict).toContainText("Your answer: 1.0");
      await expect(verdict).toContainText(NAT_SOLUTION);
      await expectNoHorizontalScroll(page);
    });

    test("finds a question through the header search, and its page reveals the answer on request", async ({
      page,
      isMobile,
    }) => {
      await page.goto("/question-bank");
      if (isMobile) {
        await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
        await page.getByRole("searchbox", { name: "Search" }).fill("urea ammonium carbamate");
        await page.getByRole("searchbox", { name: "Search" }).press("Enter");
      } else {
        await page.getByPlaceholder("Type here to search...").fill("urea ammonium carbamate");
        await page.getByPlaceholder("Type here to search...").press("Enter");
      }
      const results = page.getByRole("region", { name: "Practice Questions" });
      await results.getByRole("link", { name: /In urea manufacture, ammonia reacts/ }).click();
      await expect(page).toHaveURL(/\/question-bank\/q\/e2e-urea-carbamate$/);
      await expect(page).toHaveTitle(/^In urea manufacture, ammonia reacts with which gas to form ammonium/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        /\/question-bank\/q\/e2e-urea-carbamate$/,
      );
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs.getByRole("link")).toHaveText(["Question Bank", "Chemical Technology", /^Fertilizers/]);
      expect(await page.content()).not.toContain(MCQ_SOLUTION);
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("button", { name: "Show answer" }).click();
      const verdict = page.getByRole("region", { name: "Solution" });
      await expect(verdict).toContainText("Correct answer: B");
      await expect(verdict).toContainText(MCQ_SOLUTION);
      // The answer shown has no address of its own.
      await expect(page).toHaveURL(/\/question-bank\/q\/e2e-urea-carbamate(#answer-\d+)?$/);
      await expectNoHorizontalScroll(page);
    });

    test("a previous-year question says its year and number", async ({ page }) => {
      await page.goto("/question-bank/q/e2e-previous-year-label");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("GATE 2023, Q7: Chemical Technology");
      await expect(page).toHaveTitle(/^GATE 2023, Q7: /);
      await page.goto("/question-bank/practice?source=gate");
      await expect(page.getByText("GATE 2023, Q7")).toBeVisible();
    });

    test("reports a problem with a question, which staff then have", async ({ page }) => {
      const message = `The key looks wrong to me (${javaScriptEnabled ? "js" : "no-js"} ${Date.now()})`;
      await page.goto("/question-bank/q/e2e-urea-carbamate");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByText("Report a problem with this question").click();
      await page.getByRole("textbox", { name: "What is wrong?" }).fill(message);
      await page.getByRole("textbox", { name: /Your e-mail/ }).fill("aspirant@example.com");
      await page.getByRole("button", { name: "Send report" }).click();
      await expect(page.getByText("Thank you. Your report has reached our team")).toBeVisible();
      const stored = await db
        .selectFrom("question_reports as r")
        .innerJoin("questions as q", "q.id", "r.question_id")
        .select(["q.slug", "r.email", "r.status"])
        .where("r.message", "=", message)
        .execute();
      expect(stored).toEqual([{ slug: "e2e-urea-carbamate", email: "aspirant@example.com", status: "new" }]);
    });
  });
}

test.describe("a question that is not published", () => {
  test.use({ allowedConsoleErrors: [/404/] });

  test("has no page", async ({ page }) => {
    const response = await page.goto("/question-bank/q/no-such-question");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Question not found");
  });
});
