import { describe, expect, it } from "vitest";
import { adminReturnPath, keptFields, MAX_KEPT_CHARS, pageOf, parseKeptForm } from "~/lib/admin/kept-forms";
import { SUBMIT_TOKEN_FIELD } from "~/lib/forms/submit-token";

// Issue 48 "No lost work": the rules of a form kept across a sign-in — which pages keep one and
// are gone back to (never an open redirect), and which fields are kept (never secrets or files).

const page = (url: string) => pageOf(new URL(url, "http://localhost"));

describe("the page a form was posted from", () => {
  it("is an admin section's path with the query that says which form was open", () => {
    expect(page("/admin/ebooks?edit=12")).toEqual({ path: "/admin/ebooks", search: "?edit=12" });
    expect(page("/admin/catalogue?tab=courses&new=1")).toEqual({
      path: "/admin/catalogue",
      search: "?tab=courses&new=1",
    });
    expect(page("/admin/settings")).toEqual({ path: "/admin/settings", search: "" });
  });

  it("leaves out the router's own parameters and suffixes: the index route, .data, _routes", () => {
    expect(page("/admin?index&edit=3")).toEqual({ path: "/admin", search: "?edit=3" });
    expect(page("/admin.data?index")).toEqual({ path: "/admin", search: "" });
    expect(page("/admin/leads.data?status=new&_routes=routes%2Fadmin%2Flayout")).toEqual({
      path: "/admin/leads",
      search: "?status=new",
    });
    expect(page("/admin/testimonials/")).toEqual({ path: "/admin/testimonials", search: "" });
  });

  it("is none outside the sections: sign-in screens, the account, resource routes, public pages", () => {
    for (const url of [
      "/admin/login",
      "/admin/login/verify",
      "/admin/account/password",
      "/admin/account/two-factor",
      "/admin/sign-out",
      "/admin/questions/preview",
      "/admin/leads.csv",
      "/admin/gate-export/papers.csv",
      "/contact",
      "/",
    ])
      expect(page(url), url).toBeNull();
  });
});

describe("where signing in goes back to", () => {
  it("an admin section's page, as given", () => {
    expect(adminReturnPath("/admin/ebooks?edit=12")).toEqual({ path: "/admin/ebooks", search: "?edit=12" });
    expect(adminReturnPath("/admin")).toEqual({ path: "/admin", search: "" });
  });

  it("refuses anything that could lead elsewhere (no open redirect)", () => {
    for (const value of [
      "https://evil.example/admin",
      "//evil.example/admin",
      "/\\evil.example/admin",
      "/\\/evil.example",
      "javascript:alert(1)",
      "admin/ebooks",
      "/admin/../contact",
      "/admin/login",
      "/admin/account",
      "/admin/%2e%2e/contact",
      "/admin/ebooks\nSet-Cookie: x=1",
      "",
      null,
      undefined,
    ])
      expect(adminReturnPath(value), String(value)).toBeNull();
  });
});

describe("what of a posted form is kept", () => {
  it("its text fields and which form it was, never the submit token or anything like a password", () => {
    const kept = keptFields([
      ["intent", "update"],
      ["id", "12"],
      ["title", "Mass Transfer notes"],
      ["is_active", "on"],
      [SUBMIT_TOKEN_FIELD, "one-time"],
      ["password", "hunter2 hunter2"],
      ["new_password", "x"],
      ["api_secret", "s"],
    ]);
    expect(kept).toEqual({
      values: { intent: "update", id: "12", title: "Mass Transfer notes", is_active: "on" },
      filesLeftOut: false,
    });
  });

  it("leaves files out and says so; a field repeated keeps its first value, as the forms read it", () => {
    const kept = keptFields([
      ["intent", "create"],
      ["title", "Cover picture"],
      ["title", "second"],
      ["cover_file", { name: "cover.png", size: 2048 }],
      ["pdf_file", { name: "", size: 0 }],
    ]);
    expect(kept).toEqual({ values: { intent: "create", title: "Cover picture" }, filesLeftOut: true });
  });

  it("keeps nothing when nothing was typed: a delete, a move, an approval; nor imports and uploads", () => {
    expect(
      keptFields([
        ["intent", "delete"],
        ["id", "4"],
      ]),
    ).toBeNull();
    expect(
      keptFields([
        ["intent", "move"],
        ["id", "4"],
        ["direction", "up"],
      ]),
    ).toBeNull();
    expect(
      keptFields([
        ["intent", "create"],
        ["title", ""],
      ]),
    ).toBeNull();
    expect(
      keptFields([
        ["intent", "import-confirm"],
        ["content", "a,b,c"],
      ]),
    ).toBeNull();
    expect(
      keptFields([
        ["intent", "upload"],
        ["alt", "A diagram"],
      ]),
    ).toBeNull();
  });

  it("keeps nothing too large to keep", () => {
    expect(
      keptFields([
        ["intent", "save"],
        ["text", "x".repeat(MAX_KEPT_CHARS)],
      ]),
    ).toBeNull();
  });

  it("reads back what was stored, and nothing from a malformed row", () => {
    const stored = JSON.stringify({ values: { title: "A", n: 3 }, filesLeftOut: true });
    expect(parseKeptForm(stored, "2030-01-01T00:00:00.000Z")).toEqual({
      values: { title: "A" },
      filesLeftOut: true,
      keptAt: "2030-01-01T00:00:00.000Z",
    });
    expect(parseKeptForm("{", "x")).toBeNull();
    expect(parseKeptForm("null", "x")).toBeNull();
  });
});
