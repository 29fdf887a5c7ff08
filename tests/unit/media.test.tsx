import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { refusalMessage } from "~/components/admin/media-upload";
import { MediaImage } from "~/components/content/media-image";
import { ByteLru } from "~/core/byte-lru";
import { createLimiter } from "~/core/limiter";
import { pdfEndsWell } from "~/lib/media/detect.server";
import { contentDisposition, MAX_NAME_CHARACTERS, safeDisplayName } from "~/lib/media/filename";
import { isMediaUrl, mediaUrl, mediaUrlName, parseMediaUrl, variantWidths } from "~/lib/media/media-url";
import { parseRange } from "~/lib/media/serve.server";
import MediaLibrary from "~/routes/admin/manage/media";

// The media library's pure rules (issue 45): display names, addresses, byte ranges, the end of a
// PDF, the in-memory cache's bound, the upload semaphore, and <MediaImage>'s markup.

const hash = "a".repeat(64);

describe("display names of uploads (decision 017: made safe, never refused)", () => {
  it("keeps only the last part of a path", () => {
    expect(safeDisplayName("../../etc/passwd.png", "png")).toBe("passwd.png");
    expect(safeDisplayName("C:\\Users\\me\\Desktop\\Banner.JPG", "jpg")).toBe("Banner.jpg");
  });

  it("drops control and direction characters, and characters file systems refuse", () => {
    expect(safeDisplayName("re\u0000port\u0007\u001b[31m.pdf", "pdf")).toBe("report[31m.pdf");
    // "gnp.exe" read right to left: the override goes, the name reads as it is.
    expect(safeDisplayName("invoice\u202Egnp.exe", "png")).toBe("invoicegnp.png");
    expect(safeDisplayName('a<b>:c"d|e?f*g.png', "png")).toBe("a-b--c-d-e-f-g.png");
    expect(safeDisplayName("line\r\nbreak\ttab.png", "png")).toBe("line break tab.png");
  });

  it("cuts a long name to MAX_NAME_CHARACTERS before the extension", () => {
    const name = safeDisplayName(`${"x".repeat(300)}.pdf`, "pdf");
    expect(name).toBe(`${"x".repeat(MAX_NAME_CHARACTERS)}.pdf`);
    // Characters, not UTF-16 units: an emoji is never cut in half.
    expect(Array.from(safeDisplayName("😀".repeat(150), "png"))).toHaveLength(MAX_NAME_CHARACTERS + 4);
  });

  it("takes the extension of the type read from the bytes, and never leaves the name empty", () => {
    expect(safeDisplayName("scan.pdf", "png")).toBe("scan.png");
    expect(safeDisplayName("", "pdf")).toBe("file.pdf");
    expect(safeDisplayName("../..", "pdf")).toBe("file.pdf");
    expect(safeDisplayName("\u0000\u0001.png", "png")).toBe("file.png");
  });

  it("sends an ASCII name and the UTF-8 one", () => {
    expect(contentDisposition("प्रश्न पत्र.pdf", "file.pdf")).toBe(
      `inline; filename="file.pdf"; filename*=UTF-8''${encodeURIComponent("प्रश्न पत्र.pdf")}`,
    );
    expect(contentDisposition("it's (final).pdf", "its-final.pdf")).toBe(
      "inline; filename=\"its-final.pdf\"; filename*=UTF-8''it%27s%20%28final%29.pdf",
    );
  });
});

describe("media addresses", () => {
  it("names a file by its hash and a slug of its name", () => {
    expect(mediaUrl({ hash, filename: "GATE 2024 CH Question Paper.pdf" })).toBe(
      `/media/${hash}/gate-2024-ch-question-paper.pdf`,
    );
    expect(mediaUrlName("प्रश्न.png")).toBe("file.png");
  });

  it("reads the library's addresses, paths and absolute URLs, and nothing else", () => {
    expect(parseMediaUrl(`/media/${hash}/a.png`)).toEqual({ hash, name: "a.png" });
    expect(parseMediaUrl(`https://www.example.in/media/${hash}/a.png?x=1`)).toEqual({ hash, name: "a.png" });
    expect(isMediaUrl(`/media/${hash}/v/640.avif`)).toBe(false);
    expect(isMediaUrl(`/media/${"g".repeat(64)}/a.png`)).toBe(false);
    expect(isMediaUrl("https://example.com/a.png")).toBe(false);
    expect(isMediaUrl("javascript:alert(1)//media/")).toBe(false);
  });

  it("makes variants under a picture's width, and at its own width up to the largest", () => {
    expect(variantWidths(2400)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(800)).toEqual([320, 640, 800]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(100)).toEqual([100]);
  });
});

