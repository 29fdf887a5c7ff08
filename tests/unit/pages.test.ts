import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { footerLinks } from "~/components/layout/main-menu";
import { adminMenu } from "~/lib/admin/sections";
import { footerPages, menuPages, pathsOf, publicPages, type PublicPage } from "~/lib/site/pages";
import routes from "~/routes";

// The pages registry (app/lib/site/pages.ts, app/lib/admin/sections.ts) against the route table: a page
// added to app/routes.ts must be declared, and either listed in sitemap.xml or left out (issue 23).

interface RouteEntry {
  file: string;
  path: string;
}

function flatten(entries: RouteConfigEntry[], parent = ""): RouteEntry[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [{ file: entry.file, path: `/${path}` }] : [];
    return [...own, ...flatten(entry.children ?? [], path)];
  });
}

const table = flatten(routes);
const publicRoutes = table.filter((entry) => entry.file.startsWith("routes/public/"));
const hasParams = (path: string) => /[:*]/.test(path);

/** What is wrong between the public routes and the registry, one line per problem. */
export function registryProblems(routePaths: readonly string[], pages: readonly PublicPage[]): string[] {
  const problems: string[] = [];
  const declared = new Map<string, PublicPage>(pages.map((page) => [page.path, page]));
  for (const path of routePaths) {
    const page = declared.get(path);
    if (!page) problems.push(`${path}: a public route neither in the sitemap nor left out (app/lib/site/pages.ts)`);
    else if (page.sitemap === "listed" && hasParams(path)) problems.push(`${path}: listed as is, but has parameters`);
    else if (page.sitemap === "per row" && !hasParams(path)) problems.push(`${path}: "per row", but has no parameter`);
  }
  for (const path of declared.keys())
    if (!routePaths.includes(path)) problems.push(`${path}: declared, but not a public route`);
  return problems;
}

describe("the public pages registry", () => {
  it("reads the public routes from app/routes.ts", () => {
    // A parser that found nothing would pass everything.
    expect(publicRoutes.length).toBeGreaterThan(20);
    expect(publicRoutes).toContainEqual({ file: "routes/public/home/route.tsx", path: "/" });
    expect(publicRoutes).toContainEqual({ file: "routes/public/test-series-detail.tsx", path: "/test-series/:param" });
  });

  it("declares every public route once: in the sitemap, or left out", () => {
    const pages = Object.values(publicPages);
    const routePaths = publicRoutes.map((entry) => entry.path);
    expect(registryProblems(routePaths, pages)).toEqual([]);
    expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
  });

  it("would report an undeclared route, a wrong kind of sitemap entry and a stale entry", () => {
    const pages: PublicPage[] = [
      { path: "/", title: "Home", sitemap: "listed" },
      { path: "/search", title: "Search", sitemap: "left out" },
      { path: "/course/:id", title: "Course", sitemap: "listed" },
      { path: "/faqs", title: "FAQs", sitemap: "per row" },
      { path: "/privacy", title: "Privacy", sitemap: "listed" },
    ];
    expect(registryProblems(["/", "/search", "/course/:id", "/faqs", "/new-page"], pages)).toEqual([
      "/course/:id: listed as is, but has parameters",
      '/faqs: "per row", but has no parameter',
      "/new-page: a public route neither in the sitemap nor left out (app/lib/site/pages.ts)",
      "/privacy: declared, but not a public route",
    ]);
  });

  it("gives the sitemap every page a visitor reaches from the menu or the footer, and the contact page", () => {
    const linked = [...menuPages, ...footerPages].map((page) => page.path);
    const sitemapPaths = Object.values(publicPages).flatMap((page) => (page.sitemap === "listed" ? [page.path] : []));
    expect(sitemapPaths).toEqual(expect.arrayContaining([...linked, "/contact"]));
    expect(sitemapPaths).not.toContain("/search");
    expect(sitemapPaths).toHaveLength(19);
  });

  it("keeps the footer's quick links in their order (spec §2)", () => {
    expect(footerLinks.map((link) => [link.label, link.to])).toEqual([
      ["Home", "/"],
      ["Test Series", "/test-series"],
      ["Courses", "/courses"],
      ["Free Courses", "/free-courses"],
      ["Free Tests", "/free-tests"],
      ["E-Books", "/ebooks"],
      ["Free Materials", "/free-materials"],
      ["Post GATE Guidance", "/post-gate-guidance"],
      ["Job Alerts", "/job-alerts"],
      ["Job Alerts by E-mail", "/subscribe"],
      ["FAQs", "/faqs"],
      ["GATE Syllabus", "/syllabus"],
      ["Previous Year Papers", "/previous-year"],
      ["Question Bank", "/question-bank"],
      ["GATE Rank Predictor", "/rank-predictor"],
      ["GATE Cutoffs", "/gate-cutoffs"],
      ["Privacy Policy", "/privacy"],
      ["Terms, Refunds and How to Pay", "/terms"],
    ]);
  });

  it("puts only live pages in the menu: no Coming Soon beside a page that answers (issue 27)", () => {
    const routePaths = publicRoutes.map((entry) => entry.path);
    expect(menuPages.length).toBeGreaterThan(10);
    for (const page of menuPages) {
      expect(routePaths, page.path).toContain(page.path);
      expect(hasParams(page.path), page.path).toBe(false);
    }
  });

  it("names pages by id for the tooling's lists", () => {
    expect(pathsOf("home", "test-series-detail", "faqs")).toEqual(["/", "/test-series/:param", "/faqs"]);
  });
});

describe("the admin sections registry", () => {
  it("gives every manager route a section in the menu, and every section a route", () => {
    const managers = table.filter((entry) => entry.file.startsWith("routes/admin/manage/")).map((entry) => entry.path);
    expect(managers.length).toBeGreaterThan(5);
    expect(adminMenu.map((section) => section.path).toSorted()).toEqual(managers.toSorted());
  });

  it("lists the spec's six sections first, in the spec's order (§2 Dashboard)", () => {
    expect(adminMenu.slice(0, 6).map((section) => section.title)).toEqual([
      "Job Alerts",
      "Free Test Series",
      "Welcome Popup",
      "Hero Banners",
      "E-Books",
      "Free Materials",
    ]);
    expect(adminMenu.map((section) => section.title).slice(6)).toEqual([
      "Overview",
      "Leads",
      "Catalogue",
      "Media Library",
      "Questions",
      "Tests",
      "GATE Papers",
      "GATE Cutoffs & Scores",
      "GATE Rank Points",
      "GATE Previous Papers",
      "GATE Question Bank",
      "Mail Delivery",
      "Subscribers",
      "Link Health",
      "Testimonials",
      "Purchase Toasts",
      "FAQs",
      "Terms Page",
      "Activity",
      "Trash",
      "Site Settings",
    ]);
  });
});
