import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentVersions } from "~/db/content-version.server";
import { mediaBlobs } from "~/db/queries/media.server";
import { demoEbooks, demoFreeMaterials, seedDemoContent } from "~/db/seed/demo-content.server";
import { demoDocuments, demoLibraryTitle } from "~/db/seed/demo-documents.server";
import { seedFixedData } from "~/db/seed/fixed-data.server";
import { demoDocumentFiles } from "~/db/seed/demo-document-files";
import { seedDemoDocuments } from "~/lib/media/demo-documents.server";
import { DEMO_PICTURES_BY, seedDemoPictures } from "~/lib/media/demo-pictures.server";
import { deleteUnusedMediaFile, mediaUsage } from "~/lib/media/library.server";
import { parseMediaUrl } from "~/lib/media/media-url";
import { loader as ebooksLoader } from "~/routes/public/ebooks";
import { loader as freeMaterialsLoader } from "~/routes/public/free-materials";
import { loader as fileLoader } from "~/routes/media/file";
import { demoDocumentModule, messages, renderDemoDocument } from "../../scripts/render-demo-documents";
import { contextWith } from "../support/router-context";
import { openTestDb, type TestDb } from "../support/test-db";

// The demo's e-books and free materials link PDFs of the media library (demo content never sends
// a visitor to an address that does not exist), on each engine: one per item, written the same
// to the byte each time, saying it is demo material; stored once by hash; shown by the rows that
// still hold the demo's own link, a second seed writing nothing, whatever staff set kept; counted
// as used, so not deleted while shown.

const engine = process.env.TEST_ENGINE;
let t: TestDb;
const db = () => t.db;
const staff = { userId: "staff", email: "staff@example.com" };

function args(path: string) {
  const url = new URL(path, "http://localhost");
  return { request: new Request(url), url, pattern: url.pathname, params: {}, context: contextWith(t.db) };
}
// The loaders are typed for the router; these tests call them as the router does.
const call = <T>(loader: (a: never) => T, path: string) => loader(args(path) as never);

/** What GET of a library address answers, by the media route. */
async function fetchMedia(href: string) {
  const { hash, name } = parseMediaUrl(href)!;
  const request = new Request(`http://localhost${href}`);
  const fileArgs = { request, params: { hash, name }, context: contextWith(t.db) };
  return fileLoader(fileArgs as unknown as Parameters<typeof fileLoader>[0]);
}

async function count(table: "media_files" | "media_chunks" | "ebooks" | "free_materials") {
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

/** The words a PDFKit page shows: its text operators' strings (hex, WinAnsi), one line each. */
function shownText(pdf: Buffer) {
  const decoder = new TextDecoder("windows-1252");
  const lines = [...pdf.toString("latin1").matchAll(/\[([^\]]*)\] TJ/g)].map(([, operands]) =>
    [...operands!.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => decoder.decode(Buffer.from(hex!, "hex"))).join(""),
  );
  return lines.join(" ").replace(/\s+/g, " ");
}

async function links(table: "ebooks" | "free_materials") {
  const rows =
    table === "ebooks"
      ? await db().selectFrom("ebooks").select(["title", "pdf_link as link"]).execute()
      : await db().selectFrom("free_materials").select(["title", "material_link as link"]).execute();
  return new Map(rows.map((row) => [row.title, row.link]));
}

const changedBeforehand = {
  title: "IOCL Chemical Engineer Interview Guide",
  link: "https://example.in/iocl-guide.pdf",
};

beforeAll(async () => {
  t = await openTestDb();
  await seedFixedData(t.db);
  await seedDemoContent(t.db);
  await seedDemoPictures(t.db);
});
afterAll(() => t.cleanup());

