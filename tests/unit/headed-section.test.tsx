import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeadedSection } from "~/components/ui/headed-section";

/** Each region's tag, the id it is labelled by, and the text of the element with that id. */
function regions(html: string) {
  const ids = new Map([...html.matchAll(/<h2 id="([^"]+)"[^>]*>([^<]*)<\/h2>/g)].map((m) => [m[1]!, m[2]!]));
  return [...html.matchAll(/<(section|nav) aria-labelledby="([^"]+)"/g)].map((m) => ({
    tag: m[1],
    name: ids.get(m[2]!),
  }));
}

describe("HeadedSection: a region named by its heading", () => {
  it("names each region by its own heading, two on one page included", () => {
    const html = renderToStaticMarkup(
      <main>
        <HeadedSection heading="Test facts">
          <p>65 questions</p>
        </HeadedSection>
        <HeadedSection as="nav" heading="Contents" id="contents" className="mt-6">
          <a href="#one">One</a>
        </HeadedSection>
      </main>,
    );
    expect(regions(html)).toEqual([
      { tag: "section", name: "Test facts" },
      { tag: "nav", name: "Contents" },
    ]);
    expect(html).toContain('id="contents"');
    expect(html).toContain('class="mt-6"');
  });

  it("puts the intro under the heading, before the children, and no empty paragraph without one", () => {
    const withIntro = renderToStaticMarkup(
      <HeadedSection heading="Review" intro="Wrong answers first." introClassName="mt-1">
        <ol />
      </HeadedSection>,
    );
    expect(withIntro).toMatch(/<\/h2><p class="mt-1">Wrong answers first\.<\/p><ol><\/ol><\/section>$/);
    expect(renderToStaticMarkup(<HeadedSection heading="Review" />)).not.toContain("<p");
  });
});
