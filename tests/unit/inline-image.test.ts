import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createImageInliner, INLINE_IMAGE_LIMIT, withFirstImageInlined } from "~/lib/document/inline-image.server";

// Issue 6 "Slow networks": a page's first image, when small and the site's own, arrives inside
// the document instead of a second round trip.

const dir = mkdtempSync(join(tmpdir(), "inline-image-"));
const client = join(dir, "client");
mkdirSync(join(client, "images"), { recursive: true });
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3">\n  <rect width="4" height="3" fill="#0b5394"/>\n</svg>\n`;
writeFileSync(join(client, "images", "card.svg"), svg);
writeFileSync(join(client, "images", "photo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
// Over the limit even compressed: text that gzip cannot shrink.
writeFileSync(join(client, "images", "large.svg"), `<svg>${randomBytes(INLINE_IMAGE_LIMIT).toString("base64")}</svg>`);
// Words drawn as outlines (issue 28): three times the limit as text, well under it compressed.
const outlined = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="m12 3-2 4q1 1 2 0z"/>'.repeat(500)}</svg>`;
writeFileSync(join(client, "images", "outlined.svg"), outlined);
writeFileSync(join(client, "images", "large.webp"), randomBytes(INLINE_IMAGE_LIMIT + 1));
writeFileSync(join(dir, "secret.svg"), svg);
writeFileSync(join(client, "images", "notes.txt"), "text");
const inline = createImageInliner(pathToFileURL(`${client}/`));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("inlining small images", () => {
  it("puts a small SVG in the page as text, escaping what a URL cannot hold", () => {
    const url = inline("/images/card.svg");
    expect(url).toBe(
      "data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 4 3%22%3E " +
        "%3Crect width=%224%22 height=%223%22 fill=%22%230b5394%22/%3E %3C/svg%3E",
    );
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toBe(svg.trim().replace(/\s+/g, " "));
  });

  it("counts an SVG by its compressed size, which is what it adds to the page as sent", () => {
    expect(outlined.length).toBeGreaterThan(3 * INLINE_IMAGE_LIMIT);
    expect(inline("/images/outlined.svg")).toMatch(/^data:image\/svg\+xml,%3Csvg /);
  });

  it("puts other small images in as base64", () => {
    expect(inline("/images/photo.png")).toBe(
      `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]).toString("base64")}`,
    );
  });

  it("leaves everything else a link", () => {
    for (const src of [
      "/images/large.svg", // over the limit, even compressed
      "/images/large.webp", // over the limit (raster images count as they are)
      "/images/missing.svg",
      "/images/notes.txt", // not an image type
      "/images/../../secret.svg", // outside the public files
      "/images/card.svg?v=2",
      "https://cdn.example.com/images/card.svg",
      "//cdn.example.com/images/card.svg",
      `/${join(dir, "secret.svg")}`, // an absolute path on the server's disk
      `/${client}/images/card.svg`,
      "images/card.svg",
      "",
    ])
      expect(inline(src), src).toBe(src);
  });

  it("inlines only the first item of a list", () => {
    const cards = [
      { id: 1, image: "/images/card.svg" },
      { id: 2, image: "/images/card.svg" },
    ];
    const [first, second] = withFirstImageInlined(cards, "image", inline).map((card) => card.image);
    expect(first).toMatch(/^data:image\/svg\+xml,/);
    expect(second).toBe("/images/card.svg");
    expect(cards[0]!.image, "the list given is left as it was").toBe("/images/card.svg");
    expect(withFirstImageInlined([], "image", inline)).toEqual([]);
  });
});
