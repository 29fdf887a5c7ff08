import { describe, expect, it } from "vitest";
import { istDate } from "~/core/ist";
import { adminMessages } from "~/lib/admin/messages";
import { checkbox, IdSchema, imageUrl, testCountField } from "~/lib/schemas/admin/common";
import { EbookSchema } from "~/lib/schemas/admin/ebook";
import { FreeMaterialSchema } from "~/lib/schemas/admin/free-material";
import { BannerMoveSchema, heroBannerErrors, HeroBannerSchema } from "~/lib/schemas/admin/hero-banner";
import { JobAlertSchema } from "~/lib/schemas/admin/job-alert";
import { withoutDeadline } from "../support/job-alert-fields";
import { TestCategorySchema } from "~/lib/schemas/admin/test-category";
import { TestItemSchema } from "~/lib/schemas/admin/test-item";
import { TestSubcategorySchema } from "~/lib/schemas/admin/test-subcategory";
import { WelcomePopupSchema } from "~/lib/schemas/admin/welcome-popup";
import { GatePaperYearSchema } from "~/lib/schemas/admin/gate-paper-year";
import { PurchaseEntrySchema } from "~/lib/schemas/admin/purchase-entry";
import { DATE_RANGE, fieldErrors, formValues } from "~/lib/schemas/fields";

