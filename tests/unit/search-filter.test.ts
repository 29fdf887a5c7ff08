import { describe, expect, it } from "vitest";
import { filterCatalog, groupByKind, normaliseQuery, type CatalogEntry } from "~/lib/search/search-filter";

const catalog: (CatalogEntry & { id: number })[] = [
  { kind: "course", id: 2, title: "GATE 2026 CH Complete Test Series" },
  { kind: "course", id: 3, title: "IOCL-2025 Chemical Engineering Test Series" },
  { kind: "test-series", id: 1, title: "GATE 2026" },
  { kind: "test-series", id: 2, title: "IOCL-2025" },
];

const titles = (items: readonly CatalogEntry[]) => items.map((item) => item.title);

describe("filterCatalog (spec §2: case-insensitive title substring)", () => {
  it("matches a substring of the title, ignoring case", () => {
    expect(titles(filterCatalog(catalog, "iocl"))).toEqual(["IOCL-2025 Chemical Engineering Test Series", "IOCL-2025"]);
    expect(titles(filterCatalog(catalog, "GaTe 2026"))).toEqual(["GATE 2026 CH Complete Test Series", "GATE 2026"]);
    expect(titles(filterCatalog(catalog, "chemical"))).toEqual(["IOCL-2025 Chemical Engineering Test Series"]);
  });

  it("trims the query first (spec §5)", () => {
    expect(titles(filterCatalog(catalog, "  iocl-2025  "))).toEqual([
      "IOCL-2025 Chemical Engineering Test Series",
      "IOCL-2025",
    ]);
  });

  it("matches across kinds and keeps the given order", () => {
    expect(filterCatalog(catalog, "2026").map((item) => [item.kind, item.id])).toEqual([
      ["course", 2],
      ["test-series", 1],
    ]);
  });

  it("returns nothing for a query that matches no title", () => {
    expect(filterCatalog(catalog, "xyz")).toEqual([]);
    expect(filterCatalog(catalog, "gate 2025")).toEqual([]);
  });

  it("returns nothing for an empty or whitespace-only query", () => {
    expect(filterCatalog(catalog, "")).toEqual([]);
    expect(filterCatalog(catalog, "   ")).toEqual([]);
  });

  it("treats regular-expression and SQL wildcard characters literally", () => {
    const items: CatalogEntry[] = [
      { kind: "course", title: "100% Aptitude (Free)" },
      { kind: "course", title: "Aptitude 1000" },
    ];
    expect(titles(filterCatalog(items, "100%"))).toEqual(["100% Aptitude (Free)"]);
    expect(titles(filterCatalog(items, "(free)"))).toEqual(["100% Aptitude (Free)"]);
    expect(filterCatalog(items, ".*")).toEqual([]);
  });
});

describe("normaliseQuery", () => {
  it("trims and turns a missing query into an empty one", () => {
    expect(normaliseQuery("  heat transfer ")).toBe("heat transfer");
    expect(normaliseQuery(null)).toBe("");
    expect(normaliseQuery(undefined)).toBe("");
  });
});

describe("groupByKind", () => {
  it("groups results by kind, courses first, leaving out empty groups", () => {
    const groups = groupByKind(filterCatalog(catalog, "gate"));
    expect(groups.map((g) => [g.label, titles(g.items)])).toEqual([
      ["Courses", ["GATE 2026 CH Complete Test Series"]],
      ["Test Series", ["GATE 2026"]],
    ]);
    expect(groupByKind([catalog[2]!]).map((g) => g.kind)).toEqual(["test-series"]);
    expect(groupByKind([])).toEqual([]);
  });

  it("orders the groups by their first item: the best match's group leads (issue 27)", () => {
    const found: CatalogEntry[] = [
      { kind: "syllabus", title: "Heat Transfer" },
      { kind: "free-material", title: "Heat Transfer Formula Sheet" },
      { kind: "syllabus", title: "Mass Transfer" },
    ];
    expect(groupByKind(found).map((g) => [g.label, titles(g.items)])).toEqual([
      ["GATE Syllabus", ["Heat Transfer", "Mass Transfer"]],
      ["Free Materials", ["Heat Transfer Formula Sheet"]],
    ]);
  });
});
