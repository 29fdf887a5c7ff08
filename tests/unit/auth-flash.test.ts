import { describe, expect, it } from "vitest";
import { flashCookie, readFlash } from "~/lib/auth/flash.server";
import { resetLink } from "~/lib/auth/password-reset.server";

describe("flash toasts", () => {
  it("carry a toast across one redirect and clear it", () => {
    const set = flashCookie({ type: "success", message: "Login successful!" });
    expect(set).toMatch(/^gate\.flash=[\w-]+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);
    const request = new Request("http://x/admin", { headers: { Cookie: `a=b; ${set.split(";")[0]}` } });
    expect(readFlash(request)).toEqual({
      toast: { type: "success", message: "Login successful!" },
      clear: "gate.flash=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
    });
    expect(readFlash(new Request("http://x/", { headers: { Cookie: "gate.flash=%%%" } }))).toBeNull();
  });
});

describe("reset links", () => {
  it("point at our reset page on the origin the request came from", () => {
    const url =
      "/api/auth/reset-password/TOKEN?callbackURL=" + encodeURIComponent("https://www.example.in/admin/reset-password");
    expect(resetLink(url, "TOKEN")).toBe("https://www.example.in/admin/reset-password?token=TOKEN");
    expect(resetLink("/api/auth/reset-password/T?callbackURL=", "T")).toBe(
      "http://localhost/admin/reset-password?token=T",
    );
  });
});
