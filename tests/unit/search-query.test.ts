import { describe, expect, it } from "vitest";
import { searchHref } from "~/lib/search/search-query";

describe("searchHref", () => {
  it("trims the text and encodes it into the q parameter", () => {
    expect(searchHref("  heat transfer ")).toBe("/search?q=heat%20transfer");
  });

  it("encodes characters that would break the query string", () => {
    const href = searchHref("mass & energy = 100%?#1")!;
    expect(href).toBe("/search?q=mass%20%26%20energy%20%3D%20100%25%3F%231");
    expect(new URL(href, "https://example.test").searchParams.get("q")).toBe("mass & energy = 100%?#1");
  });

  it("keeps non-ASCII text readable after decoding", () => {
    const href = searchHref("रसायन GATE")!;
    expect(new URL(href, "https://example.test").searchParams.get("q")).toBe("रसायन GATE");
  });

  it("returns null for an empty or whitespace-only query, so nothing happens", () => {
    expect(searchHref("")).toBeNull();
    expect(searchHref("   ")).toBeNull();
    expect(searchHref(" \t\n ")).toBeNull();
  });
});
