import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { cardImageSizes } from "~/components/catalog/card-frame";
import { TestSeriesCard } from "~/components/catalog/test-series-card";
import { EbookGrid } from "~/components/content/ebook-grid";
import { FreeMaterialGrid, gridImageSizes } from "~/components/content/free-material-grid";
import { bannerSizes, HeroCarousel } from "~/components/home/hero";
import { DocumentAssetsContext } from "~/components/layout/document-assets";
import type { PagePicture } from "~/lib/media/page-media.server";

// The public cards and banners with pictures from the media library (issue 45), as the server
// renders them: AVIF and WebP at the picture's widths with the place's `sizes`, the stored file's
// own width and height (no layout shift), the first picture of a page loaded at once (inside the
// document when its loader found it small), and any other address as the plain image it was.

const hash = "b".repeat(64);
const other = "c".repeat(64);
const cover: PagePicture = {
  hash,
  filename: "thermo-cover.webp",
  width: 640,
  height: 360,
  alt_text: "A thermometer",
  is_decorative: false,
};
const coverUrl = `/media/${hash}/thermo-cover.webp`;

/** The <picture> of a library file: its two sources and its <img>. */
function pictureOf(html: string, fileHash: string) {
  const match = new RegExp(`<picture>((?:(?!</picture>).)*${fileHash}(?:(?!</picture>).)*)</picture>`).exec(html);
  if (!match) throw new Error(`no <picture> of ${fileHash} in ${html}`);
  return match[1]!;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

const material = (id: number, cover_url: string | null, picture: PagePicture | null) => ({
  id,
  title: `Material ${id}`,
  description: null,
  material_link: "https://learn.example/m.pdf",
  cover_url,
  picture,
});

const ebook = (id: number, cover_url: string | null, picture: PagePicture | null) => ({
  id,
  title: `Book ${id}`,
  description: null,
  pdf_link: "https://learn.example/b.pdf",
  cover_url,
  picture,
});

const banner = (id: number, image_url: string, picture: PagePicture | null) => ({
  id,
  image_url,
  link_url: "/test-series",
  alt_text: `Banner ${id} words`,
  picture,
});

const renderBanners = (banners: ReturnType<typeof banner>[], inlineImage?: (src: string) => string) =>
  renderToStaticMarkup(
    <DocumentAssetsContext value={{ css: null, scripts: null, inlineImage }}>
      <MemoryRouter>
        <HeroCarousel banners={banners} fallbackHref="https://learn.example" />
      </MemoryRouter>
    </DocumentAssetsContext>,
  );

describe("free material and e-book cards with a cover", () => {
  it("render the library's cover responsively, in its own size, the first at once", () => {
    const html = renderToStaticMarkup(
      <FreeMaterialGrid
        materials={[
          material(1, coverUrl, cover),
          material(2, `/media/${other}/b.webp`, {
            ...cover,
            hash: other,
            filename: "b.webp",
            width: 1280,
            height: 720,
          }),
          material(3, "https://cdn.example.in/c.png", null),
          material(4, null, null),
        ]}
      />,
    );
    const first = pictureOf(html, hash);
    expect(first).toContain(
      `<source type="image/avif" srcSet="/media/${hash}/v/320.avif 320w, /media/${hash}/v/640.avif 640w" sizes="${gridImageSizes}"/>`,
    );
    expect(first).toContain(
      `<source type="image/webp" srcSet="/media/${hash}/v/320.webp 320w, /media/${hash}/v/640.webp 640w"`,
    );
    const img = /<img [^>]*>/.exec(first)![0];
    expect(attribute(img, "src")).toBe(coverUrl);
    expect([attribute(img, "width"), attribute(img, "height")]).toEqual(["640", "360"]);
    expect(attribute(img, "alt")).toBe("");
    expect(attribute(img, "loading")).toBe("eager");
    expect(attribute(img, "fetchPriority")).toBe("high");

    // Another library cover: its own widths and size, not the placeholder's.
    const second = pictureOf(html, other);
    expect(second).toContain(`/media/${other}/v/1280.avif 1280w"`);
    expect(second).toMatch(/<img [^>]*width="1280" height="720"/);
    expect(attribute(/<img [^>]*>/.exec(second)![0], "fetchPriority")).toBeUndefined();

    // An address elsewhere stays a plain image; no cover shows the spec's placeholder.
    expect(html).toMatch(/<img src="https:\/\/cdn.example.in\/c.png" alt="" width="640" height="360" loading="eager"/);
    expect(html).toMatch(
      /<source srcSet="\/default.webp" type="image\/webp"\/><img [^>]*src="\/default.jpg"[^>]*loading="lazy"/,
    );
  });

  it("an e-book with a library cover shows it; one without keeps the book icon", () => {
    const html = renderToStaticMarkup(<EbookGrid ebooks={[ebook(1, coverUrl, cover), ebook(2, null, null)]} />);
    expect(pictureOf(html, hash)).toMatch(/<img src="[^"]+" width="640" height="360" alt="" loading="eager"/);
    const cards = html.split("<article");
    expect(cards[1]).toContain("<picture>");
    expect(cards[2]).not.toContain("<img");
    expect(cards[2]).toContain("<svg");
  });
});

describe("catalogue cards and hero banners with a library picture", () => {
  it("a catalogue card's picture is responsive at the grid's or the carousel's width", () => {
    const series = {
      id: 1,
      title: "GATE CH",
      description: "Mocks.",
      image: coverUrl,
      picture: cover,
      price: 1499,
      original_price: 3010,
      tests: 150,
      features: [],
    };
    const grid = renderToStaticMarkup(
      <MemoryRouter>
        <TestSeriesCard series={series} imagePriority="first" />
      </MemoryRouter>,
    );
    expect(pictureOf(grid, hash)).toContain(`sizes="${cardImageSizes.grid}"`);
    expect(pictureOf(grid, hash)).toMatch(
      /<img [^>]*width="640" height="360"[^>]*loading="eager"[^>]*fetchPriority="high"/,
    );
    const carousel = renderToStaticMarkup(
      <MemoryRouter>
        <TestSeriesCard series={series} imageSizes={cardImageSizes.carousel} />
      </MemoryRouter>,
    );
    expect(pictureOf(carousel, hash)).toContain(`sizes="${cardImageSizes.carousel}"`);
    expect(pictureOf(carousel, hash)).toMatch(/loading="lazy"/);
    // A picture elsewhere stays the plain image of the card's shape.
    const plain = renderToStaticMarkup(
      <MemoryRouter>
        <TestSeriesCard series={{ ...series, image: "/images/catalog/gate-ch.svg", picture: null }} />
      </MemoryRouter>,
    );
    expect(plain).toMatch(/<img src="\/images\/catalog\/gate-ch.svg" alt="" width="640" height="360" loading="lazy"/);
  });

  const wide: PagePicture = { ...cover, filename: "wide.webp", width: 1200, height: 400, is_decorative: true };

  it("a library banner after the first is responsive and lazy, with the banner's words even when the file is decorative", () => {
    const html = renderBanners([
      banner(1, "/images/banners/first.svg", null),
      banner(2, `/media/${hash}/wide.webp`, wide),
    ]);
    const second = pictureOf(html, hash);
    expect(second).toContain(`sizes="${bannerSizes}"`);
    expect(second).toContain(`/media/${hash}/v/960.avif 960w, /media/${hash}/v/1200.avif 1200w"`);
    expect(second).toMatch(/<img [^>]*width="1200" height="400" alt="Banner 2 words" loading="lazy"/);
  });

  it("a first banner from the library is the page's priority picture: inside the document when small", () => {
    const url = `/media/${hash}/wide.webp`;
    const inlined = renderBanners([banner(1, url, wide)], (src) => (src === url ? "data:image/webp;base64,AAAA" : src));
    expect(inlined).not.toContain("<picture>");
    expect(inlined).toMatch(
      new RegExp(
        `<img src="data:image/webp;base64,AAAA" data-file="${url}" alt="Banner 1 words" width="1200" height="400" loading="eager" fetchPriority="high"`,
      ),
    );
    const fetched = renderBanners([banner(1, url, wide)], (src) => src);
    expect(pictureOf(fetched, hash)).toMatch(/<img [^>]*loading="eager"[^>]*fetchPriority="high"/);
  });
});
