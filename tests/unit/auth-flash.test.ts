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
  it("point at our reset page on the configured origin (outside production without SITE_URL: localhost:PORT)", () => {
    expect(resetLink("TOKEN")).toBe("http://localhost:3000/admin/reset-password?token=TOKEN");
    expect(resetLink("a+b/c")).toBe("http://localhost:3000/admin/reset-password?token=a%2Bb%2Fc");
  });
});
