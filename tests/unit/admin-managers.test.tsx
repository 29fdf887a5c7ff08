import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import FreeTestsManager from "~/routes/admin/manage/free-tests";
import HeroBannersManager from "~/routes/admin/manage/hero-banners";
import JobAlertsManager from "~/routes/admin/manage/job-alerts";
import WelcomePopupManager from "~/routes/admin/manage/welcome-popup";
import { defaultSiteFigures } from "~/lib/site/site-figures";

// The managers as the server renders them, i.e. as a browser without JavaScript gets them: the
// Create/Update label of the popup, the load-failure text in the page, the disabled arrows at
// the ends of the banner order, the delete confirmation as its own step with the spec's prompt.

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

function render(path: string, url: string, Component: ComponentType, loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "manager", path, Component }]);
  return renderToStaticMarkup(<Stub initialEntries={[url]} hydrationData={{ loaderData: { manager: loaderData } }} />);
}

const popup = {
  id: 1,
  title: "Welcome to GATE CH Preparation",
  subtitle: null,
  description: "Practise with 150+ tests.",
  image_url: "/images/welcome-popup.svg",
  is_active: true,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
};

describe("Welcome Popup manager", () => {
  it("reads Create before the first save, Update after, with 'Show popup to visitors'", () => {
    const empty = render("/admin/welcome-popup", "/admin/welcome-popup", WelcomePopupManager, {
      popup: null,
      figures: defaultSiteFigures,
      loadError: null,
    });
    expect(empty).toMatch(/<button type="submit"[^>]*>Create<\/button>/);
    expect(text(empty)).toContain("Show popup to visitors");
    const saved = render("/admin/welcome-popup", "/admin/welcome-popup", WelcomePopupManager, {
      popup,
      figures: defaultSiteFigures,
      loadError: null,
    });
    expect(saved).toMatch(/<button type="submit"[^>]*>Update<\/button>/);
    expect(saved).toContain('value="Welcome to GATE CH Preparation"');
  });

  it("without JavaScript, ?preview=1 shows the mock-up with the fallback texts for empty fields", () => {
    const html = render("/admin/welcome-popup", "/admin/welcome-popup?preview=1", WelcomePopupManager, {
      popup: null,
      figures: defaultSiteFigures,
      loadError: null,
    });
    const shown = text(html);
    for (const fallback of [
      "Welcome Title",
      "Subtitle",
      "Description text will appear here...",
      // The home page's practice tests figure, the spec's 150+ (issue 48: the popup said 100+).
      "150+ Practice Tests",
      "Expert Solutions & Analysis",
      "Performance Tracking",
      "Start Your Journey",
    ]) {
      expect(shown).toContain(fallback);
    }
    expect(html).toContain('src="/images/welcome-popup.svg"');
  });

  it("says 'Failed to load popup data' in the page when the row cannot be read", () => {
    const html = render("/admin/welcome-popup", "/admin/welcome-popup", WelcomePopupManager, {
      popup: null,
      figures: defaultSiteFigures,
      loadError: "Failed to load popup data",
    });
    expect(html).toMatch(/role="alert"[^>]*>Failed to load popup data</);
  });
});

/** One page of a list as the loaders give it (issue 48): these rows, the plain view. */
const listOf = <Row,>(rows: Row[], sort: string) => ({
  rows,
  hasNext: false,
  view: { params: {}, q: null, sort, dir: "desc", page: 1, filters: {}, filtered: false },
  others: [],
  bulk: null,
  bulkError: null,
});

describe("Job Alerts manager", () => {
  it("shows 'Failed to load data' and an empty table when the list cannot be read", () => {
    const html = render("/admin", "/admin", JobAlertsManager, {
      alerts: listOf([], "posted"),
      categories: [],
      loadError: "Failed to load data",
    });
    expect(html).toMatch(/role="alert"[^>]*>Failed to load data</);
    expect(text(html)).toContain("Title Category Posted Last date Status Actions Failed to load data");
  });

  it("asks 'Are you sure you want to delete this job alert?' on the confirmation step (?delete=)", () => {
    const alert = {
      id: 7,
      title: "IOCL Recruitment 2026",
      category_id: 1,
      category_name: "Jobs",
      view_link: "https://iocl.com",
      description: null,
      posted_date: "2026-11-20T04:30:00.000Z",
      is_active: true,
      updated_at: "2026-11-20T04:30:00.000Z",
    };
    const html = render("/admin", "/admin?delete=7", JobAlertsManager, {
      alerts: listOf([alert], "posted"),
      categories: [{ id: 1, name: "Jobs", slug: "jobs" }],
      loadError: null,
    });
    expect(text(html)).toContain(
      "Delete job alert Are you sure you want to delete this job alert? IOCL Recruitment 2026",
    );
    expect(html).toContain('name="intent" value="delete"');
    expect(html).toContain('name="id" value="7"');
    // Without JavaScript the row's Delete is a link to this step.
    expect(html).toContain('href="/admin?delete=7"');
  });
});

