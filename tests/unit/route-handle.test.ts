import { describe, expect, it } from "vitest";
import { noScripts, pageShipsScripts, wantsWholeStylesheet, wholeStylesheet } from "~/lib/route-handle";
import * as adminLayout from "~/routes/admin/layout";
import * as forgotPassword from "~/routes/admin/forgot-password";
import * as login from "~/routes/admin/login";
import * as loginVerify from "~/routes/admin/login-verify";
import * as resetPassword from "~/routes/admin/reset-password";
import * as home from "~/routes/public/home/route";
import * as faqs from "~/routes/public/faqs";
import * as publicLayout from "~/routes/public/layout";

// What a page's matched routes say about its scripts (issue 28, decision 014), read by
// app/entry.server.tsx from the routes' `handle` exports.

const handles = (...modules: object[]) => modules.map((module) => ("handle" in module ? module.handle : undefined));

describe("route handles", () => {
  it("a public page with interaction ships scripts and carries only its own rules of the stylesheet", () => {
    const page = handles({}, publicLayout, home);
    expect(pageShipsScripts(page)).toBe(true);
    expect(wantsWholeStylesheet(page)).toBe(false);
  });

  it("a public page with nothing interactive ships none", () => {
    expect(faqs.handle).toBe(noScripts);
    expect(pageShipsScripts(handles({}, publicLayout, faqs))).toBe(false);
  });

  it("every admin page carries the whole stylesheet: the panel's shell and the sign-in pages outside it", () => {
    for (const page of [adminLayout, login, loginVerify, forgotPassword, resetPassword]) {
      expect(page.handle).toBe(wholeStylesheet);
      expect(pageShipsScripts(handles({}, page))).toBe(true);
      expect(wantsWholeStylesheet(handles({}, page))).toBe(true);
    }
  });

  it("routes without a handle change nothing", () => {
    expect(pageShipsScripts([undefined, {}, null])).toBe(true);
    expect(wantsWholeStylesheet([undefined, {}, null])).toBe(false);
  });
});