function errorsOf(schema: { safeParse(v: unknown): any }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

/** What a browser posts: a FormData, read the way the actions read it. */
function posted(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return formValues(form);
}

const hostileUrls = [
  "javascript:alert(1)",
  "JavaScript:alert(document.cookie)",
  "data:text/html,<script>alert(1)</script>",
];

describe("checkbox fields (FormData: 'on' when ticked, absent when not)", () => {
  it("reads 'on' as true and a missing field as false", () => {
    expect(checkbox.parse("on")).toBe(true);
    expect(checkbox.parse(undefined)).toBe(false);
    expect(EbookSchema.parse(posted({ title: "T", pdf_link: "https://x.in/a.pdf", is_active: "on" })).is_active).toBe(
      true,
    );
    expect(EbookSchema.parse(posted({ title: "T", pdf_link: "https://x.in/a.pdf" })).is_active).toBe(false);
  });

  it("accepts booleans and true/false strings, and treats anything else as unchecked", () => {
    expect(checkbox.parse(true)).toBe(true);
    expect(checkbox.parse("true")).toBe(true);
    expect(checkbox.parse(false)).toBe(false);
    expect(checkbox.parse("false")).toBe(false);
    expect(checkbox.parse("")).toBe(false);
    expect(checkbox.parse("off")).toBe(false);
  });
});

describe("job alert schema (spec §5)", () => {
  const valid = {
    title: " IOCL recruitment ",
    category_id: "2",
    view_link: " https://iocl.com/jobs ",
    is_active: "on",
  };

  it("accepts a complete alert, trims it and makes the description optional", () => {
    expect(JobAlertSchema.parse(posted(valid))).toEqual({
      title: "IOCL recruitment",
      category_id: 2,
      view_link: "https://iocl.com/jobs",
      description: null,
      is_active: true,
      // Issue 26: a form without the deadline fields is an alert posted today without a deadline.
      posted_on: istDate(),
      ...withoutDeadline,
    });
    expect(JobAlertSchema.parse({ ...valid, description: "  Apply by June  " }).description).toBe("Apply by June");
  });

  it("requires title, category and view link", () => {
    expect(errorsOf(JobAlertSchema, {})).toEqual({
      title: "Title is required",
      category_id: "Choose a category",
      view_link: "View link is required",
    });
    expect(errorsOf(JobAlertSchema, posted({ title: "  ", category_id: "", view_link: "" }))).toEqual({
      title: "Title is required",
      category_id: "Choose a category",
      view_link: "View link is required",
    });
  });

  it.each(["abc", "0", "-3", "1.5"])("refuses the category %s", (category_id) => {
    expect(errorsOf(JobAlertSchema, { ...valid, category_id })).toEqual({ category_id: "Choose a category" });
  });

  it.each([...hostileUrls, "ftp://example.com/file", "iocl.com/jobs", "https://"])(
    "refuses the view link %s",
    (url) => {
      expect(errorsOf(JobAlertSchema, { ...valid, view_link: url })).toEqual({
        view_link: "View link must be a valid http:// or https:// URL",
      });
    },
  );

  it("bounds the lengths", () => {
    expect(errorsOf(JobAlertSchema, { ...valid, title: "x".repeat(201) })).toEqual({
      title: "Title must be at most 200 characters",
    });
    expect(errorsOf(JobAlertSchema, { ...valid, description: "x".repeat(2001) })).toEqual({
      description: "Description must be at most 2000 characters",
    });
    expect(errorsOf(JobAlertSchema, { ...valid, view_link: `https://x.in/${"a".repeat(2000)}` })).toEqual({
      view_link: "View link must be at most 2000 characters",
    });
  });
});

// Issue 42: 9999-12-31 was accepted and its .ics had an invalid DTEND. Every date of every form
// runs from 1 Jan 2000 to 31 Dec 2100 (DATE_RANGE), in the one builder the schemas share.
const range = (label: string) => `${label} must be a date from 1 Jan 2000 to 31 Dec 2100`;

describe("dates (2000-01-01 to 2100-12-31)", () => {
  const alert = { title: "IOCL", category_id: "2", view_link: "https://iocl.com/jobs", posted_on: "2026-01-05" };

  it("takes a last date to apply up to 31 Dec 2100, not after", () => {
    expect(JobAlertSchema.parse({ ...alert, last_date: DATE_RANGE.last }).last_date).toBe("2100-12-31");
    for (const last_date of ["2101-01-01", "9999-12-31"])
      expect(errorsOf(JobAlertSchema, { ...alert, last_date })).toEqual({ last_date: range("Last date to apply") });
  });

  it("takes a posted date from 1 Jan 2000, not before", () => {
    expect(JobAlertSchema.parse({ ...alert, posted_on: DATE_RANGE.first }).posted_on).toBe("2000-01-01");
    expect(errorsOf(JobAlertSchema, { ...alert, posted_on: "1999-12-31" })).toEqual({ posted_on: range("Posted on") });
  });

  it("bounds the dates GATE figures were read and purchases were made", () => {
    const year = { paper_id: "1", year: "2025" };
    expect(GatePaperYearSchema.parse({ ...year, qualifying_retrieved_on: "2000-01-01" })).toMatchObject({
      qualifying_retrieved_on: "2000-01-01",
    });
    expect(errorsOf(GatePaperYearSchema, { ...year, qualifying_retrieved_on: "0999-03-01" })).toEqual({
      qualifying_retrieved_on: range("Date read"),
    });
    const purchase = { buyer_name: "Asha", city: "Pune", product: "GATE 2027" };
    expect(errorsOf(PurchaseEntrySchema, { ...purchase, purchased_on: "1970-01-01" })).toEqual({
      purchased_on: range("Date of purchase"),
    });
  });
});

describe("free test schemas (spec §5)", () => {
  it("requires the category name", () => {
    expect(TestCategorySchema.parse(posted({ name: " Core Subjects ", is_active: "on" }))).toEqual({
      name: "Core Subjects",
      is_active: true,
    });
    expect(errorsOf(TestCategorySchema, posted({ name: "   " }))).toEqual({ name: "Category name is required" });
    expect(errorsOf(TestCategorySchema, { name: "x".repeat(101) })).toEqual({
      name: "Category name must be at most 100 characters",
    });
  });

  it("requires the subcategory name and a parent category", () => {
    expect(errorsOf(TestSubcategorySchema, posted({ category_id: "", name: "" }))).toEqual({
      category_id: "Choose a parent category",
      name: "Subcategory name is required",
    });
    expect(TestSubcategorySchema.parse(posted({ category_id: "4", name: "Mass Transfer", test_count: "12" }))).toEqual({
      category_id: 4,
      name: "Mass Transfer",
      test_count: 12,
      is_active: false,
    });
  });

  it("turns a non-numeric or missing test count into 0", () => {
    const base = { category_id: "1", name: "Heat Transfer" };
    expect(TestSubcategorySchema.parse({ ...base, test_count: "abc" }).test_count).toBe(0);
    expect(TestSubcategorySchema.parse({ ...base, test_count: "" }).test_count).toBe(0);
    expect(TestSubcategorySchema.parse(base).test_count).toBe(0);
    expect(testCountField.parse(" 7 ")).toBe(7);
    expect(testCountField.parse(3)).toBe(3);
  });

  it("keeps the test count a whole number of at least 0", () => {
    const base = { category_id: "1", name: "Heat Transfer" };
    expect(errorsOf(TestSubcategorySchema, { ...base, test_count: "-1" })).toEqual({
      test_count: "Test count must be 0 or more",
    });
    expect(errorsOf(TestSubcategorySchema, { ...base, test_count: "2.5" })).toEqual({
      test_count: "Test count must be a whole number",
    });
    expect(errorsOf(TestSubcategorySchema, { ...base, test_count: "1000001" })).toEqual({
      test_count: "Test count must be at most 100000",
    });
  });

  it("requires subcategory, title and test link for a test item; the description is optional", () => {
    expect(errorsOf(TestItemSchema, posted({ subcategory_id: "", title: "", test_link: "" }))).toEqual({
      subcategory_id: "Choose a subcategory",
      title: "Title is required",
      test_link: "Test link is required",
    });
    expect(
      TestItemSchema.parse(posted({ subcategory_id: "3", title: "Mock 1", test_link: "https://learn.example/t/1" })),
    ).toEqual({
      subcategory_id: 3,
      title: "Mock 1",
      description: null,
      practice_test_id: null,
      test_link: "https://learn.example/t/1",
      is_active: false,
    });
  });

  it("lets a test item open a test of this site instead of a link (issue 47)", () => {
    const onSite = posted({ subcategory_id: "3", title: "Mock 1", practice_test_id: "7", test_link: "" });
    expect(TestItemSchema.parse(onSite)).toMatchObject({ practice_test_id: 7, test_link: null });
    // The on-site test wins: a link typed beside it is not kept.
    const both = posted({
      subcategory_id: "3",
      title: "Mock 1",
      practice_test_id: "7",
      test_link: "https://x.example/t",
    });
    expect(TestItemSchema.parse(both)).toMatchObject({ practice_test_id: 7, test_link: null });
    expect(errorsOf(TestItemSchema, posted({ subcategory_id: "3", title: "Mock", practice_test_id: "seven" }))).toEqual(
      {
        practice_test_id: "Choose a test of this site, or none",
      },
    );
  });

  it.each(hostileUrls)("refuses the test link %s", (url) => {
    expect(errorsOf(TestItemSchema, { subcategory_id: "3", title: "Mock", test_link: url })).toEqual({
      test_link: "Test link must be a valid http:// or https:// URL",
    });
  });
});

describe("welcome popup schema (spec §5)", () => {
  const valid = { title: "Welcome", description: "Start here", image_url: "https://cdn.example/popup.png" };

  it("requires title, description and image URL; the subtitle is optional", () => {
    expect(WelcomePopupSchema.parse(posted({ ...valid, is_active: "on" }))).toEqual({
      ...valid,
      subtitle: null,
      is_active: true,
    });
    expect(errorsOf(WelcomePopupSchema, posted({ title: "", subtitle: "", description: "", image_url: "" }))).toEqual({
      title: "Title is required",
      description: "Description is required",
      image_url: "Image URL is required",
    });
  });

  it("accepts the site's own image paths, as the seeded popup uses", () => {
    expect(WelcomePopupSchema.parse({ ...valid, image_url: "/images/welcome-popup.svg" }).image_url).toBe(
      "/images/welcome-popup.svg",
    );
  });

  it.each([...hostileUrls, "//evil.example/x.png", "/\\evil.example", "popup.png", "ftp://x/y.png"])(
    "refuses the image URL %s",
    (url) => {
      expect(errorsOf(WelcomePopupSchema, { ...valid, image_url: url })).toEqual({
        image_url: "Image URL must be an http:// or https:// URL, or a path on this site starting with /",
      });
    },
  );

  it("bounds the lengths", () => {
    expect(errorsOf(WelcomePopupSchema, { ...valid, subtitle: "x".repeat(201) })).toEqual({
      subtitle: "Subtitle must be at most 200 characters",
    });
    expect(errorsOf(WelcomePopupSchema, { ...valid, description: "x".repeat(1001) })).toEqual({
      description: "Description must be at most 1000 characters",
    });
  });
});

const parseLink = (link_url: string) => HeroBannerSchema.safeParse(posted({ image_url: "/b.svg", link_url }));

describe("hero banner schemas (spec §5)", () => {
  it("requires an image URL", () => {
    expect(
      HeroBannerSchema.parse(
        posted({ image_url: " https://cdn.example/b.jpg ", alt_text: " Free tests ", is_active: "on" }),
      ),
    ).toEqual({
      image_url: "https://cdn.example/b.jpg",
      link_url: null,
      alt_text: "Free tests",
      is_active: true,
    });
    expect(errorsOf(HeroBannerSchema, posted({ image_url: "" }))).toEqual({ image_url: "Image URL is required" });
  });

  it("takes a link to a page of this site or an http(s) address; blank means the learning app (issue 27)", () => {
    expect(parseLink(" /free-tests ").data?.link_url).toBe("/free-tests");
    expect(parseLink("/test-series/GATE%202027?x=1").data?.link_url).toBe("/test-series/GATE%202027?x=1");
    expect(parseLink("https://learn.example.in/courses").data?.link_url).toBe("https://learn.example.in/courses");
    expect(parseLink("   ").data?.link_url).toBeNull();
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "free-tests",
      "/free tests",
      "mailto:a@b.in",
      ...hostileUrls,
    ]) {
      expect(errorsOf(HeroBannerSchema, posted({ image_url: "/b.svg", link_url: bad })), bad).toEqual({
        link_url: heroBannerErrors.link,
      });
    }
  });

  it("requires the banner's words when it is active, not for a hidden draft", () => {
    expect(errorsOf(HeroBannerSchema, posted({ image_url: "/b.svg", is_active: "on", alt_text: " " }))).toEqual({
      alt_text: heroBannerErrors.altRequired,
    });
    expect(HeroBannerSchema.parse(posted({ image_url: "/b.svg" })).alt_text).toBeNull();
  });

  it.each(hostileUrls)("refuses the image URL %s", (url) => {
    expect(imageUrl("Image URL").safeParse(url).success).toBe(false);
    expect(Object.keys(errorsOf(HeroBannerSchema, { image_url: url }))).toEqual(["image_url"]);
  });

  it("reads a move: a banner id and up or down", () => {
    expect(BannerMoveSchema.parse(posted({ id: "5", direction: "up" }))).toEqual({ id: 5, direction: "up" });
    expect(errorsOf(BannerMoveSchema, posted({ id: "x", direction: "left" }))).toEqual({
      id: "Choose an item",
      direction: "Choose up or down",
    });
    expect(IdSchema.safeParse("0").success).toBe(false);
  });
});

