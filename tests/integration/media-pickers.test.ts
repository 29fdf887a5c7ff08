import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createMediaFile, type MediaFile } from "~/db/queries/media.server";
import { LIBRARY_PAGE_SIZE } from "~/lib/admin/media-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { mediaUrl } from "~/lib/media/media-url";
import { receiveMediaUpload } from "~/lib/media/upload.server";
import { action as catalogueAction } from "~/routes/admin/manage/catalogue";
import { action as ebooksAction } from "~/routes/admin/manage/ebooks";
import { action as gateAction } from "~/routes/admin/manage/gate-data";
import { action as bannersAction, loader as bannersLoader } from "~/routes/admin/manage/hero-banners";
import { action as mediaAction, loader as mediaLoader } from "~/routes/admin/manage/media";
import { action as popupAction } from "~/routes/admin/manage/welcome-popup";
import { adminAndStudent, call, flash, ORIGIN, type Answer } from "./auth-support";
import { handmadePdf } from "../support/media-files";

// The picture and document fields of the managers (issue 45), on each engine: a field takes a
// media-library file of its kind by its /media/ address (canonical name kept), refuses one of
// the other kind, an unknown one or a made-up /media/ path with a message beside the field, and
// still takes a pasted https:// URL; a form posted multipart without JavaScript uploads a file in
// place and saves its address (or refuses it, storing nothing); a file picked from the form's list
// is saved. Then the library page's search, kind filter and pages, and a delete refused while a
// banner made through its manager uses the file.

const p = adminMessages.mediaPicker;
const ADMIN = "pickers-admin@example.com";
const sessions = adminAndStudent(ADMIN);
const db = () => getDb();
const actor = { userId: "pickers", email: ADMIN };

beforeEach(async () => {
  for (const table of [
    "hero_banners",
    "welcome_popup",
    "ebooks",
    "free_materials",
    "courses",
    "test_series",
    "gate_previous_papers",
    "media_variants",
    "media_chunks",
    "media_files",
    "audit_log",
  ] as const) {
    await db().deleteFrom(table).execute();
  }
});

type Handler = Parameters<typeof call>[0];

/** A manager's form posted as the browser posts it: urlencoded, or multipart with files. */
function post(handler: Handler, path: string, fields: Record<string, string>, files: Record<string, File> = {}) {
  const multipart = Object.keys(files).length > 0;
  let body: URLSearchParams | FormData = new URLSearchParams(fields);
  if (multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, file] of Object.entries(files)) form.append(name, file);
    body = form;
  }
  return call(
    handler,
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body,
      headers: { Origin: ORIGIN, Cookie: sessions.adminCookie },
    }),
  );
}

const picture = (width = 64, height = 32, colour = "#1d4ed8") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

const asFile = (bytes: Uint8Array, name: string, type = "") =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

/** A file in the library, stored as the library's own upload stores it. */
async function libraryFile(bytes: Uint8Array, name: string, fields: Record<string, string> = {}): Promise<MediaFile> {
  const outcome = await receiveMediaUpload(db(), asFile(bytes, name), actor, {
    fields: { is_decorative: "on", ...fields },
  });
  if (!outcome.ok) throw new Error(outcome.formError);
  return outcome.file;
}

const fieldErrors = (answer: Answer) => (answer.kind === "data" ? answer.data.fieldErrors : null);

