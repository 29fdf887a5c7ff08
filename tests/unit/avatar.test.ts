import { describe, expect, it } from "vitest";
import { avatarFromName } from "~/core/avatar";

describe("avatarFromName", () => {
  it("takes the initials of the first and last words", () => {
    expect(avatarFromName("Priya Sharma")).toBe("PS");
    expect(avatarFromName("Mohammed Faiz Khan")).toBe("MK");
  });

  it("uses one letter for a single name and upper-cases it", () => {
    expect(avatarFromName("rahul")).toBe("R");
  });

  it("ignores extra spaces and punctuation", () => {
    expect(avatarFromName("  Dr. A. K.   Singh  ")).toBe("DS");
    expect(avatarFromName("(Sneha) patil!")).toBe("SP");
  });

  it("works for names in Devanagari", () => {
    expect(avatarFromName("प्रिया शर्मा")).toBe("पश");
  });

  it("falls back to ? when there is nothing to take", () => {
    expect(avatarFromName("")).toBe("?");
    expect(avatarFromName("  ... ")).toBe("?");
  });
});
