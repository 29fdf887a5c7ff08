import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EbookGrid } from "~/components/content/ebook-grid";
import { FreeMaterialGrid } from "~/components/content/free-material-grid";
import { FreeTestAccordions } from "~/components/content/free-test-accordions";
import { jobAlertsEmptyText, jobAlertTabs, parseJobAlertTab } from "~/components/content/job-alert-categories";
import { JobAlertList } from "~/components/content/job-alert-tabs";
import { formatIstDate } from "~/core/ist";
import { withoutDeadline } from "../support/job-alert-fields";

/** The visible text of server-rendered markup, whitespace collapsed. */
/** An alert as the loader gives it; only the deadline fields are new (issue 26). */
const alertRow = (fields: {
  id: number;
  title: string;
  description: string | null;
  view_link: string;
  posted_date: string;
}) => ({ ...withoutDeadline, ...fields });
const listProps = { tab: jobAlertTabs[0], today: "2026-11-27", origin: "https://gate.example" };

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
    expect(text(renderToStaticMarkup(<JobAlertList alerts={[]} {...listProps} tab={jobAlertTabs[3]} />))).toBe(
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
    const ebook = { id: 1, title: "Bad", description: null, pdf_link: "data:text/html,x", cover_url: null };
    expect(renderToStaticMarkup(<EbookGrid ebooks={[ebook]} />)).not.toContain("<a ");
    const material = { id: 1, title: "Bad", description: null, material_link: "javascript:void 0", cover_url: null };
    const materialHtml = renderToStaticMarkup(<FreeMaterialGrid materials={[material]} />);
    expect(materialHtml).not.toContain("<a ");
    expect(materialHtml).toMatch(
      /<picture><source srcSet="\/default.webp" type="image\/webp"\/><img [^>]*src="\/default.jpg"[^>]*width="640" height="360"/,
    );
    const alert = alertRow({
      id: 1,
      title: "Bad",
      description: null,
      view_link: "vbscript:x",
      posted_date: "2026-11-12T06:00:00.000Z",
    });
    // Closed, so no calendar or share link either; and the notification link is unsafe too.
    const closed = { ...alert, last_date: "2026-11-20", notification_url: "javascript:alert(1)" };
    expect(renderToStaticMarkup(<JobAlertList alerts={[closed]} {...listProps} view="archive" />)).not.toContain("<a ");
  });

  it("job alerts show the posted date in a <time> element", () => {
    const alert = alertRow({
      id: 1,
      title: "GATE 2026 Result",
      description: "Scorecards are out",
      view_link: "https://gate.example/",
      posted_date: "2026-11-12T06:00:00.000Z",
    });
    const html = renderToStaticMarkup(<JobAlertList alerts={[alert]} {...listProps} tab={jobAlertTabs[2]} />);
    expect(html).toContain('<time dateTime="2026-11-12T06:00:00.000Z">12 Nov 2026</time>');
    expect(html).toContain('href="https://gate.example/" target="_blank" rel="noopener"');
    expect(text(html)).toContain("Scorecards are out");
  });

  it("an open alert shows its last date, badge, selection, eligibility, posts, notification, calendar and share", () => {
    const alert = {
      ...alertRow({
        id: 12,
        title: "IOCL Engineers, 2027",
        description: null,
        view_link: "https://iocl.com/",
        posted_date: "2026-11-12T06:00:00.000Z",
      }),
      last_date: "2026-11-30",
      selection_mode: "gate-score" as const,
      gate_year: 2027,
      eligibility: "B.Tech Chemical",
      posts: 25,
      notification_url: "https://iocl.com/n.pdf",
    };
    const html = renderToStaticMarkup(<JobAlertList alerts={[alert]} {...listProps} />);
    expect(text(html)).toContain("Last date: 30 Nov 2026 Closes in 3 days");
    expect(html).toContain('<time dateTime="2026-11-30">30 Nov 2026</time>');
    expect(text(html)).toContain("Selection: Through GATE 2027 score");
    expect(text(html)).toContain("Eligibility: B.Tech Chemical");
    expect(text(html)).toContain("Posts: 25");
    expect(html).toContain('id="alert-12"');
    expect(html).toContain('href="https://iocl.com/n.pdf" target="_blank"');
    expect(html).toContain('href="/job-alerts/12/calendar.ics" download=""');
    const share = `https://wa.me/?text=${encodeURIComponent("IOCL Engineers, 2027\nhttps://gate.example/job-alerts?tab=jobs#alert-12")}`;
    expect(html).toContain(`href="${share.replaceAll("&", "&amp;")}"`);
  });
});

describe("formatIstDate", () => {
  it("prints day, short month and year in India's time zone", () => {
    expect(formatIstDate("2026-11-12T06:00:00.000Z")).toBe("12 Nov 2026");
    expect(formatIstDate("2026-09-03T00:00:00Z")).toBe("3 Sep 2026");
    // 20:00 UTC is 01:30 the next day in IST.
    expect(formatIstDate("2025-12-31T20:00:00.000Z")).toBe("1 Jan 2026");
    expect(formatIstDate("2026-11-12")).toBe("12 Nov 2026");
  });

  it("prints nothing for a value that is not a date", () => {
    expect(formatIstDate("soon")).toBe("");
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
