import { describe, expect, it } from "vitest";
import { titleKeys } from "~/lib/test-series-link";
import { discountPercent } from "~/lib/catalogue/price";
import { CourseSchema, courseDefaults, TestSeriesSchema, testSeriesDefaults } from "~/lib/schemas/admin/catalogue";

// The catalogue's pure rules (issue 26): the discount worked out from the two prices, and the
// manager's schemas, shared by its action and its form.

describe("discountPercent", () => {
  it("is the saving on the original price, rounded to the nearest percent", () => {
    expect(discountPercent(1499, 3010)).toBe(50);
    expect(discountPercent(499, 1009)).toBe(51);
    expect(discountPercent(750, 1000)).toBe(25);
  });

  it("is 0 without a higher original price, and never 100 for something that costs money", () => {
    expect(discountPercent(1000, 1000)).toBe(0);
    expect(discountPercent(1200, 1000)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
    expect(discountPercent(1, 100_000)).toBe(99);
    expect(discountPercent(0, 500)).toBe(100);
  });
});

describe("titleKeys", () => {
  it("reads a URL's title trimmed, in lower case, decoded once more when encoded twice", () => {
    expect(titleKeys(" GATE 2027 ")).toEqual(["gate 2027"]);
    expect(titleKeys("GATE%202027")).toEqual(["gate%202027", "gate 2027"]);
  });
});

const series = (fields: Record<string, string> = {}) => ({
  ...testSeriesDefaults,
  title: "GATE 2027",
  price: "1499",
  original_price: "3010",
  tests: "150",
  description: "Mocks.",
  image: "/images/catalog/gate-ch.svg",
  is_active: "on",
  ...fields,
});

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("TestSeriesSchema", () => {
  it("reads a valid form: whole rupees, lines of features, no purchase URL as null", () => {
    const parsed = TestSeriesSchema.parse(series({ features: " A \n\nB\r\nC " }));
    expect(parsed).toMatchObject({
      title: "GATE 2027",
      price: 1499,
      original_price: 3010,
      tests: 150,
      students: 0,
      validity_months: 12,
      features: ["A", "B", "C"],
      purchase_url: null,
      display_order: 0,
      is_active: true,
    });
  });

  it.each([
    ["price", "-1", "Price must be a whole number of 0 or more"],
    ["original_price", "1000", "Original price (₹1,000) must be at least the price (₹1,499)"],
    ["purchase_url", "javascript:alert(1)", "Purchase URL must be a valid http:// or https:// URL"],
    ["purchase_url", "mailto:a@b.c", "Purchase URL must be a valid http:// or https:// URL"],
    [
      "image",
      "//evil.example/x.png",
      "Image must be an http:// or https:// URL, or a path on this site starting with /",
    ],
    ["validity_months", "61", "Validity must be a whole number of months from 1 to 60"],
    ["title", "12345", "Title must contain a letter"],
  ])("refuses %s = %j", (field, value, message) => {
    expect(errorsOf(TestSeriesSchema.safeParse(series({ [field]: value })))[field]).toBe(message);
  });

  it("accepts an original price equal to the price (no discount), and an https purchase URL", () => {
    expect(
      TestSeriesSchema.safeParse(series({ original_price: "1499", purchase_url: "https://x.example/a" })).success,
    ).toBe(true);
  });
});

const course = (fields: Record<string, string> = {}) => ({
  ...courseDefaults,
  is_free: "",
  is_active: "on",
  title: "GATE CH Weekend Batch",
  price: "2999",
  original_price: "4999",
  tests: "40",
  description: "Weekend classes.",
  image: "/images/catalog/gate-ch.svg",
  ...fields,
});

describe("CourseSchema", () => {
  it("needs its own figures only when it is not sold as a test series", () => {
    expect(errorsOf(CourseSchema.safeParse(course({ price: "", tests: "" })))).toMatchObject({
      price: "Price is required",
      tests: "Tests is required",
    });
    // Issue 42: kept empty (null), never 0, which went on sale when the series was deleted.
    const linked = CourseSchema.parse(course({ test_series_id: "1", price: "", original_price: "", tests: "" }));
    expect(linked).toMatchObject({ test_series_id: 1, price: null, original_price: null, tests: null, is_free: false });
  });

  it("asks a paid course sold on its own for a price of at least ₹1; a free one may show ₹0", () => {
    expect(errorsOf(CourseSchema.safeParse(course({ price: "0", original_price: "0" })))).toEqual({
      price: "A paid course needs a price of at least ₹1 (tick Free course for a free one)",
    });
    expect(CourseSchema.parse(course({ is_free: "on", price: "0", original_price: "0" }))).toMatchObject({ price: 0 });
  });

  it("refuses a free course sold as a test series, and a series that is not a number", () => {
    expect(errorsOf(CourseSchema.safeParse(course({ test_series_id: "1", is_free: "on" })))).toEqual({
      test_series_id: "A free course cannot be sold as a test series",
    });
    expect(errorsOf(CourseSchema.safeParse(course({ test_series_id: "x" })))).toEqual({
      test_series_id: "Choose a test series from the list",
    });
  });
});
