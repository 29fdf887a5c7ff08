import { describe, expect, it } from "vitest";
import { noScripts, pageShipsScripts, scriptsOnLoad, scriptsWaitForInput } from "~/lib/route-handle";
import * as adminLayout from "~/routes/admin/layout";
import * as forgotPassword from "~/routes/admin/forgot-password";
import * as login from "~/routes/admin/login";
import * as loginVerify from "~/routes/admin/login-verify";
import * as resetPassword from "~/routes/admin/reset-password";
import * as home from "~/routes/public/home";
import * as faqs from "~/routes/public/faqs";
import * as publicLayout from "~/routes/public/layout";

// What a page's matched routes say about its scripts (issue 28, decision 014), read by
// app/entry.server.tsx from the routes' `handle` exports.

const handles = (...modules: object[]) => modules.map((module) => ("handle" in module ? module.handle : undefined));

describe("route handles", () => {
  it("a public page with interaction ships scripts that wait for the visitor's first input", () => {
    const page = handles({}, publicLayout, home);
    expect(pageShipsScripts(page)).toBe(true);
    expect(scriptsWaitForInput(page)).toBe(true);
  });

  it("a public page with nothing interactive ships none", () => {
    expect(faqs.handle).toBe(noScripts);
    expect(pageShipsScripts(handles({}, publicLayout, faqs))).toBe(false);
  });

  it("every admin page starts its scripts on load: the panel's shell and the sign-in pages outside it", () => {
    for (const page of [adminLayout, login, loginVerify, forgotPassword, resetPassword]) {
      expect(page.handle).toBe(scriptsOnLoad);
      expect(pageShipsScripts(handles({}, page))).toBe(true);
      expect(scriptsWaitForInput(handles({}, page))).toBe(false);
    }
  });

  it("routes without a handle change nothing", () => {
    expect(pageShipsScripts([undefined, {}, null])).toBe(true);
    expect(scriptsWaitForInput([undefined, {}, null])).toBe(true);
  });
});