describe("byte ranges (RFC 9110 §14)", () => {
  it("reads a-b, a- and -n", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
  });

  it("says when nothing of the file is in the range", () => {
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=2000-3000", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });

  it("sends the whole file for no range, several ranges, or one it does not read", () => {
    expect(parseRange(null, 1000)).toBeNull();
    expect(parseRange("bytes=0-1,5-6", 1000)).toBeNull();
    expect(parseRange("bytes=5-1", 1000)).toBeNull();
    expect(parseRange("items=0-1", 1000)).toBeNull();
  });
});

const tail = (text: string) => new TextEncoder().encode(text);

describe("the end of a PDF", () => {
  it("takes %%EOF with line ends after it", () => {
    expect(pdfEndsWell(tail("startxref\n123\n%%EOF\n"))).toBe(true);
    expect(pdfEndsWell(tail("startxref\n123\n%%EOF"))).toBe(true);
  });
  it("refuses something appended after it, or no end at all", () => {
    expect(pdfEndsWell(tail("%%EOF\nPK\u0003\u0004zip"))).toBe(false);
    expect(pdfEndsWell(tail("%%EOF\n<html><script>alert(1)</script>"))).toBe(false);
    expect(pdfEndsWell(tail("1 0 obj << >> endobj"))).toBe(false);
  });
});

describe("the in-memory cache of small files", () => {
  it("keeps within its bytes, dropping the least recently used, and never keeps a large value", () => {
    const lru = new ByteLru<Buffer>(10, 6, (b) => b.length);
    lru.set("a", Buffer.alloc(4));
    lru.set("b", Buffer.alloc(4));
    lru.get("a");
    lru.set("c", Buffer.alloc(4));
    expect([lru.get("a")?.length, lru.get("b"), lru.get("c")?.length]).toEqual([4, undefined, 4]);
    expect(lru.bytes).toBe(8);
    lru.set("big", Buffer.alloc(7));
    expect(lru.get("big")).toBeUndefined();
    lru.deletePrefix("a");
    expect(lru.size).toBe(1);
  });
});

describe("the upload semaphore", () => {
  it("runs at most its concurrency at once, the rest in call order", async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        limiter.run(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 5));
          order.push(i);
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(limiter.active).toBe(0);
  });
});

describe("<MediaImage>", () => {
  const picture = {
    hash,
    filename: "Banner.jpg",
    width: 1000,
    height: 500,
    alt_text: "Students at a GATE class",
    is_decorative: false,
  };

  it("offers AVIF and WebP at each width, with sizes, and the stored file with its size and alt", () => {
    const html = renderToStaticMarkup(<MediaImage file={picture} sizes="100vw" loading="eager" fetchPriority="high" />);
    expect(html).toContain(
      `<source type="image/avif" srcSet="/media/${hash}/v/320.avif 320w, /media/${hash}/v/640.avif 640w, /media/${hash}/v/960.avif 960w, /media/${hash}/v/1000.avif 1000w" sizes="100vw"/>`,
    );
    expect(html).toContain(`type="image/webp"`);
    expect(html).toMatch(
      new RegExp(
        `<img src="/media/${hash}/banner.jpg" width="1000" height="500" alt="Students at a GATE class" loading="eager" decoding="async" fetchPriority="high"/>`,
      ),
    );
  });

  it("gives a decorative picture an empty alt, whatever the page passes", () => {
    const html = renderToStaticMarkup(
      <MediaImage file={{ ...picture, is_decorative: true }} sizes="50vw" alt="Words" />,
    );
    expect(html).toContain('alt=""');
  });
});