describe("e-book and free material schemas (spec §5)", () => {
  it("require title and link; the description is optional", () => {
    expect(errorsOf(EbookSchema, posted({ title: "", pdf_link: "" }))).toEqual({
      title: "Title is required",
      pdf_link: "PDF link is required",
    });
    expect(errorsOf(FreeMaterialSchema, posted({ title: "", material_link: "" }))).toEqual({
      title: "Title is required",
      material_link: "Material link is required",
    });
    expect(
      FreeMaterialSchema.parse(posted({ title: " Notes ", material_link: "https://x.in/n.pdf", description: "" })),
    ).toEqual({
      title: "Notes",
      description: null,
      material_link: "https://x.in/n.pdf",
      cover_url: null,
      is_active: false,
    });
  });

  // Issue 45: a media-library file is an address too (the action checks it exists, of its kind).
  it("take a media-library file as the link and the cover; refuse other paths on this site", () => {
    const pdf = `/media/${"a".repeat(64)}/gate-notes.pdf`;
    const png = `/media/${"b".repeat(64)}/cover.png`;
    expect(EbookSchema.parse(posted({ title: "T", pdf_link: pdf, cover_url: png }))).toMatchObject({
      pdf_link: pdf,
      cover_url: png,
    });
    expect(FreeMaterialSchema.parse(posted({ title: "T", material_link: pdf, cover_url: "" })).cover_url).toBeNull();
    for (const link of ["/media/abc/x.pdf", "/files/x.pdf", `/media/${"a".repeat(64)}/v/320.webp`]) {
      expect(errorsOf(EbookSchema, posted({ title: "T", pdf_link: link }))).toEqual({
        pdf_link: "PDF link must be a valid http:// or https:// URL",
      });
    }
    expect(errorsOf(EbookSchema, posted({ title: "T", pdf_link: pdf, cover_url: "javascript:alert(1)" }))).toEqual({
      cover_url: "Cover image URL must be an http:// or https:// URL, or a path on this site starting with /",
    });
  });

  it.each(hostileUrls)("refuse the link %s", (url) => {
    expect(errorsOf(EbookSchema, { title: "T", pdf_link: url })).toEqual({
      pdf_link: "PDF link must be a valid http:// or https:// URL",
    });
    expect(errorsOf(FreeMaterialSchema, { title: "T", material_link: url })).toEqual({
      material_link: "Material link must be a valid http:// or https:// URL",
    });
  });

  it("refuse control characters in text", () => {
    expect(errorsOf(EbookSchema, { title: "Bad\u0007title", pdf_link: "https://x.in/a.pdf" })).toEqual({
      title: "Title contains characters that are not allowed",
    });
  });
});

