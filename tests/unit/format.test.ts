import { describe, expect, it } from "vitest";
import { formatCount, formatDiscount, formatRupees, formatValidity } from "~/lib/format";

describe("formatRupees", () => {
  it("prefixes the rupee sign and groups thousands", () => {
    expect(formatRupees(1499)).toBe("₹1,499");
    expect(formatRupees(3010)).toBe("₹3,010");
    expect(formatRupees(499)).toBe("₹499");
    expect(formatRupees(0)).toBe("₹0");
  });

  it("groups lakhs the Indian way", () => {
    expect(formatRupees(150000)).toBe("₹1,50,000");
    expect(formatRupees(12345678)).toBe("₹1,23,45,678");
  });
});

describe("formatCount", () => {
  it("groups student counts the Indian way", () => {
    expect(formatCount(50000)).toBe("50,000");
    expect(formatCount(35000)).toBe("35,000");
    expect(formatCount(1200)).toBe("1,200");
    expect(formatCount(150)).toBe("150");
    expect(formatCount(250000)).toBe("2,50,000");
  });
});

describe("formatDiscount", () => {
  it("reads as a percentage off", () => {
    expect(formatDiscount(47)).toBe("47% off");
    expect(formatDiscount(51)).toBe("51% off");
  });
});

describe("formatValidity", () => {
  it("says whole years in years", () => {
    expect(formatValidity(12)).toBe("1 year");
    expect(formatValidity(24)).toBe("2 years");
  });

  it("says other periods in months", () => {
    expect(formatValidity(6)).toBe("6 months");
    expect(formatValidity(1)).toBe("1 month");
    expect(formatValidity(18)).toBe("18 months");
  });
});

describe("formatCount and Intl", () => {
  // Written out so that browsers need not load Intl's en-IN data (issue 28): it must read exactly
  // as Intl's en-IN whole-number format does.
  const intl = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

  it("matches Intl's en-IN grouping and rounding", () => {
    const values = [0, 1, 9, 99, 999, 1000, 9999, 10000, 99999, 100000, 123456, 1234567, 12345678, 123456789];
    values.push(1234567890123, 0.4, 0.5, 1.5, 2.5, 999.5, 99999.5, -0.5, -1, -1500, -150000, -2.5);
    values.push(Number.MAX_SAFE_INTEGER, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    for (let n = 1; n < 1e15; n = Math.floor(n * 7.3) + 3) values.push(n, -n);
    for (const value of values) expect(formatCount(value), String(value)).toBe(intl.format(value));
  });

  it("writes a negative amount that rounds to nothing as 0, where Intl writes -0", () => {
    expect(formatCount(-0)).toBe("0");
    expect(formatCount(-0.4)).toBe("0");
  });
});