const banner = (id: number, order: number, active: boolean) => ({
  id,
  image_url: `/images/banners/${id}.svg`,
  link_url: id === 4 ? "/free-tests" : null,
  alt_text: `Banner words ${id}`,
  display_order: order,
  is_active: active,
  updated_at: "2026-11-01T00:00:00.000Z",
  // Its place in the order, on the plain list (issue 48).
  position: order,
});

describe("Hero Banners manager", () => {
  it("lists Order, Image, Status, Actions; the arrows are disabled at the ends", () => {
    const html = render("/admin/hero-banners", "/admin/hero-banners", HeroBannersManager, {
      banners: listOf([banner(4, 1, true), banner(9, 2, false), banner(2, 3, true)], "order"),
      loadError: null,
    });
    expect(text(html)).toContain("Order Image Status Actions");
    expect(text(html)).toContain("Add New Banner");
    const button = (label: string) => html.match(new RegExp(`<button[^>]*aria-label="${label}"[^>]*>`))?.[0] ?? "";
    expect(button("Move banner 1 up")).toContain(' disabled=""');
    expect(button("Move banner 1 down")).not.toContain(' disabled=""');
    expect(button("Move banner 2 up")).not.toContain(' disabled=""');
    expect(button("Move banner 3 down")).toContain(' disabled=""');
    expect(text(html)).toMatch(/Active .* Inactive .* Active/);
    // Each row says where the banner goes and what it says (issue 27).
    expect(text(html)).toContain("Banner words 4 Opens /free-tests");
    expect(text(html)).toContain("Banner words 9 Opens the learning app");
  });

  it("asks for the link and the banner's words in words staff understand", () => {
    const html = render("/admin/hero-banners", "/admin/hero-banners?new=1", HeroBannersManager, {
      banners: listOf([], "order"),
      loadError: null,
    });
    expect(text(html)).toContain("Words on the banner (alt text)");
    expect(text(html)).toContain("Link (optional)");
    expect(html).toContain('name="link_url"');
    expect(html).toContain('name="alt_text"');
  });
});

describe("Free Test Series manager", () => {
  it("says on the confirmation step that a category's children are deleted too", () => {
    const tree = [
      {
        id: 3,
        name: "Process Control",
        slug: "process-control",
        is_active: true,
        updated_at: "2026-11-01T00:00:00.000Z",
        subcategories: [
          {
            id: 5,
            category_id: 3,
            name: "Stability",
            slug: "stability",
            test_count: 2,
            is_active: true,
            updated_at: "2026-11-01T00:00:00.000Z",
            items: [],
          },
        ],
      },
    ];
    // The page's tree, the whole tree's parents and the list's view (issue 48).
    const page = { tree, parents: tree, others: [], hasNext: false, bulk: null, bulkError: null, testChoices: [] };
    const view = listOf([], "tree").view;
    const html = render("/admin/free-tests", "/admin/free-tests?delete=category&id=3", FreeTestsManager, {
      ...page,
      view,
      deleteImpact: { subcategories: 1, items: 4 },
      loadError: null,
    });
    expect(text(html)).toContain(
      "Are you sure you want to delete this category? Process Control Its 1 subcategory and 4 test items will be deleted too.",
    );
    expect(html).toContain('name="level" value="category"');
    const item = render("/admin/free-tests", "/admin/free-tests?delete=subcategory&id=5", FreeTestsManager, {
      ...page,
      view,
      deleteImpact: { items: 0 },
      loadError: null,
    });
    expect(text(item)).toContain("Are you sure you want to delete this subcategory? Stability");
    expect(text(item)).not.toContain("will be deleted too");
  });
});
