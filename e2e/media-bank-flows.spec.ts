import { randomBytes } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { paperYearAnchor } from "../app/lib/gate/anchors";
import { handmadePdf } from "../tests/support/media-files";
import { hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test as base } from "./support/fixtures";
import { createManagersAdmin, managersPort, MANAGERS_PASSWORD } from "./support/managers";

// The media library and the question bank from end to end (issues 45 and 46), each flow at 1280
// and 375 px, with and without JavaScript, as staff and then as a visitor (the same page, its
// cookies cleared):
// - staff upload a banner picture in the banner form, and the hero on / shows it from its /media/
//   address with its own width and height, as a variant the browser chose;
// - staff upload the CH 2025 question paper (a small PDF made here): in place in the paper's form
//   with JavaScript, into the library with its source and then picked in the form without; a
//   visitor opens it from /previous-year (a /media/ address served as application/pdf);
// - staff upload a diagram to the library and write a question with math and that diagram in its
//   text and solution, preview it and publish it; a visitor finds its topic on /question-bank,
//   practises it, is told it is right and sees the solution (MathML, the diagram with its alt
//   text), and finds the question through the header search; before the answer neither the page
//   nor its route data holds the key or the solution.
// Uploads and edits change shared content, so this runs on the managers' server
// (e2e/support/managers.ts). Banner 2 and the CH 2025 row are put back at each test's end; each
// question sits on a syllabus topic no other test uses, and is unpublished at its test's end.

const stamp = Date.now().toString(36);
const managersURL = `http://127.0.0.1:${managersPort}`;

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/** `test` signed in as staff of the managers' server: one admin per worker, signed in once. */
const test = base.extend<object, { staffSession: StorageState }>({
  staffSession: [
    async ({ playwright }, use) => {
      const email = createManagersAdmin();
      const request = await playwright.request.newContext({ baseURL: managersURL });
      const response = await request.post("/admin/login", {
        form: { email, password: MANAGERS_PASSWORD },
        headers: { Origin: managersURL },
        maxRedirects: 0,
      });
      if (response.status() !== 302) throw new Error(`sign-in failed: ${response.status()}`);
      const state = await request.storageState();
      await request.dispose();
      // Without the sign-in's one-time toast, which would show on the first page of every test.
      await use({ ...state, cookies: state.cookies.filter((cookie) => cookie.name !== "gate.flash") });
    },
    { scope: "worker" },
  ],
  storageState: async ({ staffSession }, provide) => {
    await provide(staffSession);
  },
});

interface Variant {
  width: 1280 | 375;
  javaScript: boolean;
}

const variants: Variant[] = [
  { width: 1280, javaScript: true },
  { width: 1280, javaScript: false },
  { width: 375, javaScript: true },
  { width: 375, javaScript: false },
];

const nameOf = ({ width, javaScript }: Variant) => `${width} px, JavaScript ${javaScript ? "on" : "off"}`;
/** A tag for a variant's files and words, unique in the run. */
const tagOf = ({ width, javaScript }: Variant) => `${stamp}x${width}${javaScript ? "js" : "nojs"}`;
/** A colour of its own for each picture, so that each is a file of its own (the library stores
 * identical bytes once, and says so instead of "uploaded"). */
const freshColour = () => `#${randomBytes(3).toString("hex")}`;

/** The browser of a variant: the mobile project's phone at 375 px, the managers' desktop at 1280. */
const browserOf = ({ width, javaScript }: Variant) =>
  width === 375
    ? {
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        javaScriptEnabled: javaScript,
      }
    : { viewport: { width: 1280, height: 800 }, javaScriptEnabled: javaScript };

/** A 3:1 banner picture with a white band across it. */
function bannerPicture(colour: string) {
  return sharp({ create: { width: 1200, height: 400, channels: 3, background: colour } })
    .composite([
      { input: { create: { width: 1200, height: 80, channels: 3, background: "#ffffff" } }, top: 160, left: 0 },
    ])
    .png()
    .toBuffer();
}

/** A dark line of a diagram, at its place. */
const diagramLine = (top: number, left: number) => ({
  input: { create: { width: 120, height: 12, channels: 3 as const, background: "#0f172a" } },
  top,
  left,
});

