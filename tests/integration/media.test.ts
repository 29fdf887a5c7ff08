import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { MEDIA_CHUNK_BYTES } from "~/db/queries/media.server";
import { adminMessages } from "~/lib/admin/messages";
import { resolveMediaUrls, mediaUsage } from "~/lib/media/library.server";
import { mediaUrl } from "~/lib/media/media-url";
import { SPOOL_PREFIX } from "~/lib/media/spool.server";
import { receiveMediaUpload } from "~/lib/media/upload.server";
import { variantsMade } from "~/lib/media/variants.server";
import { action, loader } from "~/routes/admin/manage/media";
import { loader as fileLoader } from "~/routes/media/file";
import { loader as variantLoader } from "~/routes/media/variant";
import { adminAndStudent, call, context, flash, ORIGIN, type Answer } from "./auth-support";
import { animatedGif, handmadePdf, pixelBomb } from "../support/media-files";

// The media library (issue 45), on each engine: uploads through the /admin/media action as the
// router calls it (a real multipart body, the admin's session cookie), what the database then
// holds (the file row, its chunks, the audit row), the refusals (each with its message, nothing
// stored), delete and its usage check, and the public route that serves the files: headers,
// conditional and range requests, the name check, and a variant made once under 50 requests.

const m = adminMessages.media;
const ADMIN = "media-admin@example.com";
const sessions = adminAndStudent(ADMIN);
const db = () => getDb();

interface Upload {
  bytes: Uint8Array;
  name: string;
  /** What the browser says the file is: never believed. */
  type?: string;
}

function uploadRequest(file: Upload | null, fields: Record<string, string> = {}, cookie = sessions.adminCookie) {
  const form = new FormData();
  form.append("intent", "upload");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? "" }));
  return new Request(`${ORIGIN}/admin/media`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

const upload = (file: Upload | null, fields: Record<string, string> = { alt_text: "A test picture" }) =>
  call(action as never, uploadRequest(file, fields));

const post = (fields: Record<string, string>, cookie = sessions.adminCookie) =>
  call(
    action as never,
    new Request(`${ORIGIN}/admin/media`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: ORIGIN, Cookie: cookie },
    }),
  );

const count = async (table: "media_files" | "media_chunks" | "media_variants" | "audit_log") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function counts() {
  return {
    files: await count("media_files"),
    chunks: await count("media_chunks"),
    variants: await count("media_variants"),
    audit: await count("audit_log"),
  };
}

const lastFile = () => db().selectFrom("media_files").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

async function storedBytes(hash: string) {
  const rows = await db()
    .selectFrom("media_chunks")
    .select(["seq", "data"])
    .where("hash", "=", hash)
    .orderBy("seq")
    .execute();
  rows.forEach((row, i) => expect(row.seq).toBe(i));
  return Buffer.concat(rows.map((row) => row.data));
}

function expectStored(answer: Answer) {
  expect(answer).toMatchObject({ kind: "redirect", status: 302, location: "/admin/media" });
  expect(flash(answer)).toBe(m.uploaded);
}

/** A refusal: its status and message, said as the file's error too, and nothing stored. */
async function expectRefused(answer: Answer, status: number, message: string | RegExp, field = "file") {
  expect(answer.kind).toBe("data");
  if (answer.kind !== "data") return;
  expect(answer.status).toBe(status);
  expect(answer.data.ok).toBe(false);
  expect(answer.data.fieldErrors[field]).toMatch(message);
}

