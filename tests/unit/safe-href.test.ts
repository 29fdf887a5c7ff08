import { describe, expect, it } from "vitest";
import { safeHref } from "~/lib/safe-href";

describe("safeHref", () => {
  it("keeps absolute http and https URLs, trimmed", () => {
    expect(safeHref("https://learn.gatechacademy.in/test/mt-distillation")).toBe(
      "https://learn.gatechacademy.in/test/mt-distillation",
    );
    expect(safeHref("http://example.com/a.pdf?x=1#p2")).toBe("http://example.com/a.pdf?x=1#p2");
    expect(safeHref("  HTTPS://Example.com/Notes.pdf \n")).toBe("HTTPS://Example.com/Notes.pdf");
  });

  it("refuses script, data, file and other schemes, in any case and with leading spaces", () => {
    for (const url of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "ftp://example.com/file.pdf",
      "mailto:someone@example.com",
    ]) {
      expect(safeHref(url), url).toBeNull();
    }
  });

  it("refuses relative, protocol-relative, malformed and empty values", () => {
    for (const url of [
      "/ebooks",
      "//evil.example/x",
      "example.com",
      "https://",
      "http//x",
      "",
      "   ",
      null,
      undefined,
    ]) {
      expect(safeHref(url), String(url)).toBeNull();
    }
  });
});
