import { createHash } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreviousPaperList } from "~/components/gate/previous-paper-list";
import { currentVersions } from "~/db/content-version.server";
import { mediaBlobs } from "~/db/queries/media.server";
import { demoArtwork } from "~/db/seed/demo-artwork";
import { seedDemoContent } from "~/db/seed/demo-content.server";
import { seedFixedData } from "~/db/seed/fixed-data.server";
import { DEMO_PICTURES_BY, renderDemoPicture, seedDemoPictures } from "~/lib/media/demo-pictures.server";
import { mediaUrl } from "~/lib/media/media-url";
import { inlinedPicture } from "~/lib/media/page-media.server";
import { receiveMediaUpload } from "~/lib/media/upload.server";
import { testSeriesHref } from "~/lib/test-series-link";
import { loader as courseDetailLoader } from "~/routes/public/course-detail";
import { loader as coursesLoader } from "~/routes/public/courses";
import { loader as ebooksLoader } from "~/routes/public/ebooks";
import { loader as freeMaterialsLoader } from "~/routes/public/free-materials";
import { loader as homeLoader } from "~/routes/public/home/route";
import { loader as previousYearLoader } from "~/routes/public/previous-year";
import { loader as testSeriesDetailLoader } from "~/routes/public/test-series-detail";
import { loader as testSeriesLoader } from "~/routes/public/test-series";
import { handmadePdf } from "../support/media-files";
import { contextWith } from "../support/router-context";
import { openTestDb, type TestDb } from "../support/test-db";

// The media library on the public pages (issue 45), on each engine: the demo seed's pictures
// (stored once by hash, shown by the demo rows that still have their placeholder, a second run
// writing nothing, staff edits kept), the public loaders handing each library picture over with
// its width, height and alt text, and /previous-year showing an uploaded paper with its size and
// source. No paper is invented.

const engine = process.env.TEST_ENGINE;
let t: TestDb;
const db = () => t.db;

function args(path: string, params: Record<string, string> = {}) {
  const url = new URL(path, "http://localhost");
  return { request: new Request(url), url, pattern: url.pathname, params, context: contextWith(t.db) };
}
// The loaders are typed for the router; these tests call them as the router does.
const call = <T>(loader: (a: never) => T, path: string, params?: Record<string, string>) =>
  loader(args(path, params) as never);