describe("admin messages (spec §5, §8, verbatim)", () => {
  it("words the free-test toasts and prompts per level", () => {
    const m = adminMessages.freeTests;
    expect(m.created("category")).toBe("Category created successfully");
    expect(m.updated("subcategory")).toBe("Subcategory updated successfully");
    expect(m.created("item")).toBe("Test item created successfully");
    expect(m.deleted("category")).toBe("Category deleted successfully");
    expect(m.deleted("item")).toBe("Item deleted successfully");
    expect(m.confirmDelete("category")).toBe("Are you sure you want to delete this category?");
    expect(m.confirmDelete("subcategory")).toBe("Are you sure you want to delete this subcategory?");
    expect(m.confirmDelete("item")).toBe("Are you sure you want to delete this item?");
  });

  it("says what a cascading delete takes with it", () => {
    const notice = adminMessages.freeTests.cascadeNotice;
    expect(notice({ subcategories: 2, items: 5 })).toBe("Its 2 subcategories and 5 test items will be deleted too.");
    expect(notice({ subcategories: 1, items: 0 })).toBe("Its 1 subcategory will be deleted too.");
    expect(notice({ items: 1 })).toBe("Its 1 test item will be deleted too.");
    expect(notice({ subcategories: 0, items: 0 })).toBe("");
  });

  it("keeps the other managers' strings verbatim", () => {
    expect(adminMessages.jobAlerts.confirmDelete).toBe("Are you sure you want to delete this job alert?");
    expect(adminMessages.heroBanners.confirmDelete).toBe("Are you sure you want to delete this banner?");
    expect(adminMessages.heroBanners.orderUpdated).toBe("Banner order updated");
    expect(adminMessages.welcomePopup.previewDescription).toBe("Description text will appear here...");
    expect(adminMessages.ebooks.saveFailed).toBe("Failed to save ebook");
    expect(adminMessages.freeMaterials.deleteFailed).toBe("Failed to delete material");
  });
});
