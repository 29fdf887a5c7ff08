import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { demoArtwork } from "~/db/seed/demo-artwork";
import { demoWords } from "~/db/seed/demo-words";
import { INLINE_IMAGE_LIMIT } from "~/lib/document/inline-image.server";
import { renderDemoPicture } from "~/lib/media/demo-pictures.server";

// The demo's pictures (issue 45), drawn in code and rendered with sharp: every word drawn in one
// is in its alt text, the first picture of a page is small enough to travel inside the document,
// a banner stays a few tens of KiB, and the same drawing renders to the same bytes (the seed
// stores each picture once, by its hash).

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

describe("the demo's pictures", () => {
  it("say in their alt text every word drawn in them", () => {
    let drawn = 0;
    for (const art of demoArtwork) {
      const svg = art.svg();
      const alt = new Set(words(art.alt));
      for (const phrase of Object.values(demoWords)) {
        if (!svg.includes(phrase.d)) continue;
        drawn++;
        for (const word of words(phrase.text)) expect(alt, `${art.key}: "${word}" of "${phrase.text}"`).toContain(word);
      }
    }
    // Each phrase is drawn somewhere: none is outlined for nothing.
    expect(drawn).toBe(Object.keys(demoWords).length);
  });

  it("render to WebP of their stated size: a page's first under the inline limit, a banner under 40 KiB", async () => {
    // The first card of /courses and /test-series, of /ebooks and of /free-materials.
    const firsts = new Set(["catalogue-gate", "ebook-formula-handbook", "material-topic-analysis"]);
    for (const art of demoArtwork) {
      const data = await renderDemoPicture(art);
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.width, meta.height], art.key).toEqual(["webp", art.width, art.height]);
      expect(data.length, art.key).toBeLessThanOrEqual(firsts.has(art.key) ? INLINE_IMAGE_LIMIT : 40 * 1024);
      expect((await renderDemoPicture(art)).equals(data), art.key).toBe(true);
    }
  });

  it("have distinct names and keys", () => {
    expect(new Set(demoArtwork.map((a) => a.filename)).size).toBe(demoArtwork.length);
    expect(new Set(demoArtwork.map((a) => a.key)).size).toBe(demoArtwork.length);
  });
});