describe(`the demo's PDFs on ${engine}`, () => {
  it("are written the same to the byte each time, and say first that they are demo material", async () => {
    expect(demoDocuments).toHaveLength(demoEbooks.length + demoFreeMaterials.length);
    const hashes = new Set<string>();
    for (const doc of demoDocuments) {
      const pdf = await renderDemoDocument(doc);
      expect((await renderDemoDocument(doc)).equals(pdf), doc.filename).toBe(true);
      hashes.add(createHash("sha256").update(pdf).digest("hex"));
      expect(pdf.subarray(0, 8).toString("latin1")).toBe("%PDF-1.7");
      expect(pdf.subarray(-6).toString("latin1")).toBe("%%EOF\n");
      const text = shownText(pdf);
      expect(text.startsWith(`${messages.label} ${doc.title} `), text).toBe(true);
      expect(text).toContain(messages.notice);
      expect(text).toContain(messages.noExamFacts);
      // What the real one will cover: the item's own description, word for word.
      expect(text).toContain(doc.description);
    }
    expect(hashes.size).toBe(demoDocuments.length);
    // What the server stores is what the script writes now: run it again after changing a text.
    for (const doc of demoDocuments)
      expect(demoDocumentFiles[doc.filename], doc.filename).toBe((await renderDemoDocument(doc)).toString("base64"));
    expect(Object.keys(demoDocumentFiles)).toHaveLength(demoDocuments.length);
    expect(await demoDocumentModule()).toContain(demoDocumentFiles[demoDocuments[0]!.filename]);
  });

  it("are stored once each and linked by every demo row still holding the demo's link", async () => {
    // Staff gave one e-book its real link before the PDFs came.
    await db()
      .updateTable("ebooks")
      .set({ pdf_link: changedBeforehand.link, updated_at: new Date().toISOString() })
      .where("title", "=", changedBeforehand.title)
      .execute();
    const version = (await currentVersions(db())).content;
    const wanted = demoDocuments.length - 1;
    expect(await seedDemoDocuments(db())).toEqual({ stored: wanted, rows: wanted });
    expect((await currentVersions(db())).content).not.toBe(version);

    const files = await db().selectFrom("media_files").selectAll().where("kind", "=", "document").execute();
    expect(files).toHaveLength(wanted);
    const byName = new Map(files.map((file) => [file.filename, file]));
    for (const doc of demoDocuments) {
      const file = byName.get(doc.filename);
      if (doc.title === changedBeforehand.title) {
        expect(file).toBeUndefined();
        continue;
      }
      expect(file).toMatchObject({ mime: "application/pdf", ext: "pdf", created_by: DEMO_PICTURES_BY });
      expect(file!.title).toBe(demoLibraryTitle(doc));
      const bytes = await storedBytes(file!.hash, file!.size);
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(file!.hash);
      expect(bytes.equals(await renderDemoDocument(doc))).toBe(true);
      expect((await links(doc.table)).get(doc.title)).toBe(`/media/${file!.hash}/${doc.filename}`);
    }
    expect((await links("ebooks")).get(changedBeforehand.title)).toBe(changedBeforehand.link);

    // No paper is invented on /previous-year.
    const papers = await db()
      .selectFrom("gate_previous_papers")
      .select(["question_paper_url", "answer_key_url"])
      .execute();
    expect(papers.every((p) => p.question_paper_url === null && p.answer_key_url === null)).toBe(true);
  });

  it("are what View opens on /ebooks and /free-materials: served as PDFs", async () => {
    const ebooks = (await call(ebooksLoader, "/ebooks")).ebooks.items;
    const materials = (await call(freeMaterialsLoader, "/free-materials")).materials.items;
    const shown = [
      ...ebooks.filter((e) => e.title !== changedBeforehand.title).map((e) => e.pdf_link),
      ...materials.map((m) => m.material_link),
    ];
    expect(shown).toHaveLength(ebooks.length - 1 + materials.length);
    expect(ebooks.length).toBeGreaterThan(1);
    expect(materials.length).toBeGreaterThan(1);
    for (const href of shown) {
      expect(href).toMatch(/^\/media\/[0-9a-f]{64}\/[a-z0-9-]+\.pdf$/);
      const response = await fetchMedia(href);
      expect(response.status, href).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(createHash("sha256").update(body).digest("hex")).toBe(parseMediaUrl(href)!.hash);
    }
  });

  it("a second seed stores and changes nothing, and leaves what staff changed as it is", async () => {
    const snapshot = async () => ({
      files: await count("media_files"),
      chunks: await count("media_chunks"),
      ebooks: await count("ebooks"),
      materials: await count("free_materials"),
      links: [...(await links("ebooks")), ...(await links("free_materials"))],
      version: (await currentVersions(db())).content,
    });
    const before = await snapshot();
    await seedDemoContent(db());
    expect(await seedDemoPictures(db())).toEqual({ stored: 0, rows: 0 });
    expect(await seedDemoDocuments(db())).toEqual({ stored: 0, rows: 0 });
    expect(await snapshot()).toEqual(before);

    // Staff linked a material's real file: the demo's stays in the library, unused, and goes.
    const title = "Thermodynamics Revision Sheet";
    const demoHref = (await links("free_materials")).get(title)!;
    const file = await db()
      .selectFrom("media_files")
      .select(["id", "hash"])
      .where("hash", "=", parseMediaUrl(demoHref)!.hash)
      .executeTakeFirstOrThrow();
    expect(await mediaUsage(db(), file.hash)).toEqual([
      { label: `Free material “${title}”`, href: expect.stringMatching(/^\/admin\/free-materials\?edit=\d+$/) },
    ]);
    expect(await deleteUnusedMediaFile(db(), staff, file.id)).toMatchObject({ deleted: false });

    await db()
      .updateTable("free_materials")
      .set({ material_link: "https://example.in/thermo.pdf", updated_at: new Date().toISOString() })
      .where("title", "=", title)
      .execute();
    expect(await mediaUsage(db(), file.hash)).toEqual([]);
    expect(await deleteUnusedMediaFile(db(), staff, file.id)).toMatchObject({ deleted: true });

    await seedDemoContent(db());
    expect(await seedDemoDocuments(db())).toEqual({ stored: 0, rows: 0 });
    expect((await links("free_materials")).get(title)).toBe("https://example.in/thermo.pdf");
    expect((await links("ebooks")).get(changedBeforehand.title)).toBe(changedBeforehand.link);
    expect(await count("media_files")).toBe(before.files - 1);
    expect((await fetchMedia(demoHref)).status).toBe(404);
  });
});