/** The first tag of `html` that `pattern` matches. */
const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[0] ?? "";

describe("the Media Library page without JavaScript", () => {
  const row = {
    id: 7,
    hash,
    kind: "document" as const,
    mime: "application/pdf",
    ext: "pdf",
    size: 120_000,
    width: null,
    height: null,
    filename: "GATE 2024 CH.pdf",
    title: "GATE 2024 CH question paper",
    alt_text: null,
    is_decorative: false,
    source_url: null,
    source_read_on: null,
    created_by: "admin@example.com",
    created_at: "2026-11-01T00:00:00.000Z",
    updated_at: "2026-11-01T00:00:00.000Z",
    url: `/media/${hash}/gate-2024-ch.pdf`,
    usedBy: [{ label: "E-book “CH papers”", href: "/admin/ebooks?edit=3" }],
  };
  const library = {
    files: [row],
    total: 1,
    page: 1,
    pageSize: 60,
    query: { kind: undefined, search: "", page: 1 },
    limits: { image: "10 MB", pdf: "25 MB" },
  };

  function render(url: string, actionData?: unknown) {
    const Stub = createRoutesStub([{ id: "media", path: "/admin/media", Component: MediaLibrary }]);
    return renderToStaticMarkup(
      <Stub
        initialEntries={[url]}
        hydrationData={{
          loaderData: { media: { library, loadError: null } },
          actionData: actionData ? { media: actionData } : undefined,
        }}
      />,
    );
  }

  it("uploads through a plain multipart form with a file input, and lists each file's address and users", () => {
    const html = render("/admin/media");
    const form = tag(html, /<form[^>]*multipart[^>]*>/);
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/admin/media"');
    const input = tag(html, /<input[^>]*type="file"[^>]*>/);
    expect(input).toContain('name="file"');
    expect(input).toContain('required=""');
    expect(html).toContain('<input type="hidden" name="intent" value="upload"/>');
    expect(html).toContain("up to 10 MB and PDFs up to 25 MB");
    expect(html).toContain(`href="${row.url}"`);
    expect(html).toContain('href="/admin/ebooks?edit=3"');
  });

  it("shows a refused delete with links to the places still using the file", () => {
    const refused = {
      ok: false,
      formError: "This file is still used by E-book “CH papers”. Replace it there first, then delete it.",
      fieldErrors: {},
      values: { intent: "delete", id: "7" },
      usedBy: row.usedBy,
    };
    const html = render("/admin/media", refused);
    expect(html).toMatch(/role="alert"[^>]*><p>This file is still used by E-book “CH papers”/);
  });

  it("shows a refused upload's reason beside the file field", () => {
    const refused = {
      ok: false,
      formError: "The file is empty.",
      fieldErrors: { file: "The file is empty." },
      values: { intent: "upload", title: "Kept" },
    };
    const html = render("/admin/media", refused);
    expect(tag(html, /<input[^>]*type="file"[^>]*>/)).toContain('aria-invalid="true"');
    expect(html).toMatch(/<p id="[^"]+-error"[^>]*>The file is empty.<\/p>/);
    expect(html).toContain('value="Kept"');
  });
});

/** The queue row's message for an upload refused with these field errors. */
const refused = (fieldErrors: Record<string, string>) =>
  refusalMessage({ ok: false, message: "Please correct the highlighted fields.", fieldErrors });

describe("an upload the library refused, as the queue's row says it", () => {
  it("says which of the shared details to fix, the file's own refusal first", () => {
    const url = "Source URL must be a valid http:// or https:// URL";
    expect(refused({ source_url: url })).toBe(url);
    expect(refused({ alt_text: "Describe the picture.", source_url: url })).toBe(`Describe the picture. ${url}`);
    expect(refused({ file: "The file is empty.", source_url: url })).toBe("The file is empty.");
    expect(refused({})).toBe("Please correct the highlighted fields.");
  });
});