/** A diagram: a tank with a feed line on its left and a product line on its right. */
function diagramPicture(colour: string) {
  return sharp({ create: { width: 480, height: 300, channels: 3, background: "#ffffff" } })
    .composite([
      { input: { create: { width: 200, height: 220, channels: 3, background: colour } }, top: 40, left: 140 },
      diagramLine(70, 20),
      diagramLine(220, 340),
    ])
    .png()
    .toBuffer();
}

const png = (name: string, buffer: Buffer) => ({ name, mimeType: "image/png", buffer });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mediaAddress = (name: string) => new RegExp(`^/media/[0-9a-f]{64}/${escape(name)}$`);

/** A toast (with JavaScript) or the flash message of the page posted to (without), by its words. */
const said = (page: Page, text: string) => page.getByText(text).first();

/** The page as a visitor sees it: no staff cookie. */
const asVisitor = (page: Page) => page.context().clearCookies();
/** Staff again, to put back what the test changed. */
const asStaff = (page: Page, session: StorageState) => page.context().addCookies(session.cookies);

/** Waits for the page's scripts, when it has any. */
async function ready(page: Page, javaScript: boolean) {
  if (javaScript) await hydrated(page);
}

/**
 * Uploads a file to the library through its drop zone (with JavaScript) or its plain form
 * (without), and returns the address staff take from its card: Copy link, or the address shown.
 */
async function uploadToLibrary(
  page: Page,
  javaScript: boolean,
  file: { name: string; mimeType: string; buffer: Buffer },
  fields: { title: string; alt?: string; sourceUrl?: string; sourceReadOn?: string },
) {
  await page.goto("/admin/media");
  await ready(page, javaScript);
  const form = page.getByRole("region", { name: "Upload a file" });
  await form.getByLabel("Title").fill(fields.title);
  if (fields.alt) await form.getByLabel("Alt text").fill(fields.alt);
  if (fields.sourceUrl) await form.getByLabel("Source URL").fill(fields.sourceUrl);
  if (fields.sourceReadOn) await form.getByLabel("Date read").fill(fields.sourceReadOn);
  if (javaScript) {
    await page.locator("input[data-drop-input]").setInputFiles(file);
    await expect(page.locator("li[data-upload-state]").first()).toContainText(`Uploaded as “${fields.title}”`);
  } else {
    await form.getByLabel("File", { exact: true }).setInputFiles(file);
    await form.getByRole("button", { name: "Upload a file" }).click();
    await expect(page.getByText("File uploaded successfully")).toBeVisible();
  }
  const card = page.getByRole("article", { name: fields.title, exact: true });
  const address = (await card.locator("code").textContent())?.trim() ?? "";
  expect(address).toMatch(mediaAddress(file.name));
  if (javaScript) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await card.getByRole("button", { name: `Copy link ${fields.title}` }).click();
    await expect(said(page, "Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  }
  return address;
}

/** Whether the element lies within the window's width (a slide in view, not one scrolled aside). */
const withinWidth = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.left >= -1 && box.right <= window.innerWidth + 1;
  });

/** Brings the hero's slide into view as a visitor would: the next arrow, or a swipe of the row. */
async function showSlide(hero: Locator, image: Locator, javaScript: boolean) {
  if (javaScript) {
    // One step, and the row's smooth scroll to settle; autoplay may have moved on meanwhile, so
    // step again until the slide is in view.
    await expect(async () => {
      if (!(await withinWidth(image))) await hero.getByRole("button", { name: "Next slide" }).click();
      await expect.poll(() => withinWidth(image), { timeout: 2_000 }).toBe(true);
    }).toPass({ timeout: 20_000 });
  } else {
    await image.scrollIntoViewIfNeeded();
    expect(await withinWidth(image)).toBe(true);
  }
}

/** A library file's folder, "/media/<hash>/": the file and its AVIF and WebP variants. */
const diagramFolder = (address: string) => address.slice(0, address.lastIndexOf("/") + 1);

/** Loaded and drawn, with the address the browser chose. */
async function loadedFrom(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
}

