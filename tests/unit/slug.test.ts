import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "~/core/slug";

describe("slugify (spec §5: lowercase, spaces to hyphens)", () => {
  it("lowercases and turns spaces into hyphens", () => {
    expect(slugify("Mass Transfer")).toBe("mass-transfer");
    expect(slugify("GATE CH Mock Tests")).toBe("gate-ch-mock-tests");
  });

  it("turns runs of whitespace into one hyphen and trims the ends", () => {
    expect(slugify("  Heat   Transfer\tBasics ")).toBe("heat-transfer-basics");
  });

  it("reads & as 'and', drops apostrophes, and makes any other punctuation one hyphen", () => {
    expect(slugify("Heat & Mass Transfer")).toBe("heat-and-mass-transfer");
    expect(slugify("IOCL-2025 (Technical)")).toBe("iocl-2025-technical");
    expect(slugify("What's new? 100%!")).toBe("whats-new-100");
    expect(slugify("a / b -- c")).toBe("a-b-c");
    expect(slugify("-Leading and trailing-")).toBe("leading-and-trailing");
  });

  it("gives the demo content's names the slugs they were seeded with (anchors on /free-tests)", () => {
    expect(slugify("Fluid Mechanics")).toBe("fluid-mechanics");
    expect(slugify("Engineering Mathematics & Aptitude")).toBe("engineering-mathematics-and-aptitude");
    expect(slugify("  ONGC/GAIL  Technical ")).toBe("ongc-gail-technical");
    expect(slugify("Fick's Law")).toBe("ficks-law");
  });

  it("folds accents to plain letters", () => {
    expect(slugify("Café Thermodynamique")).toBe("cafe-thermodynamique");
  });

  it("returns an empty slug when nothing URL-safe is left", () => {
    expect(slugify("रसायन")).toBe("");
    expect(slugify("   ")).toBe("");
  });
});

describe("uniqueSlug", () => {
  it("keeps the slug when it is free", () => {
    expect(uniqueSlug("Fluid Mechanics", ["mass-transfer"])).toBe("fluid-mechanics");
  });

  it("adds the first free numeric suffix when taken", () => {
    expect(uniqueSlug("Fluid Mechanics", ["fluid-mechanics"])).toBe("fluid-mechanics-2");
    expect(uniqueSlug("Fluid Mechanics", new Set(["fluid-mechanics", "fluid-mechanics-2"]))).toBe("fluid-mechanics-3");
  });

  it("gives a name without URL-safe characters a fallback slug", () => {
    expect(uniqueSlug("रसायन", [])).toBe("item");
    expect(uniqueSlug("रसायन", ["item"])).toBe("item-2");
  });
});
