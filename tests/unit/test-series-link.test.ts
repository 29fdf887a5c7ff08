import { describe, expect, it } from "vitest";
import { matchTestSeries, parseId, testSeriesHref } from "~/lib/test-series-link";

const list = [
  { id: 1, title: "GATE 2026" },
  { id: 2, title: "IOCL-2025" },
];

describe("testSeriesHref (spec §2: /test-series/{title, URL-encoded})", () => {
  it("encodes the title into the path", () => {
    expect(testSeriesHref("GATE 2026")).toBe("/test-series/GATE%202026");
    expect(testSeriesHref("IOCL-2025")).toBe("/test-series/IOCL-2025");
    expect(testSeriesHref("Heat & Mass / 2026?")).toBe("/test-series/Heat%20%26%20Mass%20%2F%202026%3F");
  });
});

describe("matchTestSeries", () => {
  it("finds a series by its title as the router decodes it", () => {
    expect(matchTestSeries("GATE 2026", list)?.id).toBe(1);
    expect(matchTestSeries("IOCL-2025", list)?.id).toBe(2);
  });

  it("finds a series by its title still URL-encoded", () => {
    expect(matchTestSeries("GATE%202026", list)?.id).toBe(1);
  });

  it("round-trips every title through the link the list page builds", () => {
    for (const item of list) {
      const param = decodeURIComponent(testSeriesHref(item.title).slice("/test-series/".length));
      expect(matchTestSeries(param, list)).toBe(item);
    }
  });

  it("ignores case and surrounding spaces in a title", () => {
    expect(matchTestSeries("gate 2026", list)?.id).toBe(1);
    expect(matchTestSeries(" iocl-2025 ", list)?.id).toBe(2);
  });

  it("finds a series by its numeric id", () => {
    expect(matchTestSeries("1", list)?.title).toBe("GATE 2026");
    expect(matchTestSeries("2", list)?.title).toBe("IOCL-2025");
  });

  it("matches nothing for unknown titles and ids", () => {
    expect(matchTestSeries("3", list)).toBeUndefined();
    expect(matchTestSeries("GATE 2025", list)).toBeUndefined();
    expect(matchTestSeries("GATE", list)).toBeUndefined();
    expect(matchTestSeries("", list)).toBeUndefined();
    expect(matchTestSeries(undefined, list)).toBeUndefined();
    expect(matchTestSeries("%E0%A4%A", list)).toBeUndefined();
  });
});

describe("parseId", () => {
  it("reads canonical positive integers", () => {
    expect(parseId("2")).toBe(2);
    expect(parseId("3")).toBe(3);
    expect(parseId("120")).toBe(120);
  });

  it("rejects anything else", () => {
    for (const value of ["", "0", "02", "-2", "2.0", "2abc", "abc", " 2", "1e3", "99999999999999999999", undefined]) {
      expect(parseId(value)).toBeNull();
    }
  });
});