const picture = (format: "jpeg" | "png" | "webp" | "avif", width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#2563eb" } })
    .toFormat(format)
    .toBuffer();

const file = (label: string) =>
  db().selectFrom("media_files").selectAll().where("title", "=", label).executeTakeFirst();

beforeEach(async () => {
  for (const table of [
    "ebooks",
    "hero_banners",
    "media_variants",
    "media_chunks",
    "media_files",
    "audit_log",
  ] as const) {
    await db().deleteFrom(table).execute();
  }
});

describe(`the media library on ${process.env.TEST_ENGINE}`, () => {
  describe("accepted files, the type read from the bytes", () => {
    it("a JPEG: turned as its EXIF says, stored without its metadata, audited", async () => {
      const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#cc3333" } })
        .withExif({ IFD0: { Copyright: "secret-owner", Artist: "Jane Camera" } })
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();
      expect(jpeg.includes("secret-owner")).toBe(true);
      expectStored(
        await upload(
          { bytes: jpeg, name: "class photo.jpeg", type: "image/jpeg" },
          { alt_text: "A class", title: "Class" },
        ),
      );
      const row = await lastFile();
      expect(row).toMatchObject({
        kind: "image",
        mime: "image/jpeg",
        ext: "jpg",
        width: 20,
        height: 40,
        filename: "class photo.jpg",
        title: "Class",
        alt_text: "A class",
        is_decorative: false,
        created_by: ADMIN,
      });
      const stored = await storedBytes(row.hash);
      expect(stored.length).toBe(row.size);
      expect(stored.includes("secret-owner")).toBe(false);
      expect(stored.includes("Jane Camera")).toBe(false);
      const meta = await sharp(stored).metadata();
      expect([meta.format, meta.exif, meta.orientation]).toEqual(["jpeg", undefined, undefined]);
      const { createHash } = await import("node:crypto");
      expect(row.hash).toBe(createHash("sha256").update(stored).digest("hex"));
      const audit = await db().selectFrom("audit_log").selectAll().executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        action: "create",
        entity: "media_files",
        entity_id: String(row.id),
        actor_email: ADMIN,
      });
    });

    it.each([
      ["png", "image/png", "png"],
      ["webp", "image/webp", "webp"],
      ["avif", "image/avif", "avif"],
    ] as const)("a %s picture stays one", async (format, mime, ext) => {
      expectStored(await upload({ bytes: await picture(format), name: `chart.${ext}` }));
      const row = await lastFile();
      expect(row).toMatchObject({ kind: "image", mime, ext, width: 64, height: 48, filename: `chart.${ext}` });
      expect((await sharp(await storedBytes(row.hash)).metadata()).format).toBe(format === "avif" ? "heif" : format);
    });

    it("an animated GIF: its first frame, as a PNG", async () => {
      expectStored(await upload({ bytes: await animatedGif(), name: "spinner.gif" }, { is_decorative: "on" }));
      const row = await lastFile();
      expect(row).toMatchObject({ mime: "image/png", ext: "png", filename: "spinner.png", width: 20, height: 20 });
      expect(row).toMatchObject({ is_decorative: true, alt_text: null });
      const { data, info } = await sharp(await storedBytes(row.hash))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.pages]).toEqual([20, 20, undefined]);
      // The first frame is red, the second green.
      expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
    });

    it("a PDF: kept byte for byte, with its source and the day it was read", async () => {
      const pdf = handmadePdf();
      expectStored(
        await upload(
          { bytes: pdf, name: "GATE 2024 CH.pdf", type: "application/pdf" },
          { source_url: "https://gate2024.iisc.ac.in/papers", source_read_on: "2026-03-01" },
        ),
      );
      const row = await lastFile();
      expect(row).toMatchObject({
        kind: "document",
        mime: "application/pdf",
        filename: "GATE 2024 CH.pdf",
        title: "GATE 2024 CH",
        width: null,
        alt_text: null,
        source_url: "https://gate2024.iisc.ac.in/papers",
        source_read_on: "2026-03-01",
      });
      expect((await storedBytes(row.hash)).equals(pdf)).toBe(true);
    });

    it("a PNG named .pdf is stored as the PNG it is; a PDF named .png as a PDF", async () => {
      expectStored(await upload({ bytes: await picture("png"), name: "scan.pdf", type: "application/pdf" }));
      expect(await lastFile()).toMatchObject({ kind: "image", mime: "image/png", filename: "scan.png" });
      expectStored(await upload({ bytes: handmadePdf("Other"), name: "photo.png", type: "image/png" }));
      expect(await lastFile()).toMatchObject({ kind: "document", mime: "application/pdf", filename: "photo.pdf" });
    });

    it("an unsafe name is made safe: the last part of a path, no control characters, at most 100 characters", async () => {
      const cases = [
        ["../../etc/passwd.png", "passwd.png"],
        ["bad\u202Ename\t.png", "badname.png"],
        [`${"n".repeat(300)}.png`, `${"n".repeat(100)}.png`],
      ] as const;
      for (const [index, [given, safe]] of cases.entries()) {
        const bytes = await picture("png", 10 + index, 10);
        expectStored(await upload({ bytes, name: given }));
        expect((await lastFile()).filename).toBe(safe);
      }
      expect((await counts()).files).toBe(3);
      // A control character in a part's header is no header at all (RFC 7578): the form is refused.
      const refused = await upload({ bytes: await picture("png", 40, 10), name: "bad\u0000name\u0007.png" });
      expect(refused).toMatchObject({
        kind: "data",
        status: 400,
        data: { formError: "The form could not be read. Please try again." },
      });
      expect((await counts()).files).toBe(3);
    });

    it("the same bytes again are stored once, and staff are told which file has them", async () => {
      const bytes = await picture("png", 30, 30);
      expectStored(await upload({ bytes, name: "first.png" }, { title: "Toppers 2025", alt_text: "Toppers" }));
      const before = await counts();
      const again = await upload({ bytes, name: "second copy.png" }, { title: "Another title", alt_text: "Again" });
      const first = await lastFile();
      expect(again).toMatchObject({ kind: "redirect", location: `/admin/media?edit=${first.id}` });
      expect(flash(again)).toBe(m.duplicate("Toppers 2025"));
      expect(await counts()).toEqual(before);
    });

    it("a picker's upload gets the stored file back as data", async () => {
      const answer = await upload(
        { bytes: handmadePdf("Picker"), name: "key.pdf" },
        { answer: "data", expect: "document" },
      );
      expect(answer).toMatchObject({
        kind: "data",
        status: 200,
        data: { ok: true, duplicate: false, message: m.uploaded },
      });
      const row = await lastFile();
      if (answer.kind === "data")
        expect(answer.data.file).toMatchObject({ id: row.id, url: mediaUrl(row), kind: "document" });
    });
  });

  describe("refused files: a clear message each, and nothing stored", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>';
    const html =
      "<!doctype html><html><body><script>fetch('/admin').then(r=>r.text()).then(alert)</script></body></html>";

    it.each([
      ["an HTML file", () => new TextEncoder().encode(html), "page.html", 400, m.notAccepted],
      ["an HTML file named .png", () => new TextEncoder().encode(html), "page.png", 400, m.notAccepted],
      ["an SVG with a script", () => new TextEncoder().encode(svg), "logo.svg", 400, m.notAccepted],
      [
        "an SVG named .jpg",
        () => new TextEncoder().encode(`<?xml version="1.0"?>${svg}`),
        "logo.jpg",
        400,
        m.notAccepted,
      ],
      ["an empty file", () => new Uint8Array(0), "empty.png", 400, m.empty],
      ["a text file", () => new TextEncoder().encode("just some notes"), "notes.txt", 400, m.notAccepted],
      // GIF89a then script: a GIF's magic number and a script, no picture (the GIFAR-style polyglot).
      [
        "a GIF/JavaScript polyglot",
        () => new TextEncoder().encode("GIF89a/*\u0000*/=1;alert(document.domain)//"),
        "x.gif",
        400,
        m.unreadablePicture,
      ],
      // A PDF with a ZIP after its end: one file that two readers take for two things.
      [
        "a PDF+ZIP polyglot",
        () =>
          Buffer.concat([
            handmadePdf("Polyglot"),
            Buffer.from("PK\u0003\u0004\u0014\u0000\u0000\u0000payload.html<script>PK\u0005\u0006"),
          ]),
        "paper.pdf",
        400,
        m.unreadablePdf,
      ],
      ["a PDF cut off before its end", () => handmadePdf("Cut").subarray(0, 300), "cut.pdf", 400, m.unreadablePdf],
      [
        "a pixel bomb (100000 × 100000 in a few hundred bytes)",
        () => pixelBomb(100_000, 100_000),
        "bomb.png",
        400,
        /100000 × 100000 pixels/,
      ],
      [
        "a picture whose header lies about what follows",
        () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x41)]),
        "broken.jpg",
        400,
        m.unreadablePicture,
      ],
    ])("%s", async (_label, bytes, name, status, message) => {
      const before = await counts();
      const answer = await upload({ bytes: bytes(), name, type: "image/png" });
      await expectRefused(answer, status, message);
      if (answer.kind === "data") expect(answer.data.formError).toMatch(message);
      expect(await counts()).toEqual(before);
    });

    it("a picture over the limit (10 MB by default), refused while it arrives", async () => {
      const before = await counts();
      const big = Buffer.concat([await picture("png"), Buffer.alloc(11 * 1024 * 1024, 1)]);
      await expectRefused(await upload({ bytes: big, name: "huge.png" }), 413, m.tooLarge("picture", "10 MB"));
      expect(await counts()).toEqual(before);
    });

    it("any file over a configured limit: a PDF over 2 KB, a picture over 1 KB", async () => {
      const limits = { imageBytes: 1024, pdfBytes: 2048, imagePixels: 1_000_000, imageSide: 2000 };
      const actor = { userId: "u", email: ADMIN };
      const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n%"), Buffer.alloc(3000, 0x20), Buffer.from("\n%%EOF\n")]);
      const refusedPdf = await receiveMediaUpload(db(), new File([pdf], "long.pdf"), actor, { limits });
      expect(refusedPdf).toMatchObject({ ok: false, status: 413, fieldErrors: { file: m.tooLarge("PDF", "2 KB") } });
      const bigPicture = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#123456" } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const refusedPicture = await receiveMediaUpload(db(), new File([bigPicture], "p.png"), actor, {
        limits,
        fields: { alt_text: "x" },
      });
      expect(refusedPicture).toMatchObject({
        ok: false,
        status: 413,
        fieldErrors: { file: m.tooLarge("picture", "1 KB") },
      });
      // Pixels too: 1200 × 1000 is over a million.
      const wide = await receiveMediaUpload(
        db(),
        new File([pixelBomb(1200, 1000) as Uint8Array<ArrayBuffer>], "w.png"),
        actor,
        {
          limits: { ...limits, imageBytes: 1 << 20 },
          fields: { alt_text: "x" },
        },
      );
      expect(wide).toMatchObject({ ok: false, fieldErrors: { file: m.tooManyPixels(1200, 1000, 1_000_000, 2000) } });
      expect((await counts()).files).toBe(0);
    });

    it("no file chosen, two files, or a picture without alt text that is not decorative", async () => {
      await expectRefused(await upload({ bytes: new Uint8Array(0), name: "" }), 400, m.noFile);
      await expectRefused(await post({ intent: "upload" }), 400, m.noFile);
      const twice = uploadRequest({ bytes: await picture("png"), name: "a.png" }, { alt_text: "A" });
      const form = await twice.formData();
      form.append("file", new File([await picture("webp")], "b.webp"));
      const twoFiles = new Request(twice.url, {
        method: "POST",
        body: form,
        headers: { Cookie: sessions.adminCookie },
      });
      await expectRefused(await call(action as never, twoFiles), 400, m.oneFile);
      await expectRefused(
        await upload({ bytes: await picture("png"), name: "c.png" }, {}),
        400,
        m.altRequired,
        "alt_text",
      );
      await expectRefused(
        await upload({ bytes: handmadePdf(), name: "d.pdf" }, { source_url: "https://example.in/d.pdf" }),
        400,
        m.sourceDateRequired,
        "source_read_on",
      );
      expect((await counts()).files).toBe(0);
    });

    it("the other kind where a form asks for one (a picker of a picture or a document field)", async () => {
      await expectRefused(
        await upload({ bytes: handmadePdf(), name: "a.png" }, { expect: "image", alt_text: "x" }),
        400,
        m.pictureExpected,
      );
      await expectRefused(
        await upload({ bytes: await picture("png"), name: "a.pdf" }, { expect: "document", alt_text: "x" }),
        400,
        m.documentExpected,
      );
      expect((await counts()).files).toBe(0);
    });

    it("an upload cut off on the way stores nothing", async () => {
      const request = uploadRequest({ bytes: handmadePdf("Cut off"), name: "cut.pdf" });
      const body = new Uint8Array(await request.arrayBuffer());
      const cut = new Request(request.url, {
        method: "POST",
        body: body.subarray(0, body.length - 60),
        headers: { "Content-Type": request.headers.get("Content-Type")!, Cookie: sessions.adminCookie },
      });
      const answer = await call(action as never, cut);
      expect(answer).toMatchObject({ kind: "data", status: 400 });
      expect(await counts()).toEqual({ files: 0, chunks: 0, variants: 0, audit: 0 });
    });

    it("leaves no temporary file behind, stored or refused", async () => {
      expectStored(await upload({ bytes: handmadePdf("Temp"), name: "t.pdf" }));
      await expectRefused(await upload({ bytes: pixelBomb(50_000, 50_000), name: "b.png" }), 400, /50000 × 50000/);
      await expectRefused(
        await upload({ bytes: Buffer.alloc(11 * 1024 * 1024, 0x25), name: "x.pdf" }),
        400,
        m.notAccepted,
      );
      const ours = (await readdir(tmpdir())).filter((name) => name.startsWith(`${SPOOL_PREFIX}${process.pid}-`));
      expect(ours).toEqual([]);
    });

    it("anonymous and non-admin uploads are refused before the body is read", async () => {
      const anonymous = uploadRequest({ bytes: await picture("png"), name: "a.png" }, { alt_text: "x" }, "");
      expect(await call(action as never, anonymous)).toMatchObject({ kind: "redirect", location: "/admin/login" });
      expect(anonymous.bodyUsed).toBe(false);
      const student = uploadRequest(
        { bytes: await picture("png"), name: "a.png" },
        { alt_text: "x" },
        sessions.studentCookie,
      );
      expect(await call(action as never, student)).toMatchObject({ kind: "data", status: 403 });
      expect(student.bodyUsed).toBe(false);
      expect((await counts()).files).toBe(0);
    });
  });

  describe("details, usage and delete", () => {
    it("changes a file's details; a picture keeps needing its alt text unless decorative", async () => {
      expectStored(await upload({ bytes: await picture("png"), name: "a.png" }, { alt_text: "Old words" }));
      const row = await lastFile();
      const refused = await post({ intent: "update", id: String(row.id), title: "New", alt_text: "" });
      await expectRefused(refused, 400, m.altRequired, "alt_text");
      const saved = await post({ intent: "update", id: String(row.id), title: "New", alt_text: "New words" });
      // Back to the library, the file saved in view (issue 48).
      expect(saved).toMatchObject({ kind: "redirect", location: `/admin/media#row-${row.id}` });
      expect(flash(saved)).toBe(m.updated);
      expect(await lastFile()).toMatchObject({
        title: "New",
        alt_text: "New words",
        filename: "a.png",
        hash: row.hash,
      });
    });

    it("refuses to delete a file pages use, naming each place; deletes an unused one with its chunks and variants", async () => {
      expectStored(await upload({ bytes: handmadePdf("Used"), name: "used.pdf" }, { title: "Used" }));
      const used = (await file("Used"))!;
      const now = new Date().toISOString();
      const { id: ebookId } = await db()
        .insertInto("ebooks")
        .values({
          title: "Heat Transfer notes",
          pdf_link: `https://www.example.in${mediaUrl(used)}`,
          is_active: true,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db()
        .insertInto("hero_banners")
        .values({
          image_url: mediaUrl(used),
          alt_text: "Admissions open",
          display_order: 1,
          is_active: true,
          created_at: now,
          updated_at: now,
        })
        .execute();
      expect(await mediaUsage(db(), used.hash)).toEqual([
        {
          label: expect.stringContaining("“Admissions open”"),
          href: expect.stringMatching(/^\/admin\/hero-banners\?edit=\d+$/),
        },
        { label: "E-book “Heat Transfer notes”", href: `/admin/ebooks?edit=${ebookId}` },
      ]);
      const before = await counts();
      const refused = await post({ intent: "delete", id: String(used.id) });
      expect(refused).toMatchObject({ kind: "data", status: 409 });
      if (refused.kind === "data") {
        expect(refused.data.formError).toContain("E-book “Heat Transfer notes”");
        expect(refused.data.usedBy).toContainEqual({
          label: "E-book “Heat Transfer notes”",
          href: `/admin/ebooks?edit=${ebookId}`,
        });
      }
      expect(await counts()).toEqual(before);

      expectStored(
        await upload({ bytes: await picture("png", 700, 350), name: "unused.png" }, { title: "Unused", alt_text: "x" }),
      );
      const unused = (await file("Unused"))!;
      const variant = await variantLoader(variantArgs(unused.hash, "320.webp"));
      expect(variant.status).toBe(200);
      expect((await counts()).variants).toBe(1);
      const deleted = await post({ intent: "delete", id: String(unused.id) });
      expect(deleted).toMatchObject({ kind: "redirect", location: "/admin/media" });
      expect(flash(deleted)).toBe(m.deleted);
      for (const table of ["media_files", "media_chunks", "media_variants"] as const) {
        expect(await db().selectFrom(table).select("hash").where("hash", "=", unused.hash).execute()).toEqual([]);
      }
      const audit = await db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ action: "delete", entity: "media_files", entity_id: String(unused.id) });
      // Gone for visitors too.
      expect((await fileLoader(fileArgs(unused.hash, "unused.png"))).status).toBe(404);
    });

    it("lists the library newest first, by kind and words, with where each file is used", async () => {
      expectStored(await upload({ bytes: handmadePdf("L1"), name: "answer key.pdf" }, { title: "Answer key 2024" }));
      expectStored(
        await upload(
          { bytes: await picture("png", 12, 12), name: "t.png" },
          { title: "Topper photo", alt_text: "Topper" },
        ),
      );
      const list = await call(
        loader as never,
        new Request(`${ORIGIN}/admin/media?kind=document&q=answer`, { headers: { Cookie: sessions.adminCookie } }),
      );
      expect(list.kind).toBe("data");
      if (list.kind === "data") {
        expect(list.data.library.files.map((f: { title: string }) => f.title)).toEqual(["Answer key 2024"]);
        expect(list.data.library.total).toBe(1);
      }
    });

    it("resolves a page's addresses to the library's files at once", async () => {
      expectStored(await upload({ bytes: await picture("png", 16, 9), name: "r.png" }, { title: "R", alt_text: "R" }));
      const row = (await file("R"))!;
      const resolved = await resolveMediaUrls(db(), [
        mediaUrl(row),
        "https://example.com/x.png",
        `/media/${"b".repeat(64)}/gone.png`,
      ]);
      expect([...resolved.keys()]).toEqual([mediaUrl(row)]);
      expect(resolved.get(mediaUrl(row))).toMatchObject({ width: 16, height: 9, alt_text: "R" });
    });
  });

  describe("the public route /media/<hash>/<name>", () => {
    it("answers 200 with the bytes and every header: type, length, ETag, a year's caching, inline name, nosniff, sandbox", async () => {
      expectStored(await upload({ bytes: handmadePdf("Served"), name: "प्रश्न पत्र 2024.pdf" }, { title: "Served" }));
      const row = (await file("Served"))!;
      const name = mediaUrl(row).split("/").pop()!;
      expect(name).toBe("2024.pdf");
      const response = await get(row.hash, name);
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        "content-type": "application/pdf",
        "content-length": String(row.size),
        etag: `"${row.hash}"`,
        "cache-control": "public, max-age=31536000, immutable",
        "accept-ranges": "bytes",
        "x-content-type-options": "nosniff",
        "content-disposition": `inline; filename="2024.pdf"; filename*=UTF-8''${encodeURIComponent("प्रश्न पत्र 2024.pdf")}`,
      });
      expect(response.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none';.*\bsandbox$/);
      expect(Buffer.from(await response.arrayBuffer()).equals(await storedBytes(row.hash))).toBe(true);
    });

    it("answers a matching If-None-Match with 304, HEAD without a body", async () => {
      expectStored(await upload({ bytes: handmadePdf("Cond"), name: "c.pdf" }, { title: "Cond" }));
      const row = (await file("Cond"))!;
      const unchanged = await get(row.hash, "c.pdf", { "If-None-Match": `W/"x", "${row.hash}"` });
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.get("ETag")).toBe(`"${row.hash}"`);
      expect(await unchanged.text()).toBe("");
      const head = await get(row.hash, "c.pdf", {}, "HEAD");
      expect([head.status, head.headers.get("Content-Length"), await head.text()]).toEqual([200, String(row.size), ""]);
    });

    it("answers ranges with 206, across chunks, and an unsatisfiable one with 416", async () => {
      const big = handmadePdf("Big", 600 * 1024);
      expectStored(await upload({ bytes: big, name: "big.pdf" }, { title: "Big" }));
      const row = (await file("Big"))!;
      expect((await counts()).chunks).toBe(Math.ceil(big.length / MEDIA_CHUNK_BYTES));
      const across = { start: MEDIA_CHUNK_BYTES - 10, end: MEDIA_CHUNK_BYTES + 9 };
      for (const [range, start, end] of [
        ["bytes=0-99", 0, 99],
        [`bytes=${across.start}-${across.end}`, across.start, across.end],
        ["bytes=-50", big.length - 50, big.length - 1],
        [`bytes=${2 * MEDIA_CHUNK_BYTES}-`, 2 * MEDIA_CHUNK_BYTES, big.length - 1],
      ] as const) {
        const response = await get(row.hash, "big.pdf", { Range: range });
        expect(response.status, range).toBe(206);
        expect(response.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${big.length}`);
        expect(response.headers.get("Content-Length")).toBe(String(end - start + 1));
        expect(Buffer.from(await response.arrayBuffer()).equals(big.subarray(start, end + 1)), range).toBe(true);
      }
      const beyond = await get(row.hash, "big.pdf", { Range: `bytes=${big.length}-` });
      expect([beyond.status, beyond.headers.get("Content-Range")]).toEqual([416, `bytes */${big.length}`]);
      // If-Range with another validator: the whole file.
      const whole = await get(row.hash, "big.pdf", { Range: "bytes=0-9", "If-Range": '"other"' });
      expect(whole.status).toBe(200);
      await whole.body?.cancel();
    });

    it("redirects a wrong name to the right one, and answers 404 for an unknown or malformed hash", async () => {
      expectStored(await upload({ bytes: handmadePdf("Named"), name: "Named File.pdf" }, { title: "Named" }));
      const row = (await file("Named"))!;
      const moved = await get(row.hash, "old-name.pdf");
      expect([moved.status, moved.headers.get("Location")]).toEqual([301, `/media/${row.hash}/named-file.pdf`]);
      expect((await get("c".repeat(64), "x.pdf")).status).toBe(404);
      expect((await get("not-a-hash", "x.pdf")).status).toBe(404);
    });

    it("makes a variant once under 50 requests at the same moment, and serves it as AVIF and WebP", async () => {
      expectStored(
        await upload(
          { bytes: await picture("jpeg", 1000, 600), name: "banner.jpg" },
          { title: "Banner", alt_text: "B" },
        ),
      );
      const row = (await file("Banner"))!;
      const made = variantsMade();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => variantLoader(variantArgs(row.hash, "640.avif"))),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      expect(variantsMade() - made).toBe(1);
      const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
      expect(new Set(bodies.map((b) => b.toString("base64"))).size).toBe(1);
      const meta = await sharp(bodies[0]!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["heif", 640, 384]);
      expect(answers[0]!.headers.get("Content-Type")).toBe("image/avif");
      expect(answers[0]!.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const webp = await variantLoader(variantArgs(row.hash, "1000.webp"));
      expect([webp.status, (await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width]).toEqual([200, 1000]);
      const rows = await db()
        .selectFrom("media_variants")
        .select(["format", "width"])
        .where("hash", "=", row.hash)
        .orderBy("width")
        .execute();
      expect(rows).toEqual([
        { format: "avif", width: 640 },
        { format: "webp", width: 1000 },
      ]);
      // Widths the picture has no variant at, and formats not made, are not there.
      for (const variant of ["1280.avif", "500.webp", "640.png", "640.avif.html"]) {
        expect((await variantLoader(variantArgs(row.hash, variant))).status, variant).toBe(404);
      }
    });
  });
});

/** A GET (or another method) of a file's address, with these request headers. */
const get = (hash: string, name: string, headers: Record<string, string> = {}, method = "GET") =>
  fileLoader({
    ...fileArgs(hash, name),
    request: new Request(`${ORIGIN}/media/${hash}/${name}`, { method, headers }),
  });

function fileArgs(hash: string, name: string) {
  return {
    request: new Request(`${ORIGIN}/media/${hash}/${name}`),
    params: { hash, name },
    context: context(),
  } as unknown as Parameters<typeof fileLoader>[0];
}

function variantArgs(hash: string, variant: string) {
  return {
    request: new Request(`${ORIGIN}/media/${hash}/v/${variant}`),
    params: { hash, variant },
    context: context(),
  } as unknown as Parameters<typeof variantLoader>[0];
}
