import type { MetaDescriptor } from "react-router";
import { DEFAULT_BRAND_NAME } from "~/lib/site/settings";

interface MatchLike {
  id: string;
  pathname?: string;
  loaderData?: unknown;
}

interface RootData {
  settings?: { brandName?: string; contactEmail?: string; contactPhone?: string };
  siteUrl?: string | null;
}

export interface PageSeo {
  title: string;
  description: string;
  /** The page's own address when it is reached by several (e.g. by id and by title). */
  canonicalPath?: string;
  /**
   * More schema.org nodes for this page (Course, ItemList...), given the site's origin. Pass it as
   * `import.meta.env.SSR ? (origin) => [...] : undefined`, so the browser's bundle leaves it out.
   */
  jsonLd?: (origin: string) => Record<string, unknown>[];
}

/** A page's title as the browser's tab and history show it: the page, then the brand. */
export function brandedTitle(matches: ReadonlyArray<MatchLike | undefined>, title: string): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  return `${title} | ${root?.settings?.brandName ?? DEFAULT_BRAND_NAME}`;
}

/** A shared image for link previews (1200 × 630) when a page has none of its own. */
export const defaultShareImage = "/images/og-default.jpg";

/**
 * Title "… | {brand}", description, canonical URL, Open Graph and Twitter cards, and JSON-LD
 * (the organisation, a breadcrumb from Home, and the page's own nodes) for an inner public page.
 * The brand comes from the root loader's site settings, the origin of absolute URLs from its
 * siteUrl (the configured SITE_URL, app/lib/site-origin.server.ts; relative without one).
 */
export function staticPageMeta(matches: ReadonlyArray<MatchLike | undefined>, page: PageSeo): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const brand = root?.settings?.brandName ?? DEFAULT_BRAND_NAME;
  const origin = root?.siteUrl ?? "";
  const path = page.canonicalPath ?? matches.at(-1)?.pathname ?? "/";
  const url = origin + path;
  const title = `${page.title} | ${brand}`;
  const organization = {
    "@type": "EducationalOrganization",
    "@id": `${origin}/#organization`,
    name: brand,
    ...(origin ? { url: `${origin}/` } : {}),
  };
  const breadcrumb = {
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/` },
      { "@type": "ListItem", position: 2, name: page.title, item: url },
    ],
  };
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: origin + defaultShareImage },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
  ];
  // Structured data is for search engines, which read the server's HTML: it is built on the server
  // only. In the browser's bundle import.meta.env.SSR is false and the builders fall away (issue 6,
  // first-load JS); React leaves the server's <script type="application/ld+json"> in the head, where
  // it stays through client-side navigation: crawlers read each page as the server sends it.
  if (!import.meta.env.SSR) return tags;
  return [
    ...tags,
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@graph": [
          organization,
          breadcrumb,
          // Courses are offered by this organisation.
          ...(page.jsonLd?.(origin) ?? []).map((node) =>
            node["@type"] === "Course" ? { ...node, provider: { "@id": organization["@id"] } } : node,
          ),
        ],
      },
    },
  ];
}

/** staticPageMeta for a list page of cards, with the cards as a schema.org ItemList (server only). */
export function listPageMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  page: Omit<PageSeo, "jsonLd">,
  items: { name: string; path: string }[],
): MetaDescriptor[] {
  return staticPageMeta(matches, {
    ...page,
    jsonLd: import.meta.env.SSR ? (origin) => [itemListJsonLd(origin, items)] : undefined,
  });
}

/** A schema.org ItemList of the cards on a list page, in their order. */
export function itemListJsonLd(origin: string, items: { name: string; path: string }[]) {
  return {
    "@type": "ItemList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      url: origin + item.path,
    })),
  };
}

/** A schema.org Course with its offer, for the course and test series detail pages. */
export function courseJsonLd(course: { title: string; description: string; price: number; url: string }) {
  return {
    "@type": "Course",
    name: course.title,
    description: course.description,
    offers: { "@type": "Offer", category: "Paid", price: course.price, priceCurrency: "INR", url: course.url },
    hasCourseInstance: { "@type": "CourseInstance", courseMode: "Online" },
  };
}
