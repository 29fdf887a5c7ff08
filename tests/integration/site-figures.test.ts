import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WhyTestSeries } from "~/components/home/why-test-series";
import { ContactDetails } from "~/components/layout/contact-details";
import { getDb } from "~/db/client.server";
import { toPublicSettings } from "~/lib/site/settings";
import { getSiteSettings } from "~/lib/site/settings.server";
import { loadSiteFigures } from "~/lib/site/site-figures.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/manage/site-settings";
import { action as termsAction, loader as termsAdminLoader } from "~/routes/admin/manage/terms-page";
import { loader as homeLoader } from "~/routes/public/home/route";
import { loader as termsLoader } from "~/routes/public/terms";
import { insertQuestion } from "../support/questions";
import { adminAndStudent, call, flash, getRequest, pageArgs, postRequest } from "./auth-support";

// Issue 48 items 6 and 7 on each engine: the home page's figures are staff's (with their source)
// or counted from the site; the demo's contact details say so until staff enter their own; the
// terms page is Markdown staff write, rendered and sanitised on the server. Every write audited,
// and only admins may make one.

const sessions = adminAndStudent("figures-admin@example.com", "figures-student@example.com");

const settings = {
  intent: "save",
  brand_name: "GATE CH Classes",
  whatsapp_number: "+91 99887 76655",
  contact_email: "hello@gatech.example",
  contact_phone: "+91 99887 76655",
  contact_address: "Bhopal, Madhya Pradesh",
  student_login_url: "https://learn.gatech.example/login",
  student_login_org_code: "gtc",
  learning_app_url: "https://learn.gatech.example/store",
  booking_recipient_email: "leads@gatech.example",
  session_fee_rupees: "499",
  session_length_minutes: "30",
  session_mentor: "A GATE CH mentor from our faculty",
  session_callback_hours: "24",
};

const saveSettings = (fields: Record<string, string>, cookie = sessions.adminCookie) =>
  call(settingsAction as never, postRequest("/admin/settings", { ...settings, ...fields }, cookie));
/** The figures' own form on the Site Settings page. */
const saveFigures = (fields: Record<string, string>, cookie = sessions.adminCookie) =>
  call(settingsAction as never, postRequest("/admin/settings", { intent: "save-figures", ...fields }, cookie));
const saveTerms = (body: string, cookie = sessions.adminCookie) =>
  call(termsAction as never, postRequest("/admin/terms", { intent: "save", body }, cookie));

