import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EbookGrid } from "~/components/content/ebook-grid";
import { FreeMaterialGrid } from "~/components/content/free-material-grid";
import { FreeTestAccordions } from "~/components/content/free-test-accordions";
import { jobAlertsEmptyText, jobAlertTabs, parseJobAlertTab } from "~/components/content/job-alert-categories";
import { JobAlertList } from "~/components/content/job-alert-tabs";
import { formatPostedDate } from "~/components/content/posted-date";

/** The visible text of server-rendered markup, whitespace collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

describe("empty states (spec §2, §8)", () => {
  it("e-books: 'No E-Books Available' with 'E-books will be available soon. Stay tuned!'", () => {
    const html = renderToStaticMarkup(<EbookGrid ebooks={[]} />);
    expect(html).toMatch(/<h2[^>]*>No E-Books Available<\/h2>/);
    expect(text(html)).toContain("E-books will be available soon. Stay tuned!");
  });

  it("free materials: 'No free materials available at the moment.'", () => {
    expect(text(renderToStaticMarkup(<FreeMaterialGrid materials={[]} />))).toBe(
      "No free materials available at the moment.",
    );
  });

  it("job alerts: 'No {tab label} available at the moment.' for every tab", () => {
    expect(jobAlertTabs.map((tab) => jobAlertsEmptyText(tab.label))).toEqual([
      "No Jobs available at the moment.",
      "No Vacancy available at the moment.",
      "No Results available at the moment.",
      "No Admit Cards available at the moment.",
    ]);
    expect(text(renderToStaticMarkup(<JobAlertList alerts={[]} label="Admit Cards" />))).toBe(
      "No Admit Cards available at the moment.",
    );
  });

  it("free tests: a message instead of accordions", () => {
    const html = renderToStaticMarkup(<FreeTestAccordions categories={[]} />);
    expect(html).not.toContain("<details");
    expect(text(html)).toMatch(/^No free tests available at the moment\./);
  });
});

describe("links from the database", () => {
  const categories = [
    {
      id: 1,
      name: "Core",
      slug: "core",
      testCount: 3,
      subcategories: [
        {
          id: 1,
          name: "Fluids",
          slug: "fluids",
          tests: [
            { id: 1, title: "Linked test", description: "Has a link", test_link: "https://learn.example/t/1" },
            { id: 2, title: "Unlinked test", description: null, test_link: null },
            { id: 3, title: "Scripted test", description: null, test_link: "javascript:alert(1)" },
          ],
        },
      ],
    },
  ];

  it("free tests: a Start link in a new tab only for http(s) links, and count badges", () => {
    const html = renderToStaticMarkup(<FreeTestAccordions categories={categories} />);
    const links = html.match(/<a [^>]*>/g) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]).toContain('href="https://learn.example/t/1" target="_blank" rel="noopener"');
    expect(html).not.toContain("javascript:");
    expect(text(html)).toContain("Start : Linked test (opens in a new tab)");
    expect(text(html)).toContain("Core 3 tests");
    expect(text(html)).toContain("Fluids 3 tests");
    expect(html.match(/<details[^>]* open=""/g)).toHaveLength(2);
  });

  it("e-books, materials and alerts render no link for an unsafe URL", () => {
    const ebook = { id: 1, title: "Bad", description: null, pdf_link: "data:text/html,x" };
    expect(renderToStaticMarkup(<EbookGrid ebooks={[ebook]} />)).not.toContain("<a ");
    const material = { id: 1, title: "Bad", description: null, material_link: "javascript:void 0" };
    const materialHtml = renderToStaticMarkup(<FreeMaterialGrid materials={[material]} />);
    expect(materialHtml).not.toContain("<a ");
    expect(materialHtml).toMatch(
      /<picture><source srcSet="\/default.webp" type="image\/webp"\/><img [^>]*src="\/default.jpg"[^>]*width="640" height="360"/,
    );
    const alert = {
      id: 1,
      title: "Bad",
      description: null,
      view_link: "vbscript:x",
      posted_date: "2026-11-12T06:00:00.000Z",
    };
    expect(renderToStaticMarkup(<JobAlertList alerts={[alert]} label="Jobs" />)).not.toContain("<a ");
  });

  it("job alerts show the posted date in a <time> element", () => {
    const alert = {
      id: 1,
      title: "GATE 2026 Result",
      description: "Scorecards are out",
      view_link: "https://gate.example/",
      posted_date: "2026-11-12T06:00:00.000Z",
    };
    const html = renderToStaticMarkup(<JobAlertList alerts={[alert]} label="Results" />);
    expect(html).toContain('<time dateTime="2026-11-12T06:00:00.000Z">12 Nov 2026</time>');
    expect(html).toContain('href="https://gate.example/" target="_blank" rel="noopener"');
    expect(text(html)).toContain("Scorecards are out");
  });
});

describe("formatPostedDate", () => {
  it("prints day, short month and year in India's time zone", () => {
    expect(formatPostedDate("2026-11-12T06:00:00.000Z")).toBe("12 Nov 2026");
    expect(formatPostedDate("2026-09-03T00:00:00Z")).toBe("3 Sep 2026");
    // 20:00 UTC is 01:30 the next day in IST.
    expect(formatPostedDate("2025-12-31T20:00:00.000Z")).toBe("1 Jan 2026");
    expect(formatPostedDate("2026-11-12")).toBe("12 Nov 2026");
  });

  it("prints nothing for a value that is not a date", () => {
    expect(formatPostedDate("soon")).toBe("");
  });
});

describe("parseJobAlertTab", () => {
  it("reads a known ?tab= and falls back to Jobs", () => {
    expect(parseJobAlertTab("admit-cards")).toEqual({ slug: "admit-cards", label: "Admit Cards" });
    expect(parseJobAlertTab("vacancy").label).toBe("Vacancy");
    expect(parseJobAlertTab(null).slug).toBe("jobs");
    expect(parseJobAlertTab("Admit Cards").slug).toBe("jobs");
  });
});
