import { describe, expect, it } from "vitest";
import { BookingSchema } from "~/lib/schemas/booking";
import { ContactSchema } from "~/lib/schemas/contact";
import { fieldErrors, formValues, httpUrl } from "~/lib/schemas/fields";
import { TestimonialSchema } from "~/lib/schemas/testimonial";

function errorsOf(schema: { safeParse(v: unknown): any }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

describe("contact form schema (spec §5)", () => {
  const valid = { name: " Priya ", email: "priya@example.com", phone: "+91 98765 43210", message: "Hello" };

  it("accepts a complete message and trims it", () => {
    expect(ContactSchema.parse(valid)).toEqual({ ...valid, name: "Priya" });
  });

  it("requires every field and an e-mail format", () => {
    expect(errorsOf(ContactSchema, {})).toEqual({
      name: "Name is required",
      email: "Email is required",
      phone: "Phone is required",
      message: "Message is required",
    });
    expect(errorsOf(ContactSchema, { ...valid, email: "not-an-email" })).toEqual({
      email: "Enter a valid email address",
    });
    expect(errorsOf(ContactSchema, { ...valid, phone: "call me" })).toEqual({ phone: "Enter a valid phone number" });
    expect(errorsOf(ContactSchema, { ...valid, name: "   " })).toEqual({ name: "Name is required" });
  });

  it("refuses overlong text and control characters with a field error", () => {
    expect(errorsOf(ContactSchema, { ...valid, message: "x".repeat(100_000) })).toEqual({
      message: "Message must be at most 5000 characters",
    });
    expect(errorsOf(ContactSchema, { ...valid, name: "Pri\u0000ya" })).toEqual({
      name: "Name contains characters that are not allowed",
    });
  });
});

describe("booking schema", () => {
  const valid = {
    sessionType: "higher-studies",
    name: "Ravi",
    phone: "9876543210",
    collegeName: "NIT Trichy",
    query: "MS abroad?",
  };

  it("makes the GATE score optional", () => {
    expect(BookingSchema.parse(valid).gateScore).toBeNull();
    expect(BookingSchema.parse({ ...valid, gateScore: " 650 " }).gateScore).toBe("650");
  });

  it("requires name, phone, college name, query and a known session type", () => {
    expect(Object.keys(errorsOf(BookingSchema, {})).sort()).toEqual([
      "collegeName",
      "name",
      "phone",
      "query",
      "sessionType",
    ]);
    expect(errorsOf(BookingSchema, { ...valid, sessionType: "other" })).toEqual({
      sessionType: "Choose a session type",
    });
  });
});

describe("testimonial schema", () => {
  it("defaults the rating to 5 and keeps it within 1 to 5", () => {
    expect(TestimonialSchema.parse({ name: "A", comment: "Great" }).rating).toBe(5);
    expect(TestimonialSchema.parse({ name: "A", comment: "Great", rating: "3" }).rating).toBe(3);
    expect(errorsOf(TestimonialSchema, { name: "A", comment: "Great", rating: "6" })).toEqual({
      rating: "Choose a rating from 1 to 5",
    });
    expect(errorsOf(TestimonialSchema, { name: "A", comment: "Great", rating: "abc" })).toEqual({
      rating: "Choose a rating from 1 to 5",
    });
  });
});

describe("http(s)-only URLs", () => {
  const url = httpUrl("View link");
  it.each(["javascript:alert(1)", "data:text/html,<script>", "ftp://example.com/x", "example.com", "https://"])(
    "refuses %s",
    (value) => {
      expect(url.safeParse(value).success).toBe(false);
    },
  );
  it("accepts http and https", () => {
    expect(url.parse(" https://iocl.com/careers ")).toBe("https://iocl.com/careers");
    expect(url.parse("http://example.in/a?b=1")).toBe("http://example.in/a?b=1");
  });
});

describe("formValues", () => {
  it("keeps the first of repeated fields and ignores files", () => {
    const data = new FormData();
    data.append("name", "first");
    data.append("name", "second");
    data.append("file", new Blob(["x"]), "x.txt");
    expect(formValues(data)).toEqual({ name: "first" });
  });

  it("reads fields named like Object's own properties as fields", () => {
    const data = new FormData();
    data.append("constructor", "c");
    data.append("__proto__", "p");
    data.append("toString", "t");
    const values = formValues(data);
    expect(Object.entries(values)).toEqual([
      ["constructor", "c"],
      ["__proto__", "p"],
      ["toString", "t"],
    ]);
    expect(Object.getPrototypeOf(values)).toBeNull();
  });
});
