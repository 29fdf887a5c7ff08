import { describe, expect, it } from "vitest";
import { courseJsonLd, defaultShareImage, itemListJsonLd, staticPageMeta } from "~/components/static/page-meta";

const root = (siteUrl: string | null) => ({
  id: "root",
  pathname: "/",
  loaderData: { settings: { brandName: "GATE CH Academy" }, siteUrl },
});
const page = (pathname: string) => ({ id: "routes/public/x", pathname });

function find(meta: ReturnType<typeof staticPageMeta>, key: string, value: string) {
  return meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, unknown> | undefined;
}

describe("staticPageMeta (issue 6, search engines)", () => {
  it("gives title, description, an absolute canonical and Open Graph/Twitter cards from SITE_URL", () => {
    const meta = staticPageMeta([root("https://gatechacademy.in"), page("/ebooks")], {
      title: "E-Books",
      description: "Free e-books",
    });
    expect(meta[0]).toEqual({ title: "E-Books | GATE CH Academy" });
    expect(find(meta, "name", "description")).toEqual({ name: "description", content: "Free e-books" });
    expect(find(meta, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://gatechacademy.in/ebooks",
    });
    expect(find(meta, "property", "og:url")?.content).toBe("https://gatechacademy.in/ebooks");
    expect(find(meta, "property", "og:image")?.content).toBe(`https://gatechacademy.in${defaultShareImage}`);
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("uses the canonical path it is given and stays relative without SITE_URL", () => {
    const meta = staticPageMeta([root(null), page("/test-series/1")], {
      title: "GATE 2026 Test Series",
      description: "…",
      canonicalPath: "/test-series/GATE%202026",
    });
    expect(find(meta, "rel", "canonical")?.href).toBe("/test-series/GATE%202026");
  });

  it("describes the organisation, a breadcrumb from Home and the page's own nodes in JSON-LD", () => {
    const meta = staticPageMeta([root("https://x.in"), page("/test-series")], {
      title: "Test Series",
      description: "…",
      jsonLd: (origin) => [
        itemListJsonLd(origin, [{ name: "GATE 2026", path: "/test-series/GATE%202026" }]),
        courseJsonLd({ title: "GATE 2026", description: "…", price: 1499, url: "https://learn.example/gate" }),
      ],
    });
    const graph = (meta.at(-1) as { "script:ld+json": { "@graph": Record<string, unknown>[] } })["script:ld+json"][
      "@graph"
    ];
    expect(graph.map((node) => node["@type"])).toEqual([
      "EducationalOrganization",
      "BreadcrumbList",
      "ItemList",
      "Course",
    ]);
    expect(graph[1]).toMatchObject({
      itemListElement: [
        { position: 1, name: "Home", item: "https://x.in/" },
        { position: 2, name: "Test Series", item: "https://x.in/test-series" },
      ],
    });
    expect(graph[2]).toMatchObject({ itemListElement: [{ position: 1, url: "https://x.in/test-series/GATE%202026" }] });
    expect(graph[3]).toMatchObject({
      provider: { "@id": "https://x.in/#organization" },
      offers: { price: 1499, priceCurrency: "INR" },
    });
  });
});
