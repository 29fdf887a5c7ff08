import { resolve } from "node:path";
import Database from "better-sqlite3";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";

// The public GATE tools on the demo's reference data (issue 24), at 1280 and 375 px (the two
// projects), with and without JavaScript: the rank predictor inside and outside the data and for
// a paper without data, the cutoffs marked unverified, the previous-year links, the question bank.

const port = Number(process.env.E2E_PORT ?? 4300);
const databaseFile = resolve(`.cache/e2e-${port}/site.db`);

for (const javaScriptEnabled of [true, false]) {
  test.describe(`GATE tools (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("rank predictor: marks inside the data give a range from third-party points, with each year's status", async ({
      page,
    }) => {
      await page.goto("/rank-predictor");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("GATE Rank Predictor");
      await expect(page.getByLabel("Branch")).toHaveValue("ch");
      await page.getByLabel(/Your GATE marks/).fill("45");
      await page.getByLabel("Category").selectOption("obc");
      await page.getByRole("button", { name: "Predict My Rank" }).click();
      // A shareable address that lands on the answer, which sits below the form on a phone.
      await expect(page).toHaveURL(/\?marks=45&branch=ch&category=obc#result$/);

      const result = page.getByRole("region", { name: "Your estimated rank" });
      await expect(result).toContainText("About AIR 415");
      await expect(result).toBeInViewport({ ratio: 0.9 });
      await expect(result).toContainText("between 49 marks (AIR 261) and 40 marks (AIR 740)");
      await expect(result).toContainText("Data support: Low: one year's points cover your marks");
      await expect(result).toContainText("third-party estimates, not on official GATE data");
      await expect(page.getByText("1000 - 1500")).toHaveCount(0);

      const years = page.getByRole("table", { name: /each year's figures \(OBC-NCL category\)/ });
      const row2024 = years.getByRole("row", { name: /^2024/ });
      await expect(row2024).toContainText("22.5");
      await expect(row2024).toContainText("Unverified");
      await expect(row2024).toContainText("Qualified");
      await expect(row2024).toContainText("the mean of the top 0.1 % (Mt) not yet added");
      await expect(years.getByRole("row", { name: /^2023/ })).toContainText("Qualifying marks not yet added");

      await expect(page.getByRole("img", { name: /Marks against All-India Rank, Chemical Engineering/ })).toBeVisible();
      await expect(page.locator("svg text", { hasText: "Your marks: 45" })).toHaveCount(1);
      const points = page.getByRole("table", { name: /Marks-vs-rank points on record/ });
      await expect(points.getByRole("row")).toHaveCount(8);
      await expect(points.getByText("Third-party estimate").first()).toBeVisible();
      await expect(points.getByText("used for your estimate")).toHaveCount(2);
      await expectNoHorizontalScroll(page);
    });

    test("rank predictor: above the data there is no range, and a paper without points says so", async ({ page }) => {
      await page.goto("/rank-predictor?marks=95&branch=ch&category=general");
      const result = page.getByRole("region", { name: "Your estimated rank" });
      await expect(result).toContainText("Better than AIR 10: your marks are above the best point on record (80 marks");
      await expect(result).toContainText("We do not estimate past the data");
      await expect(result).not.toContainText("About AIR");

      await page.getByLabel("Branch").selectOption("cs");
      await page.getByRole("button", { name: "Predict My Rank" }).click();
      await expect(page).toHaveURL(/branch=cs/);
      await expect(result).toContainText(
        "We have no rank data for Computer Science and Information Technology (CS) yet, so we do not estimate a rank.",
      );
      await expect(page.getByRole("img", { name: /Marks against All-India Rank/ })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    });

    test("rank predictor: invalid marks are explained beside the field", async ({ page }) => {
      await page.goto("/rank-predictor");
      await page.getByLabel(/Your GATE marks/).fill("100.01");
      await page.getByRole("button", { name: "Predict My Rank" }).click();
      await expect(page.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
      const marks = page.getByLabel(/Your GATE marks/);
      await expect(marks).toHaveAttribute("aria-invalid", "true");
      await expect(marks).toHaveAccessibleDescription(/Marks must be between -33.33 and 100\./);
      await expect(page.getByRole("region", { name: "Your estimated rank" })).toHaveCount(0);
    });

    test("cutoffs: qualifying marks by year and category, unverified figures marked in words", async ({ page }) => {
      await page.goto("/gate-cutoffs");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("GATE Cutoffs");
      const ch = page.getByRole("table", { name: /GATE CH qualifying marks/ });
      const row2024 = ch.getByRole("row", { name: /^2024/ });
      for (const text of ["IISc Bangalore", "Unverified", "25.0", "22.5", "16.6"])
        await expect(row2024).toContainText(text);
      await expect(row2024.getByRole("link", { name: /Source ?: GATE CH 2024 qualifying marks/ })).toHaveAttribute(
        "href",
        "https://beta2.collegedunia.com/exams/gate/cutoff",
      );
      await expect(ch.getByRole("row", { name: /^2023/ })).toContainText("Not yet added");
      await expect(
        page.getByRole("region", { name: "Computer Science and Information Technology (CS)" }),
      ).toContainText("Qualifying marks for this paper are not yet added.");
      await expectNoHorizontalScroll(page);
    });

    test("question bank: no link to free tests nobody can open, no dead buttons", async ({ page }) => {
      await page.goto("/question-bank");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Question Bank");
      // The demo links two subjects to the learning app's tests, which it writes inactive
      // (tests/integration/gate-public.test.ts makes them live and follows the links).
      await expect(page.getByRole("region", { name: "Also practise in the free tests" })).toHaveCount(0);
      await expect(page.getByText("Practice link: Not yet added")).toHaveCount(0);
      await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    });
  });
}

test("previous-year papers: Chemical first, no dead buttons, and a link staff add opens in a new tab", async ({
  page,
}) => {
  await page.goto("/previous-year");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Previous Year Papers");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText(
    "Chemical Engineering (CH)",
  );
  const ch2025 = page.locator("#ch-2025");
  await expect(ch2025).toContainText("Question paper:Not yet added");
  await expect(ch2025).toContainText("Answer key:Not yet added");
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
  await expectNoHorizontalScroll(page);

  // Staff add EC 2022's links (as the GATE data manager would): the page links them at once.
  const db = new Database(databaseFile);
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(
      "update gate_previous_papers set question_paper_url = ?, answer_key_url = ? where year = 2022 and paper_id = (select id from gate_papers where code = 'EC')",
    ).run("https://example.org/gate-2022-ec-paper.pdf", "https://example.org/gate-2022-ec-key.pdf");
    db.prepare("update content_version set version = version + 1 where id = 1").run();
  } finally {
    db.close();
  }
  await expect(async () => {
    await page.goto("/previous-year");
    const paper = page.getByRole("link", { name: /Question paper ?: GATE EC 2022 question paper/ });
    await expect(paper).toHaveAttribute("href", "https://example.org/gate-2022-ec-paper.pdf", { timeout: 500 });
    await expect(paper).toHaveAttribute("target", "_blank");
    await expect(paper).toHaveAttribute("rel", /noopener/);
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole("link", { name: /Answer key ?: GATE EC 2022 answer key/ })).toHaveAttribute(
    "href",
    "https://example.org/gate-2022-ec-key.pdf",
  );
});

test("site search finds the cutoffs and the previous-year papers", async ({ page }) => {
  await page.goto("/search?q=CH%202024");
  await expect(page.getByRole("link", { name: /GATE CH 2024 cutoff/ })).toHaveAttribute(
    "href",
    "/gate-cutoffs#ch-2024",
  );
  await expect(page.getByRole("link", { name: /GATE CH 2024 question paper and answer key/ })).toBeVisible();
  await page.goto("/search?q=cutoff");
  await page.getByRole("link", { name: /GATE Cutoffs: qualifying marks/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("GATE Cutoffs");
});

test("the cutoffs page describes its table as a Dataset by this site", async ({ page }) => {
  await page.goto("/gate-cutoffs");
  const graph = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}")["@graph"];
  const dataset = graph.find((node: { "@type": string }) => node["@type"] === "Dataset");
  expect(dataset).toMatchObject({ isAccessibleForFree: true, temporalCoverage: "2024/2025" });
  expect(dataset.creator["@id"]).toMatch(/\/#organization$/);
  expect(dataset.description).toContain("unverified");
});