test.describe("issue 45: staff upload a banner and a question paper, visitors see them", () => {
  // One banner and one paper row are changed and put back: one test at a time.
  test.describe.configure({ mode: "serial" });

  for (const variant of variants) {
    test.describe(nameOf(variant), () => {
      test.use(browserOf(variant));
      const { javaScript } = variant;
      const tag = tagOf(variant);

      test("a banner picture uploaded in the banner form shows in the hero on / from its /media/ address", async ({
        page,
        staffSession,
      }) => {
        const rows = page.getByRole("region", { name: "Hero banners table" }).locator("tbody tr");
        const fileName = `banner-${tag}.png`;
        // Banner 2 is changed, never banner 1 (the media library's test picks pictures for it) nor
        // a new one (the banner manager's test counts the rows and moves the last ones).
        await page.goto("/admin/hero-banners");
        await ready(page, javaScript);
        const demoImage = (await rows.nth(1).getByRole("img").getAttribute("src"))!;
        const id = await bannerId(page, 2);
        await page.getByRole("link", { name: "Edit banner 2" }).click();
        const form = page.getByRole("region", { name: "Edit banner" });
        const words = await form.getByLabel("Words on the banner (alt text)").inputValue();
        expect(words).not.toBe("");
        const picture = png(fileName, await bannerPicture(freshColour()));
        if (javaScript) {
          // In place: uploaded at once, its address put in the field and previewed.
          await form.getByLabel("Upload new").setInputFiles(picture);
          await expect(form.getByText(/^Uploaded “.+”\. Its address is filled in above/)).toBeVisible();
          await expect(form.getByLabel("Image URL")).toHaveValue(mediaAddress(fileName));
          const url = await form.getByLabel("Image URL").inputValue();
          await expect(form.getByRole("img", { name: "Image preview" })).toHaveAttribute("src", url);
        } else {
          // A plain file input, posted with the form.
          await form.getByLabel("Or upload a new picture").setInputFiles(picture);
        }
        await form.getByRole("button", { name: "Update" }).click();
        await expect(said(page, "Banner updated successfully")).toBeVisible();
        await expect(rows.nth(1).getByRole("img")).toHaveAttribute("src", mediaAddress(fileName));
        const address = (await rows.nth(1).getByRole("img").getAttribute("src"))!;
        const hash = address.split("/")[2]!;
        await expectNoHorizontalScroll(page);

        // A visitor: the hero shows the library's picture in its own size, with the banner's words,
        // and offers its AVIF and WebP variants.
        await asVisitor(page);
        await page.goto("/");
        await ready(page, javaScript);
        const hero = page.getByRole("region", { name: "Featured offers" });
        const image = hero.locator(`img[src="${address}"]`);
        await expect(image).toHaveCount(1);
        await expect(image).toHaveAttribute("alt", words);
        await expect(image).toHaveAttribute("width", "1200");
        await expect(image).toHaveAttribute("height", "400");
        const sources = image.locator("xpath=preceding-sibling::source");
        await expect(sources).toHaveCount(2);
        await expect(sources.first()).toHaveAttribute("srcset", new RegExp(`^/media/${hash}/v/\\d+\\.avif \\d+w`));
        await expect(sources.last()).toHaveAttribute("srcset", new RegExp(`^/media/${hash}/v/\\d+\\.webp \\d+w`));
        await showSlide(hero, image, javaScript);
        expect(await loadedFrom(image)).toMatch(new RegExp(`^/media/${hash}/`));
        await expectNoHorizontalScroll(page);
        const served = await page.request.get(address);
        expect(served.status()).toBe(200);
        expect(served.headers()["content-type"]).toBe("image/png");
        expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

        // Put back: the banner's demo picture.
        await asStaff(page, staffSession);
        await page.goto(`/admin/hero-banners?edit=${id}`);
        await ready(page, javaScript);
        await page.getByRole("region", { name: "Edit banner" }).getByLabel("Image URL").fill(demoImage);
        await page.getByRole("region", { name: "Edit banner" }).getByRole("button", { name: "Update" }).click();
        await expect(said(page, "Banner updated successfully")).toBeVisible();
        await expect(rows.nth(1).getByRole("img")).toHaveAttribute("src", demoImage);
      });

      test("the CH 2025 question paper uploaded by staff opens from /previous-year as a /media/ PDF", async ({
        page,
        context,
        staffSession,
      }) => {
        // Not "question paper <stamp>": the media library's test finds its own paper by those words.
        const title = `GATE CH 2025 question paper (${tag})`;
        const sourceUrl = "https://example.org/gate-2025/ch-question-paper.pdf";
        const fileName = `ch-2025-${tag}.pdf`;
        const file = { name: fileName, mimeType: "application/pdf", buffer: handmadePdf(`CH 2025 ${tag}`) };
        if (!javaScript) {
          // Into the library first, with where it was published and when it was read.
          await uploadToLibrary(page, false, file, {
            title,
            sourceUrl,
            sourceReadOn: "2025-03-01",
          });
        }
        await page.goto("/admin/gate-previous-papers");
        await ready(page, javaScript);
        const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Edit CH 2025" }) });
        await expect(row).toHaveCount(1);
        await expect(row.getByRole("link", { name: /^Open/ })).toHaveCount(0);
        await page.getByRole("link", { name: "Edit CH 2025" }).click();
        const form = page.getByRole("region", { name: "Edit previous-year paper" });
        if (javaScript) {
          // In place: the question paper's own "Upload new".
          await form.getByLabel("Upload new").first().setInputFiles(file);
          await expect(form.getByText(/^Uploaded “.+”\. Its address is filled in above/)).toBeVisible();
          await expect(form.getByLabel("Question paper URL")).toHaveValue(mediaAddress(fileName));
        } else {
          // The field's list of recent PDFs.
          const list = form.getByLabel("Or choose a recent PDF from the library").first();
          const option = list.locator("option").filter({ hasText: title });
          await list.selectOption((await option.getAttribute("value"))!);
        }
        await form.getByRole("button", { name: "Update" }).click();
        await expect(said(page, "Previous-year paper updated successfully")).toBeVisible();
        await expect(row.getByRole("link", { name: /^Open/ })).toHaveAttribute("href", mediaAddress(fileName));

        // A visitor opens it from /previous-year, in a new tab.
        await asVisitor(page);
        await page.goto("/previous-year");
        const year = page.locator(`#${paperYearAnchor("CH", 2025)}`);
        await expect(year.getByRole("heading", { level: 3 })).toHaveText("GATE 2025");
        const link = year.getByRole("link", { name: /^Question paper \(PDF, [\d.]+ (bytes|KB)\)/ });
        await expect(link).toHaveAttribute("href", mediaAddress(fileName));
        await expect(link).toHaveAttribute("target", "_blank");
        // The library's record of where the file came from, with the day it was read.
        if (!javaScript) {
          await expect(year.getByRole("link", { name: /^Source/ })).toHaveAttribute("href", sourceUrl);
          await expect(year).toContainText("(retrieved 2025-03-01)");
        }
        await expectNoHorizontalScroll(page);
        const address = (await link.getAttribute("href"))!;
        // The tab's own answer: the PDF itself, shown in the browser.
        const opened = context.waitForEvent("response", (response) => new URL(response.url()).pathname === address);
        const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
        expect((await opened).headers()["content-type"]).toBe("application/pdf");
        await expect.poll(() => tab.url()).toBe(`${managersURL}${address}`);
        await tab.close();
        const served = await page.request.get(address);
        expect(served.status()).toBe(200);
        expect(served.headers()["content-type"]).toBe("application/pdf");
        expect(served.headers()["content-disposition"]).toMatch(/^inline/);
        expect(served.headers()["x-content-type-options"]).toBe("nosniff");
        expect((await served.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

        // Put back: the paper "not yet added", as the demo has it.
        await asStaff(page, staffSession);
        await page.goto("/admin/gate-previous-papers");
        await ready(page, javaScript);
        await page.getByRole("link", { name: "Edit CH 2025" }).click();
        await form.getByLabel("Question paper URL").fill("");
        await form.getByRole("button", { name: "Update" }).click();
        await expect(said(page, "Previous-year paper updated successfully")).toBeVisible();
        await expect(row.getByRole("link", { name: /^Open/ })).toHaveCount(0);
      });
    });
  }
});

/** The id of the banner at `position` in the table, from its Edit link. */
async function bannerId(page: Page, position: number) {
  const href = await page.getByRole("link", { name: `Edit banner ${position}` }).getAttribute("href");
  return new URL(href!, managersURL).searchParams.get("edit");
}

// ---- Issue 46 ----------------------------------------------------------------------------------

const SUBJECT = { key: "chemical-reaction-engineering", title: "Chemical Reaction Engineering" };
/** A topic per variant that no sample question and no other test uses: its set holds one question. */
const topics = [
  { key: "theories-of-reaction-rates", title: "Theories of reaction rates" },
  {
    key: "kinetics-of-enzyme-reactions-michaelis-menten",
    title: "Kinetics of enzyme reactions (Michaelis-Menten and Monod models)",
  },
  { key: "non-isothermal-reactors", title: "Non-isothermal reactors" },
  {
    key: "kinetics-of-heterogeneous-catalytic-reactions",
    title: "Kinetics of heterogeneous catalytic reactions; diffusion effects in catalysis",
  },
];

/** A page's route data, as a client-side navigation fetches it. */
async function routeData(page: Page, path: string) {
  const [pathname, search] = path.split("?");
  const response = await page.request.get(`${pathname}.data${search ? `?${search}` : ""}`);
  expect(response.status()).toBe(200);
  return response.text();
}

test.describe("issue 46: a question with math and a diagram, from the editor to practice and search", () => {
  for (const variant of variants) {
    test.describe(nameOf(variant), () => {
      test.use(browserOf(variant));
      const { javaScript, width } = variant;
      const tag = tagOf(variant);
      const topic = topics[variants.indexOf(variant)]!;

      test("staff write and publish it; a visitor practises it, sees the solution and finds it by search, the answer hidden until then", async ({
        page,
        staffSession,
      }) => {
        test.slow();
        const lead = `Tank sketch ${tag}`;
        const solutionWords = `Heron note ${tag}`;
        const textAlt = "A stirred tank with a feed line on the left and a product line on the right";
        const solutionAlt = "The same tank, its volume over its feed rate giving the residence time";

        // Staff: the diagram into the library, its address taken from its card.
        const diagram = await uploadToLibrary(
          page,
          javaScript,
          png(`tank-${tag}.png`, await diagramPicture(freshColour())),
          {
            title: `Tank diagram ${tag}`,
            alt: textAlt,
          },
        );
        const text = [
          `${lead}: the stirred tank in the diagram holds $V = 2\\,\\mathrm{m^3}$ and is fed at $v_0 = 0.5\\,\\mathrm{m^3\\,s^{-1}}$. What is its mean residence time?`,
          `![${textAlt}](${diagram})`,
        ].join("\n\n");
        const solution = [
          `${solutionWords}: the mean residence time is the volume over the feed rate,`,
          "$$\\tau = \\frac{V}{v_0} = \\frac{2}{0.5} = 4\\,\\mathrm{s}$$",
          `![${solutionAlt}](${diagram})`,
        ].join("\n\n");

        await page.goto("/admin/questions?new=1");
        await ready(page, javaScript);
        let form = page.getByRole("region", { name: "Add question" });
        await form.getByLabel("Subject", { exact: true }).selectOption({ label: SUBJECT.title });
        await form.getByLabel("Topic (a line of the syllabus)").selectOption({ label: topic.title });
        await form.getByLabel("Question text").fill(text);
        const options = ["2 s", "4 s", "1 s", "0.25 s"];
        for (const [index, option] of options.entries())
          await form.getByLabel(`Option ${"ABCD"[index]}`, { exact: true }).fill(option);
        await form.getByLabel("Option B is correct").check();
        await form.getByLabel("Solution", { exact: true }).fill(solution);

        // The server's preview: the diagram with its words, the math as MathML.
        await form.getByRole("button", { name: "Preview" }).click();
        const preview = page.getByRole("region", { name: "Preview" });
        await expect(preview.getByRole("img", { name: textAlt })).toHaveAttribute("src", diagram);
        await expect(preview.getByRole("img", { name: solutionAlt })).toHaveAttribute("src", diagram);
        await expect(preview.locator("math").first()).toBeVisible();
        await expect(preview.locator('math[display="block"] mfrac').first()).toBeVisible();
        await expect(preview).not.toContainText("$");
        if ((page.viewportSize()?.width ?? 0) >= 1280) {
          // On a laptop the preview stands beside the form, in view from the question's text down.
          const field = form.getByLabel("Question text");
          await field.scrollIntoViewIfNeeded();
          await expect(preview).toBeInViewport();
          const [fieldBox, previewBox] = [await field.boundingBox(), await preview.boundingBox()];
          expect(previewBox!.x).toBeGreaterThan(fieldBox!.x + fieldBox!.width);
        }
        form = page.getByRole("region", { name: "Add question" });
        await expect(form.getByLabel("Question text")).toHaveValue(text);
        await form.getByRole("button", { name: "Create", exact: true }).click();
        await expect(said(page, "Question created successfully")).toBeVisible();
        const row = page.getByRole("row").filter({ hasText: lead });
        await expect(row).toContainText("Draft");
        await row.getByRole("button", { name: /^Publish/ }).click();
        await expect(said(page, "Question published")).toBeVisible();
        await expect(row).toContainText("Published");
        await expectNoHorizontalScroll(page);

        // A visitor: the topic on /question-bank counts the one question and opens its set.
        await asVisitor(page);
        await page.goto("/question-bank");
        const card = page.locator(`#subject-${SUBJECT.key}`);
        await card.getByRole("link", { name: new RegExp(`^${escape(topic.title)} \\(1\\)$`) }).click();
        const practice = `/question-bank/practice?subject=${SUBJECT.key}&topic=${topic.key}`;
        await expect(page).toHaveURL(practice);
        await expect(page.getByRole("heading", { level: 2, name: "Question 1 of 1" })).toBeVisible();
        await expect(page.getByText(lead)).toBeVisible();
        // Saved as a responsive picture in the file's own size: its place is kept before it loads.
        const textDiagram = page.getByRole("img", { name: textAlt });
        await expect(textDiagram).toBeVisible();
        await expect(textDiagram).toHaveAttribute("src", diagram);
        await expect(textDiagram).toHaveAttribute("width", /^\d+$/);
        await expect(textDiagram).toHaveAttribute("height", /^\d+$/);
        expect(await loadedFrom(textDiagram)).toMatch(new RegExp(`^${diagramFolder(diagram)}`));
        await expect(page.locator("math").first()).toBeVisible();
        await expectNoHorizontalScroll(page);

        // Before an answer: neither the page nor its route data holds the key or the solution.
        for (const sent of [await page.content(), await routeData(page, practice)]) {
          expect(sent).toContain(lead);
          expect(sent).not.toContain(solutionWords);
          expect(sent).not.toContain(solutionAlt);
          expect(sent).not.toContain("Correct answer");
          expect(sent).not.toMatch(/"correct"|solution_html|solutionHtml/);
        }

        await ready(page, javaScript);
        await page.getByRole("radio", { name: /^B\.\s*4 s/ }).check();
        await page.getByRole("button", { name: "Check" }).click();
        const verdict = page.getByRole("region", { name: "Solution" });
        await expect(verdict).toContainText("✓ Right");
        await expect(verdict).toContainText("Your answer: B");
        await expect(verdict).toContainText(solutionWords);
        await expect(verdict.locator('math[display="block"] mfrac').first()).toBeVisible();
        const solutionDiagram = verdict.getByRole("img", { name: solutionAlt });
        await expect(solutionDiagram).toBeVisible();
        expect(await loadedFrom(solutionDiagram)).toMatch(new RegExp(`^${diagramFolder(diagram)}`));
        await expectNoHorizontalScroll(page);

        // Found through the header search (the search page's own box on a phone).
        if (width === 375) {
          await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
          await page.getByRole("searchbox", { name: "Search" }).fill(lead);
          await page.getByRole("searchbox", { name: "Search" }).press("Enter");
        } else {
          await page.getByPlaceholder("Type here to search...").fill(lead);
          await page.getByPlaceholder("Type here to search...").press("Enter");
        }
        await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(lead);
        expect(new URL(page.url()).pathname).toBe("/search");
        const results = page.getByRole("region", { name: "Practice Questions" });
        await results.getByRole("link", { name: new RegExp(`^${escape(lead)}`) }).click();
        await expect(page).toHaveURL(/\/question-bank\/q\/[a-z0-9-]+$/);
        await expect(page).toHaveTitle(new RegExp(`^${escape(lead)}`));
        const own = new URL(page.url()).pathname;
        for (const sent of [await page.content(), await routeData(page, own)]) {
          expect(sent).toContain(lead);
          expect(sent).not.toContain(solutionWords);
          expect(sent).not.toContain(solutionAlt);
          expect(sent).not.toContain("Correct answer");
          expect(sent).not.toMatch(/"correct"|solution_html|solutionHtml/);
        }
        await ready(page, javaScript);
        await page.getByRole("button", { name: "Show answer" }).click();
        await expect(verdict).toContainText("Correct answer: B");
        await expect(verdict.getByRole("img", { name: solutionAlt })).toBeVisible();
        await expectNoHorizontalScroll(page);

        // Put back: unpublished, so that the managers' other tests see the bank as before.
        await asStaff(page, staffSession);
        await page.goto(`/admin/questions?q=${encodeURIComponent(tag)}`);
        await ready(page, javaScript);
        await row.getByRole("button", { name: /^Unpublish/ }).click();
        await expect(said(page, "Question unpublished")).toBeVisible();
      });
    });
  }
});