async function count(table: "media_files" | "media_chunks" | "hero_banners" | "ebooks" | "free_materials") {
  const row = await db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function storedBytes(hash: string, size: number) {
  const pieces: Uint8Array[] = [];
  for await (const piece of mediaBlobs.read(db(), hash, 0, size - 1)) pieces.push(piece);
  return Buffer.concat(pieces);
}

/** The library file each demo picture became, by its display name. */
async function demoFiles() {
  const files = await db().selectFrom("media_files").selectAll().where("created_by", "=", DEMO_PICTURES_BY).execute();
  return new Map(files.map((file) => [file.filename, file]));
}

const urlOf = async (filename: string) => mediaUrl((await demoFiles()).get(filename)!);

beforeAll(async () => {
  t = await openTestDb();
  await seedFixedData(t.db);
  await seedDemoContent(t.db);
});
afterAll(() => t.cleanup());

describe(`the demo's pictures on ${engine}`, () => {
  it("are stored once each, by the hash of their bytes, and the demo rows show them", async () => {
    expect(await seedDemoPictures(db())).toEqual({ stored: demoArtwork.length, rows: 16 });
    const files = await demoFiles();
    expect(files.size).toBe(demoArtwork.length);
    for (const art of demoArtwork) {
      const file = files.get(art.filename)!;
      expect(file).toMatchObject({ kind: "image", mime: "image/webp", width: art.width, height: art.height });
      expect(file).toMatchObject({ title: art.title, alt_text: art.alt, is_decorative: false });
      const bytes = await storedBytes(file.hash, file.size);
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(file.hash);
      // Drawn again, the same picture: the same bytes.
      expect((await renderDemoPicture(art)).equals(bytes)).toBe(true);
    }

    // The home page's first banner keeps its SVG (it travels inside the page); the other two active ones show the library's.
    const banners = await db()
      .selectFrom("hero_banners")
      .select(["image_url", "is_active"])
      .orderBy("display_order")
      .execute();
    expect(banners.map((b) => b.image_url)).toEqual([
      "/images/banners/gate-2026-ch-test-series.svg",
      await urlOf("iocl-test-series-banner.webp"),
      await urlOf("free-tests-every-week-banner.webp"),
      "/images/banners/psu-interview-guidance.svg",
    ]);
    const popup = await db().selectFrom("welcome_popup").select("image_url").executeTakeFirstOrThrow();
    expect(popup.image_url).toBe(await urlOf("welcome-popup-picture.webp"));

    const gate = await urlOf("gate-ch-test-series.webp");
    const iocl = await urlOf("iocl-test-series.webp");
    const series = await db().selectFrom("test_series").select(["id", "image"]).orderBy("id").execute();
    expect(series.map((s) => s.image)).toEqual([gate, iocl]);
    const courses = await db().selectFrom("courses").select(["id", "image"]).orderBy("id").execute();
    expect(courses.map((c) => c.image)).toEqual([
      gate,
      iocl,
      "/images/catalog/fluid-mechanics-free.svg",
      "/images/catalog/aptitude-free.svg",
    ]);

    // Every active e-book and material has its own cover; the inactive ones were left as they were.
    for (const table of ["ebooks", "free_materials"] as const) {
      const rows = await db().selectFrom(table).select(["title", "cover_url", "is_active"]).execute();
      const covers = rows.filter((r) => r.is_active).map((r) => r.cover_url);
      expect(covers.every((c) => c?.startsWith("/media/"))).toBe(true);
      expect(new Set(covers).size).toBe(covers.length);
      expect(rows.filter((r) => !r.is_active).map((r) => r.cover_url)).toEqual([null]);
    }

    // No paper is invented: every previous-year row still says "not yet added".
    const papers = await db()
      .selectFrom("gate_previous_papers")
      .select(["question_paper_url", "answer_key_url"])
      .execute();
    expect(papers.length).toBeGreaterThan(0);
    expect(papers.every((p) => p.question_paper_url === null && p.answer_key_url === null)).toBe(true);
    expect(await db().selectFrom("media_files").select("id").where("kind", "=", "document").execute()).toEqual([]);
  });

  it("a second seed writes nothing, and leaves what staff changed as it is", async () => {
    const before = {
      files: await count("media_files"),
      chunks: await count("media_chunks"),
      banners: await count("hero_banners"),
      ebooks: await count("ebooks"),
      materials: await count("free_materials"),
      version: (await currentVersions(db())).content,
    };
    await seedDemoContent(db());
    expect(await seedDemoPictures(db())).toEqual({ stored: 0, rows: 0 });
    expect({
      files: await count("media_files"),
      chunks: await count("media_chunks"),
      banners: await count("hero_banners"),
      ebooks: await count("ebooks"),
      materials: await count("free_materials"),
      version: (await currentVersions(db())).content,
    }).toEqual(before);

    // Staff took a material's cover away and put their own picture on a banner.
    await db()
      .updateTable("free_materials")
      .set({ cover_url: null, updated_at: new Date().toISOString() })
      .where("title", "=", "Thermodynamics Revision Sheet")
      .execute();
    const iocl = await urlOf("iocl-test-series-banner.webp");
    await db()
      .updateTable("hero_banners")
      .set({ image_url: "https://cdn.example.in/iocl.png" })
      .where("image_url", "=", iocl)
      .execute();
    await seedDemoContent(db());
    expect(await seedDemoPictures(db())).toEqual({ stored: 0, rows: 0 });
    const material = await db()
      .selectFrom("free_materials")
      .select("cover_url")
      .where("title", "=", "Thermodynamics Revision Sheet")
      .executeTakeFirstOrThrow();
    expect(material.cover_url).toBeNull();
    expect(await count("hero_banners")).toBe(before.banners);
    const banners = await db().selectFrom("hero_banners").select("image_url").execute();
    expect(banners.map((b) => b.image_url)).toContain("https://cdn.example.in/iocl.png");
    expect(banners.map((b) => b.image_url)).not.toContain(iocl);
  });
});

const picture = (filename: string) => {
  const art = demoArtwork.find((a) => a.filename === filename)!;
  return { filename, width: art.width, height: art.height, alt_text: art.alt, is_decorative: false };
};

describe(`public loaders on ${engine}`, () => {
  it("hand over each library picture with its width, height and alt text; other addresses get none", async () => {
    const home = await call(homeLoader, "/");
    expect(home.heroBanners.map((b) => b.picture && b.picture.filename)).toEqual([
      null, // the SVG
      null, // staff's own URL (the test above)
      "free-tests-every-week-banner.webp",
    ]);
    // A banner with words of its own and the popup (its heading says it) do not carry the file's alt text.
    expect(home.heroBanners[2]!.picture).toMatchObject({
      ...picture("free-tests-every-week-banner.webp"),
      alt_text: null,
    });
    expect(home.welcomePopup!.picture).toMatchObject({ ...picture("welcome-popup-picture.webp"), alt_text: null });
    expect(home.courses.map((c) => c.picture?.filename)).toEqual(["gate-ch-test-series.webp", "iocl-test-series.webp"]);

    const courses = await call(coursesLoader, "/courses");
    expect(courses.courses[0]!.picture).toMatchObject(picture("gate-ch-test-series.webp"));
    const seriesList = await call(testSeriesLoader, "/test-series");
    expect(seriesList.testSeries[1]!.picture).toMatchObject(picture("iocl-test-series.webp"));
    const course = await call(courseDetailLoader, "/courses/3", { id: "3" });
    expect("course" in course && course.course?.picture).toMatchObject(picture("iocl-test-series.webp"));
    const title = seriesList.testSeries[0]!.title;
    const detail = await call(testSeriesDetailLoader, testSeriesHref(title), {
      param: decodeURIComponent(testSeriesHref(title).split("/").pop()!),
    });
    expect("series" in detail && detail.series?.picture).toMatchObject(picture("gate-ch-test-series.webp"));

    const ebooks = await call(ebooksLoader, "/ebooks");
    expect(ebooks.ebooks.items[0]!.picture).toMatchObject(picture("gate-ch-formula-handbook-cover.webp"));
    const materials = await call(freeMaterialsLoader, "/free-materials");
    const items = materials.materials.items;
    expect(items[0]!.picture).toMatchObject(picture("gate-ch-topic-analysis-cover.webp"));
    // The material staff took the cover from shows the spec's placeholder.
    expect(items.find((m) => m.title === "Thermodynamics Revision Sheet")).toMatchObject({
      cover_url: null,
      picture: null,
    });
  });

  it("make the page's first picture ready to travel inside the document when it is small", async () => {
    await call(freeMaterialsLoader, "/free-materials");
    const file = (await demoFiles()).get("gate-ch-topic-analysis-cover.webp")!;
    expect(file.size).toBeLessThanOrEqual(4096);
    const inline = inlinedPicture(mediaUrl(file));
    expect(inline).toMatch(/^data:image\/webp;base64,/);
    expect(Buffer.from(inline!.split(",")[1]!, "base64").equals(await storedBytes(file.hash, file.size))).toBe(true);
    // Only the first: the second card's cover loads as a file.
    const second = (await demoFiles()).get("thermodynamics-revision-sheet-cover.webp")!;
    expect(inlinedPicture(mediaUrl(second))).toBeUndefined();
  });
});

describe(`/previous-year on ${engine}`, () => {
  it("lists a paper uploaded to the library with its type, size and source; other years stay not yet added", async () => {
    const pdf = handmadePdf("GATE 2025 CH question paper", 1.2 * 1024 * 1024);
    const uploaded = await receiveMediaUpload(
      db(),
      new File([pdf as Uint8Array<ArrayBuffer>], "GATE 2025 CH.pdf", { type: "application/pdf" }),
      { userId: "staff", email: "staff@example.com" },
      {
        fields: {
          title: "GATE 2025 CH question paper",
          source_url: "https://gate2025.iitr.ac.in/question-papers.html",
          source_read_on: "2025-03-01",
        },
      },
    );
    if (!uploaded.ok) throw new Error(uploaded.formError);
    const href = mediaUrl(uploaded.file);
    expect(href).toMatch(/^\/media\/[0-9a-f]{64}\/gate-2025-ch\.pdf$/);
    const ch = await db().selectFrom("gate_papers").select("id").where("code", "=", "CH").executeTakeFirstOrThrow();
    await db()
      .updateTable("gate_previous_papers")
      .set({ question_paper_url: href })
      .where("paper_id", "=", ch.id)
      .where("year", "=", 2025)
      .execute();

    const { papers } = await call(previousYearLoader, "/previous-year");
    const paper = papers.find((p) => p.code === "CH")!;
    const [y2025, y2024] = paper.years;
    expect(y2025).toMatchObject({
      year: 2025,
      question_paper: {
        href,
        mime: "application/pdf",
        size: pdf.length,
        source_url: "https://gate2025.iitr.ac.in/question-papers.html",
        source_read_on: "2025-03-01",
      },
      answer_key: null,
    });
    expect(y2024).toMatchObject({ year: 2024, question_paper: null, answer_key: null });

    const html = renderToStaticMarkup(createElement(PreviousPaperList, { paper, years: paper.years }));
    // What the page shows: the words screen readers hear besides (sr-only) left out.
    const text = html
      .replace(/<span class="sr-only">.*?<\/span>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(html).toContain(`href="${href}" target="_blank"`);
    expect(text).toContain(
      "GATE 2025 Question paper (PDF, 1.2 MB) Answer key: Not yet added Source (retrieved 2025-03-01)",
    );
    expect(html).toContain('href="https://gate2025.iitr.ac.in/question-papers.html"');
    expect(text).toMatch(/GATE 2024 Question paper: Not yet added/);
  });
});