/** The visible text of server-rendered markup. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

const homeFigures = async () => (await homeLoader(pageArgs("/"))).figures;
const whyBlock = async () =>
  textOf(renderToStaticMarkup(createElement(WhyTestSeries, { figures: await homeFigures() })));

describe(`the home page's figures on ${process.env.TEST_ENGINE}`, () => {
  it("are the spec's until staff change them, and the demo's contact details say they are the demo's", async () => {
    // Each figure's label, then its value (shown above it), then where it comes from.
    expect(await whyBlock()).toContain("Students Enrolled 5000+ Success Rate 95% Practice Tests 150+ Real Exam");
    const publicSettings = toPublicSettings(await getSiteSettings(getDb()));
    const details = textOf(
      renderToStaticMarkup(createElement(ContactDetails, { settings: publicSettings, look: "page" })),
    );
    expect(details).toContain("+91 98765 43210 (demo number)");
    expect(details).toContain("support@gatechacademy.in (demo e-mail)");
    const form = await call(settingsLoader as never, getRequest("/admin/settings", sessions.adminCookie));
    expect(form).toMatchObject({
      kind: "data",
      data: {
        demo: { phone: true, email: true, whatsapp: true },
        values: { figure_students: "5000+", figure_success_rate: "95%", figure_practice_tests: "150+" },
      },
    });
  });

  it("show what staff save, with as of when and the source, audited; the demo marks go with real details", async () => {
    const answer = await saveFigures({
      figure_students: "1,240",
      figure_students_as_of: "2026-11-01",
      figure_students_source: "enrolments on the learning app",
      figure_success_rate: "",
      figure_success_rate_as_of: "",
      figure_success_rate_source: "",
      figure_practice_tests: "150+",
      figure_practice_tests_as_of: "",
      figure_practice_tests_source: "",
      figure_practice_tests_from: "typed",
    });
    expect(answer).toMatchObject({ kind: "redirect", location: "/admin/settings" });
    expect(flash(answer)).toBe("Figures updated successfully");
    const why = await whyBlock();
    expect(why).toContain("Students Enrolled 1,240 As of 1 Nov 2026, source: enrolments on the learning app");
    expect(why).not.toContain("Success Rate");
    expect(why).toContain("Practice Tests 150+ Real Exam");
    const audit = await getDb()
      .selectFrom("audit_log")
      .select(["entity", "action", "details"])
      .where("entity", "=", "site_settings")
      .execute();
    expect(audit).toEqual([{ entity: "site_settings", action: "update", details: '{"figures":true}' }]);

    // The other settings, with the business's own contact details: the demo marks go.
    expect(flash(await saveSettings({}))).toBe("Site settings updated successfully");
    const publicSettings = toPublicSettings(await getSiteSettings(getDb()));
    expect(publicSettings.demoContacts).toEqual({ phone: false, email: false, whatsapp: false });
    const details = textOf(
      renderToStaticMarkup(createElement(ContactDetails, { settings: publicSettings, look: "page" })),
    );
    expect(details).not.toContain("demo");
  });

  it("keeps the figures when the other settings are saved, and the others when a figure is", async () => {
    await saveSettings({ brand_name: "GATE CH Classes Bhopal" });
    await saveFigures({ figure_practice_tests: "150+" });
    expect((await getSiteSettings(getDb())).brandName).toBe("GATE CH Classes Bhopal");
    expect((await homeFigures()).map((figure) => figure.value)).toEqual(["1,240", "150+"]);
  });

  it("counts the published timed tests or questions when staff choose so", async () => {
    const db = getDb();
    const stamp = new Date().toISOString();
    const test = (slug: string, status: "published" | "draft") => ({
      slug,
      title: slug,
      kind: "topic" as const,
      instructions_md: "Read.",
      instructions_html: "<p>Read.</p>",
      duration_minutes: 30,
      access: "free" as const,
      status,
      published_at: status === "published" ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
    });
    await db
      .insertInto("practice_tests")
      .values([test("mock-1", "published"), test("mock-2", "published"), test("draft-1", "draft")])
      .execute();
    await insertQuestion(db, { slug: "q-published", text: "What is 1 + 1?", solution: "2." });
    await insertQuestion(db, { slug: "q-draft", status: "draft", text: "What is 2 + 2?", solution: "4." });

    await saveFigures({ figure_practice_tests_from: "tests" });
    expect(await whyBlock()).toContain("Practice Tests 2 Counted on this site");
    await saveFigures({ figure_practice_tests_from: "questions" });
    expect((await loadSiteFigures(db)).at(-1)).toMatchObject({ value: "1", label: "Practice Questions" });
    const form = await call(settingsLoader as never, getRequest("/admin/settings", sessions.adminCookie));
    expect(form).toMatchObject({
      data: { counts: { tests: 2, questions: 1 }, values: { figure_practice_tests_from: "questions" } },
    });
    await saveFigures({ figure_practice_tests_from: "typed" });
  });

  it("refuses a date in the future and a made-up choice, changing nothing", async () => {
    const before = await getDb().selectFrom("site_settings").selectAll().orderBy("key").execute();
    const answer = await saveFigures({ figure_students_as_of: "2999-01-01", figure_practice_tests_from: "guess" });
    expect(answer).toMatchObject({
      kind: "data",
      status: 400,
      data: {
        fieldErrors: {
          figure_students_as_of: "Students enrolled: as of cannot be in the future",
          figure_practice_tests_from: "Choose where the practice tests figure comes from",
        },
      },
    });
    expect(await getDb().selectFrom("site_settings").selectAll().orderBy("key").execute()).toEqual(before);
  });

  it("refuses anonymous visitors and non-admins", async () => {
    const before = await homeFigures();
    expect(await saveFigures({ figure_students: "99,999+" }, "")).toMatchObject({
      kind: "redirect",
      location: "/admin/login",
    });
    expect(await saveFigures({ figure_students: "99,999+" }, sessions.studentCookie)).toMatchObject({ status: 403 });
    expect(await homeFigures()).toEqual(before);
  });
});

describe(`the terms page on ${process.env.TEST_ENGINE}`, () => {
  it("says it is a placeholder until staff write it", async () => {
    const page = await termsLoader(pageArgs("/terms"));
    expect(page.updatedAt).toBeNull();
    expect(textOf(page.html)).toContain("This page is a placeholder (demo).");
    expect(page.html).toContain("<h2>Refunds and cancellations</h2>");
    const admin = await call(termsAdminLoader as never, getRequest("/admin/terms", sessions.adminCookie));
    expect(admin).toMatchObject({ kind: "data", data: { loadError: null, page: { updatedAt: null } } });
  });

  it("renders staff's Markdown on the server, sanitised, audited", async () => {
    const answer = await saveTerms(
      "## Refunds\n\nWithin **7 days** of buying: write to [us](/contact).\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))",
    );
    expect(answer).toMatchObject({ kind: "redirect", location: "/admin/terms" });
    expect(flash(answer)).toBe("Terms page updated successfully");
    const page = await termsLoader(pageArgs("/terms"));
    expect(page.html).toContain("<h2>Refunds</h2>");
    expect(page.html).toContain('<strong>7 days</strong> of buying: write to <a href="/contact">us</a>.');
    // Raw HTML is text and a javascript: link is no link.
    expect(page.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.html).not.toMatch(/<script|href="javascript/);
    expect(page.updatedAt).not.toBeNull();
    const audit = await getDb()
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("entity", "=", "site_pages")
      .execute();
    expect(audit).toEqual([{ action: "update", details: expect.stringContaining('"slug":"terms"') }]);

    await saveTerms("## How to pay\n\nBy UPI.");
    expect((await termsLoader(pageArgs("/terms"))).html).toBe("<h2>How to pay</h2>\n<p>By UPI.</p>\n");
    expect(await getDb().selectFrom("site_pages").select("slug").execute()).toEqual([{ slug: "terms" }]);
  });

  it("refuses math left open and empty content, keeping what was typed", async () => {
    const broken = await saveTerms("Fees: $\\frac{1}{2 per test.");
    expect(broken).toMatchObject({
      kind: "data",
      status: 400,
      data: {
        fieldErrors: { body: expect.stringMatching(/^Content, line 1: /) },
        values: { body: "Fees: $\\frac{1}{2 per test." },
      },
    });
    expect(await saveTerms("   ")).toMatchObject({
      status: 400,
      data: { fieldErrors: { body: "Content is required" } },
    });
    expect((await termsLoader(pageArgs("/terms"))).html).toContain("By UPI.");
  });

  it("refuses anonymous visitors and non-admins", async () => {
    expect(await saveTerms("Hijacked", "")).toMatchObject({ kind: "redirect", location: "/admin/login" });
    expect(await saveTerms("Hijacked", sessions.studentCookie)).toMatchObject({ status: 403 });
    expect(await call(termsAdminLoader as never, getRequest("/admin/terms"))).toMatchObject({
      kind: "redirect",
      location: "/admin/login",
    });
    expect((await termsLoader(pageArgs("/terms"))).html).not.toContain("Hijacked");
  });
});