/** Back to the list with the toast; the saved row may be the address's fragment (#row-12, issue 48). */
function expectSaved(answer: Answer, location: string, message: string) {
  expect(answer).toMatchObject({ kind: "redirect" });
  if (answer.kind === "redirect") expect(answer.location.replace(/#row-\d+$/, "")).toBe(location);
  expect(flash(answer)).toBe(message);
}

const countFiles = async () =>
  Number(
    (
      await db()
        .selectFrom("media_files")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const ebook = (pdf_link: string, cover_url: string) => ({
  intent: "create",
  title: "Formula Book",
  pdf_link,
  cover_url,
  is_active: "on",
});

const banner = (image_url: string, extra: Record<string, string> = {}) => ({
  intent: "create",
  image_url,
  alt_text: "Free tests every week",
  is_active: "on",
  ...extra,
});

/** A stored file made without an upload: bytes of its own, so a hash of its own. */
async function storedFile(title: string, kind: "image" | "document", at: number) {
  const bytes = randomBytes(64);
  const { createHash } = await import("node:crypto");
  const { file } = await createMediaFile(
    db(),
    actor,
    {
      hash: createHash("sha256").update(bytes).digest("hex"),
      kind,
      mime: kind === "image" ? "image/png" : "application/pdf",
      ext: kind === "image" ? "png" : "pdf",
      size: bytes.length,
      width: kind === "image" ? 40 : null,
      height: kind === "image" ? 30 : null,
      filename: `${title.toLowerCase().replace(/\s+/g, "-")}.${kind === "image" ? "png" : "pdf"}`,
      title,
      alt_text: kind === "image" ? title : null,
      is_decorative: false,
      source_url: null,
      source_read_on: null,
      created_by: ADMIN,
    },
    async function* () {
      yield bytes;
    },
    new Date(Date.UTC(2026, 0, 1, 0, at)),
  );
  return file;
}

const list = async (search: string) => {
  const answer = await call(
    mediaLoader as Handler,
    new Request(`${ORIGIN}/admin/media${search}`, { headers: { Cookie: sessions.adminCookie } }),
  );
  if (answer.kind !== "data") throw new Error("not data");
  return answer.data.library as {
    files: { title: string; kind: string }[];
    total: number;
    page: number;
    query: { search: string; kind?: string };
  };
};

describe(`the managers' picture and document fields on ${process.env.TEST_ENGINE}`, () => {
  describe("a /media/ address names a library file of the field's kind", () => {
    it("hero banners: a picture of the library is saved by its canonical address; a PDF, an unknown file, a made-up path are refused", async () => {
      const image = await libraryFile(await picture(), "Banner art.png");
      const pdf = await libraryFile(handmadePdf("Not a picture"), "paper.pdf");

      // Any name after the hash finds the file; the canonical address is what is saved.
      const saved = await post(bannersAction, "/admin/hero-banners", banner(`/media/${image.hash}/old-name.png`));
      expectSaved(saved, "/admin/hero-banners", adminMessages.heroBanners.created);
      const row = await db().selectFrom("hero_banners").selectAll().executeTakeFirstOrThrow();
      expect(row.image_url).toBe(mediaUrl(image));
      expect(row.image_url).toBe(`/media/${image.hash}/banner-art.png`);

      const refusals: [string, string][] = [
        [mediaUrl(pdf), p.pictureNeeded("Image URL")],
        [`/media/${"0".repeat(64)}/gone.png`, p.notInLibrary("Image URL")],
        ["/media/not-a-hash/x.png", p.notLibraryAddress("Image URL")],
        [`/media/${image.hash}/v/320.webp`, p.notLibraryAddress("Image URL")],
      ];
      for (const [url, message] of refusals) {
        const refused = await post(bannersAction, "/admin/hero-banners", banner(url));
        expect(refused).toMatchObject({ kind: "data", status: 400 });
        expect(fieldErrors(refused)).toEqual({ image_url: message });
        // What was typed comes back, so the form shows it beside the message.
        expect(refused.kind === "data" && refused.data.values.image_url).toBe(url);
      }
      expect(await db().selectFrom("hero_banners").select("id").execute()).toHaveLength(1);

      // A pasted external address still works where the spec has one.
      const external = await post(bannersAction, "/admin/hero-banners", banner("https://cdn.example.com/b.png"));
      expectSaved(external, "/admin/hero-banners", adminMessages.heroBanners.created);
    });

    it("e-books: the PDF link takes a library PDF and the cover a library picture, never the other way round", async () => {
      const image = await libraryFile(await picture(), "cover.png");
      const pdf = await libraryFile(handmadePdf("Formula book"), "formula book.pdf");

      const swapped = await post(ebooksAction, "/admin/ebooks", ebook(mediaUrl(image), mediaUrl(pdf)));
      expect(swapped).toMatchObject({ kind: "data", status: 400 });
      expect(fieldErrors(swapped)).toEqual({
        pdf_link: p.documentNeeded("PDF link"),
        cover_url: p.pictureNeeded("Cover image URL"),
      });
      expect(await db().selectFrom("ebooks").select("id").execute()).toEqual([]);

      const saved = await post(ebooksAction, "/admin/ebooks", ebook(mediaUrl(pdf), mediaUrl(image)));
      expectSaved(saved, "/admin/ebooks", adminMessages.ebooks.created);
      expect(await db().selectFrom("ebooks").select(["pdf_link", "cover_url"]).executeTakeFirstOrThrow()).toEqual({
        pdf_link: mediaUrl(pdf),
        cover_url: mediaUrl(image),
      });

      // The spec's message for a link that is neither, and the library's for an unknown file, together.
      const both = await post(ebooksAction, "/admin/ebooks", {
        ...ebook("ftp://x/y.pdf", `/media/${"f".repeat(64)}/c.png`),
        title: "",
      });
      expect(fieldErrors(both)).toEqual({
        title: "Title is required",
        pdf_link: "PDF link must be a valid http:// or https:// URL",
        cover_url: p.notInLibrary("Cover image URL"),
      });
    });

    it("GATE previous papers: the question paper and answer key take library PDFs; the catalogue and the popup, pictures", async () => {
      const image = await libraryFile(await picture(), "card.png");
      const pdf = await libraryFile(handmadePdf("CH 2025"), "CH 2025.pdf");
      const { id: paperId } = await db()
        .insertInto("gate_papers")
        .values({
          code: "CH",
          name: "Chemical Engineering",
          display_order: 1,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column("code").doUpdateSet({ name: "Chemical Engineering" }))
        .returning("id")
        .executeTakeFirstOrThrow();
      const paper = { intent: "create", paper_id: String(paperId), year: "2025", source_url: "" };

      const refused = await post(gateAction, "/admin/gate-previous-papers", {
        ...paper,
        question_paper_url: mediaUrl(image),
        answer_key_url: "",
      });
      expect(fieldErrors(refused)).toEqual({ question_paper_url: p.documentNeeded("Question paper URL") });
      const saved = await post(gateAction, "/admin/gate-previous-papers", {
        ...paper,
        question_paper_url: mediaUrl(pdf),
        answer_key_url: "",
      });
      expectSaved(saved, "/admin/gate-previous-papers", adminMessages.gatePreviousPapers.created);
      expect(
        await db().selectFrom("gate_previous_papers").select(["question_paper_url", "answer_key_url"]).execute(),
      ).toEqual([{ question_paper_url: mediaUrl(pdf), answer_key_url: null }]);

      const series = {
        table: "test-series",
        intent: "create",
        title: "GATE CH Full Length",
        price: "999",
        original_price: "1999",
        tests: "20",
        students: "100",
        validity_months: "12",
        description: "Twenty full tests.",
        display_order: "1",
        is_active: "on",
      };
      const wrong = await post(catalogueAction, "/admin/catalogue", { ...series, image: mediaUrl(pdf) });
      expect(fieldErrors(wrong)).toMatchObject({ image: p.pictureNeeded("Image") });
      const right = await post(catalogueAction, "/admin/catalogue", { ...series, image: mediaUrl(image) });
      expect(right).toMatchObject({ kind: "redirect" });
      expect((await db().selectFrom("test_series").select("image").executeTakeFirstOrThrow()).image).toBe(
        mediaUrl(image),
      );

      const popup = { intent: "save", title: "Welcome", description: "Hello", is_active: "on" };
      const popupWrong = await post(popupAction, "/admin/welcome-popup", { ...popup, image_url: mediaUrl(pdf) });
      expect(fieldErrors(popupWrong)).toEqual({ image_url: p.pictureNeeded("Image URL") });
      const popupRight = await post(popupAction, "/admin/welcome-popup", { ...popup, image_url: mediaUrl(image) });
      expectSaved(popupRight, "/admin/welcome-popup", adminMessages.welcomePopup.created);
    });
  });

  describe("a form posted multipart without JavaScript", () => {
    it("e-books: the PDF and the cover uploaded in place are stored in the library and their addresses saved", async () => {
      const pdfBytes = handmadePdf("Mass transfer notes");
      const saved = await post(
        ebooksAction,
        "/admin/ebooks",
        {
          intent: "create",
          title: "Mass Transfer Notes",
          description: "",
          pdf_link: "",
          cover_url: "",
          is_active: "on",
        },
        {
          pdf_link__file: asFile(pdfBytes, "notes.pdf", "application/pdf"),
          cover_url__file: asFile(await picture(320, 180), "cover.png", "image/png"),
        },
      );
      expectSaved(saved, "/admin/ebooks", adminMessages.ebooks.created);
      const files = await db().selectFrom("media_files").selectAll().orderBy("id").execute();
      expect(files.map((f) => [f.kind, f.title, f.is_decorative])).toEqual([
        ["document", "Mass Transfer Notes", false],
        ["image", "cover", true],
      ]);
      const row = await db().selectFrom("ebooks").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        title: "Mass Transfer Notes",
        pdf_link: mediaUrl(files[0]!),
        cover_url: mediaUrl(files[1]!),
      });
      expect(files[0]!.size).toBe(pdfBytes.length);
      const audit = await db().selectFrom("audit_log").select(["entity", "action"]).orderBy("id").execute();
      expect(audit).toEqual([
        { entity: "media_files", action: "create" },
        { entity: "media_files", action: "create" },
        { entity: "ebooks", action: "create" },
      ]);
    });

    it("an upload of the wrong kind, or an empty file input, is answered beside the field; the rest of the form is kept", async () => {
      const refused = await post(
        ebooksAction,
        "/admin/ebooks",
        { intent: "create", title: "", pdf_link: "", cover_url: "", is_active: "on" },
        { pdf_link__file: asFile(await picture(), "notes.png", "application/pdf") },
      );
      expect(refused).toMatchObject({ kind: "data", status: 400 });
      expect(fieldErrors(refused)).toEqual({
        title: "Title is required",
        pdf_link: adminMessages.media.documentExpected,
      });
      expect(refused.kind === "data" && refused.data.formError).toBe(adminMessages.media.documentExpected);
      expect(await countFiles()).toBe(0);

      // A file input left empty posts an empty part: the typed address is used as it is.
      const saved = await post(
        ebooksAction,
        "/admin/ebooks",
        { intent: "create", title: "Linked", pdf_link: "https://x.in/l.pdf", cover_url: "", is_active: "on" },
        { pdf_link__file: asFile(new Uint8Array(0), ""), cover_url__file: asFile(new Uint8Array(0), "") },
      );
      expectSaved(saved, "/admin/ebooks", adminMessages.ebooks.created);
      expect(await countFiles()).toBe(0);
    });

    it("hero banners: an uploaded picture takes the banner's words as its alt text, and needs them", async () => {
      const png = await picture(900, 300, "#0f766e");
      const refused = await post(bannersAction, "/admin/hero-banners", banner("", { alt_text: "" }), {
        image_url__file: asFile(png, "banner.png"),
      });
      expect(fieldErrors(refused)).toMatchObject({
        image_url: p.altFromMissing(adminMessages.heroBanners.altText),
      });
      expect(await countFiles()).toBe(0);

      const saved = await post(bannersAction, "/admin/hero-banners", banner(""), {
        image_url__file: asFile(png, "banner.png"),
      });
      expectSaved(saved, "/admin/hero-banners", adminMessages.heroBanners.created);
      const file = await db().selectFrom("media_files").selectAll().executeTakeFirstOrThrow();
      expect(file).toMatchObject({ alt_text: "Free tests every week", is_decorative: false, width: 900 });
      expect((await db().selectFrom("hero_banners").select("image_url").executeTakeFirstOrThrow()).image_url).toBe(
        mediaUrl(file),
      );
    });

    it("GATE previous papers: the question paper uploaded in place; a picture as the answer key is refused", async () => {
      const { id: paperId } = await db()
        .insertInto("gate_papers")
        .values({
          code: "CH",
          name: "Chemical Engineering",
          display_order: 1,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column("code").doUpdateSet({ name: "Chemical Engineering" }))
        .returning("id")
        .executeTakeFirstOrThrow();
      const fields = {
        intent: "create",
        paper_id: String(paperId),
        year: "2025",
        question_paper_url: "",
        answer_key_url: "",
        source_url: "",
      };
      const refused = await post(gateAction, "/admin/gate-previous-papers", fields, {
        question_paper_url__file: asFile(handmadePdf("CH 2025 paper"), "CH2025.pdf"),
        answer_key_url__file: asFile(await picture(), "key.png"),
      });
      expect(fieldErrors(refused)).toEqual({ answer_key_url: adminMessages.media.documentExpected });
      // The paper that was accepted is in the library, and its address comes back in the field.
      const stored = await db().selectFrom("media_files").selectAll().executeTakeFirstOrThrow();
      expect(refused.kind === "data" && refused.data.values.question_paper_url).toBe(mediaUrl(stored));
      expect(await db().selectFrom("gate_previous_papers").select("id").execute()).toEqual([]);

      const saved = await post(gateAction, "/admin/gate-previous-papers", {
        ...fields,
        question_paper_url: mediaUrl(stored),
      });
      expectSaved(saved, "/admin/gate-previous-papers", adminMessages.gatePreviousPapers.created);
    });

    it("a library file picked in the field's list is saved; the list offers the recent files of the field's kind", async () => {
      const image = await libraryFile(await picture(), "picked.png");
      await libraryFile(handmadePdf("Not offered"), "not-offered.pdf");
      const page = await call(
        bannersLoader as Handler,
        new Request(`${ORIGIN}/admin/hero-banners`, { headers: { Cookie: sessions.adminCookie } }),
      );
      expect(page.kind === "data" && page.data.media.choices.image.map((c: { url: string }) => c.url)).toEqual([
        mediaUrl(image),
      ]);
      const saved = await post(bannersAction, "/admin/hero-banners", {
        ...banner("https://typed.example.com/x.png"),
        image_url__pick: mediaUrl(image),
      });
      expectSaved(saved, "/admin/hero-banners", adminMessages.heroBanners.created);
      expect((await db().selectFrom("hero_banners").select("image_url").executeTakeFirstOrThrow()).image_url).toBe(
        mediaUrl(image),
      );
    });
  });

  describe("the library page", () => {
    it("searches names and titles, filters by kind and pages through the results, all from the address", async () => {
      for (let i = 1; i <= LIBRARY_PAGE_SIZE + 6; i++) await storedFile(`Diagram ${i}`, "image", i);
      await storedFile("GATE 2024 CH answer key", "document", 100);
      await storedFile("GATE 2025 CH question paper", "document", 101);

      const first = await list("");
      expect(first.total).toBe(LIBRARY_PAGE_SIZE + 8);
      expect(first.files).toHaveLength(LIBRARY_PAGE_SIZE);
      // Newest first.
      expect(first.files.slice(0, 3).map((f) => f.title)).toEqual([
        "GATE 2025 CH question paper",
        "GATE 2024 CH answer key",
        `Diagram ${LIBRARY_PAGE_SIZE + 6}`,
      ]);
      const second = await list("?page=2");
      expect(second.page).toBe(2);
      expect(second.files.map((f) => f.title)).toEqual(Array.from({ length: 8 }, (_, i) => `Diagram ${8 - i}`));

      const documents = await list("?kind=document");
      expect(documents.files.map((f) => f.title)).toEqual(["GATE 2025 CH question paper", "GATE 2024 CH answer key"]);
      expect(documents.query).toMatchObject({ kind: "document", search: "" });

      // Words in any order, in the title or the file's name, in any case.
      expect((await list("?q=ch+2024")).files.map((f) => f.title)).toEqual(["GATE 2024 CH answer key"]);
      expect((await list("?q=diagram-7&kind=image")).files.map((f) => f.title)).toEqual(["Diagram 7"]);
      expect((await list("?q=answer&kind=image")).total).toBe(0);
      // A search with a control character (a NUL PostgreSQL would refuse) finds what its words find.
      expect((await list("?q=answer%00")).files.map((f) => f.title)).toEqual(["GATE 2024 CH answer key"]);
      // A page past the end is empty, not an error.
      expect((await list("?page=9")).files).toEqual([]);
    });

    it("refuses to delete a picture a banner saved through its manager uses, naming the banner; deletes it once the banner is gone", async () => {
      const image = await libraryFile(await picture(), "in use.png");
      expectSaved(
        await post(bannersAction, "/admin/hero-banners", banner(mediaUrl(image))),
        "/admin/hero-banners",
        adminMessages.heroBanners.created,
      );
      const { id: bannerId } = await db().selectFrom("hero_banners").select("id").executeTakeFirstOrThrow();

      const refused = await post(mediaAction as Handler, "/admin/media", { intent: "delete", id: String(image.id) });
      expect(refused).toMatchObject({ kind: "data", status: 409 });
      const use = {
        label: `Hero banner #${bannerId} “Free tests every week”`,
        href: `/admin/hero-banners?edit=${bannerId}`,
      };
      expect(refused.kind === "data" && refused.data.usedBy).toEqual([use]);
      expect(refused.kind === "data" && refused.data.formError).toBe(adminMessages.media.inUse([use.label]));
      expect(await countFiles()).toBe(1);
      // The library's card says so too.
      expect((await list("")).files).toMatchObject([{ title: "in use", usedBy: [use] }]);

      await post(bannersAction, "/admin/hero-banners", { intent: "delete", id: String(bannerId) });
      const deleted = await post(mediaAction as Handler, "/admin/media", { intent: "delete", id: String(image.id) });
      expectSaved(deleted, "/admin/media", adminMessages.media.deleted);
      expect(await countFiles()).toBe(0);
    });
  });
});
