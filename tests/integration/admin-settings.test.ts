import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { LOADED_FIELD, loadedField } from "~/lib/forms/edits-since-load";
import { SiteSettingsSchema } from "~/lib/schemas/admin/site-settings";
import { toPublicSettings } from "~/lib/site/settings";
import { getSiteSettings } from "~/lib/site/settings.server";
import { action, loader } from "~/routes/admin/manage/site-settings";
import BookSession, { loader as bookSessionLoader } from "~/routes/public/book-session";
import { adminAndStudent, type Answer, call, getRequest, postRequest } from "./auth-support";

// Site settings (DESIGN §8): staff change the site's facts without a developer; only admins may.

const sessions = adminAndStudent("settings-admin@example.com", "settings-student@example.com");

const valid = {
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
  session_fee_rupees: "0",
  session_length_minutes: "45",
  session_mentor: "A GATE CH mentor from our faculty",
  session_callback_hours: "48",
};

const post = (fields: Record<string, string>, cookie?: string) =>
  call(action as never, postRequest("/admin/settings", fields, cookie));

/** /book-session as the server renders it: under the root, whose loader gives every page the settings. */
async function bookSessionPage() {
  const root = { settings: toPublicSettings(await getSiteSettings(getDb())), siteUrl: "http://localhost" };
  const url = "http://localhost/book-session?type=career-guidance";
  const page = bookSessionLoader({ request: new Request(url) } as never);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      children: [{ id: "book", path: "book-session", Component: BookSession as ComponentType }],
    },
  ]);
  const html = renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: ["/book-session?type=career-guidance"],
      hydrationData: { loaderData: { root, book: page } },
    }),
  );
  // The visible text, without tags and with entities read.
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe(`site settings on ${process.env.TEST_ENGINE}`, () => {
  it("shows the current settings to an admin", async () => {
    const answer = await call(loader as never, getRequest("/admin/settings", sessions.adminCookie));
    expect(answer).toMatchObject({ kind: "data", data: { loadError: null } });
  });

  it("saves every setting, with an audit row, and the site reads them at once", async () => {
    const answer: Answer = await post(valid, sessions.adminCookie);
    expect(answer).toMatchObject({ kind: "redirect", location: "/admin/settings" });
    const settings = await getSiteSettings(getDb());
    expect(settings).toMatchObject({
      brandName: "GATE CH Classes",
      whatsappNumber: "919988776655",
      learningAppUrl: "https://learn.gatech.example/store",
      bookingRecipientEmail: "leads@gatech.example",
      purchaseToastsEnabled: false,
      sessionOffer: { feeRupees: 0, lengthMinutes: 45, mentor: "A GATE CH mentor from our faculty", callbackHours: 48 },
    });
    const audit = await getDb()
      .selectFrom("audit_log")
      .select(["entity", "action"])
      .where("entity", "=", "site_settings")
      .execute();
    expect(audit).toEqual([{ entity: "site_settings", action: "update" }]);
  });

  it("refuses javascript: URLs, bad e-mails and a short WhatsApp number, changing nothing", async () => {
    const before = await getSiteSettings(getDb());
    const answer = await post(
      {
        ...valid,
        learning_app_url: "javascript:alert(1)",
        booking_recipient_email: "leads@",
        whatsapp_number: "12345",
      },
      sessions.adminCookie,
    );
    expect(answer.kind).toBe("data");
    if (answer.kind !== "data") return;
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toMatchObject({
      learning_app_url: expect.stringMatching(/http/),
      booking_recipient_email: expect.any(String),
      whatsapp_number: expect.any(String),
    });
    expect(await getSiteSettings(getDb())).toEqual(before);
  });

  it("shows the 1:1 session's fee, length, mentor and call-back time on /book-session (issue 27 item 5)", async () => {
    await post(
      { ...valid, session_fee_rupees: "1500", session_length_minutes: "60", session_callback_hours: "24" },
      sessions.adminCookie,
    );
    const text = await bookSessionPage();
    expect(text).toContain("What you get");
    expect(text).toContain("Fee ₹1,500");
    expect(text).toContain("Length 60-minute call");
    expect(text).toContain("Who answers A GATE CH mentor from our faculty");
    expect(text).toContain("When we call We will call you within 24 hours to fix a time.");

    await post({ ...valid, session_fee_rupees: "0", session_callback_hours: "48" }, sessions.adminCookie);
    const free = await bookSessionPage();
    expect(free).toContain("Fee Free consultation");
    expect(free).toContain("We will call you within 2 days to fix a time.");
    expect(free).not.toContain("paid");
  });

  it("refuses a negative fee, a 500-minute session and a call-back of 0 hours, changing nothing", async () => {
    const before = await getSiteSettings(getDb());
    const answer = await post(
      { ...valid, session_fee_rupees: "-1", session_length_minutes: "500", session_callback_hours: "0" },
      sessions.adminCookie,
    );
    expect(answer).toMatchObject({
      kind: "data",
      status: 400,
      data: {
        fieldErrors: {
          session_fee_rupees: "Session fee must be between 0 (free consultation) and ₹1,00,000",
          session_length_minutes: "Session length must be between 15 and 120 minutes",
          session_callback_hours: "Call-back time must be between 1 and 168 hours (7 days)",
        },
      },
    });
    expect(await getSiteSettings(getDb())).toEqual(before);
  });

  it("never puts back what another admin saved after the form was loaded (a lost update)", async () => {
    await post(valid, sessions.adminCookie);
    // Two admins open the page; each form carries what it was loaded with.
    const page = await call(loader as never, getRequest("/admin/settings", sessions.adminCookie));
    if (page.kind !== "data") throw new Error("no page");
    const loaded = { [LOADED_FIELD]: loadedField(page.data.values, Object.keys(SiteSettingsSchema.shape)) };

    // B changes the e-mail; A, from the older page, changes only the brand.
    expect(await post({ ...valid, ...loaded, contact_email: "b@gatech.example" }, sessions.adminCookie)).toMatchObject({
      kind: "redirect",
    });
    expect(await post({ ...valid, ...loaded, brand_name: "GATE CH Academy" }, sessions.adminCookie)).toMatchObject({
      kind: "redirect",
    });
    expect(await getSiteSettings(getDb())).toMatchObject({
      brandName: "GATE CH Academy",
      contactEmail: "b@gatech.example",
    });

    // A then changes the e-mail too, still from the older page: refused, B's kept and shown.
    const before = await getSiteSettings(getDb());
    const refused = await post({ ...valid, ...loaded, contact_email: "a@gatech.example" }, sessions.adminCookie);
    expect(refused).toMatchObject({
      kind: "data",
      status: 409,
      data: {
        formError:
          "Someone else saved Contact e-mail after you opened this page. Their other changes are now in the form; that field keeps what you chose. Save again to keep yours.",
        fieldErrors: { contact_email: "Saved meanwhile by someone else as “b@gatech.example”." },
        values: { contact_email: "a@gatech.example", brand_name: "GATE CH Academy" },
      },
    });
    expect(await getSiteSettings(getDb())).toEqual(before);
    // Saved again from the form the refusal filled: A's e-mail, and the brand as saved.
    if (refused.kind !== "data") return;
    expect(await post({ ...refused.data.values }, sessions.adminCookie)).toMatchObject({ kind: "redirect" });
    expect(await getSiteSettings(getDb())).toMatchObject({
      brandName: "GATE CH Academy",
      contactEmail: "a@gatech.example",
    });
    // The activity log lists only what each save changed.
    const last = await getDb()
      .selectFrom("audit_log")
      .select(["row_after"])
      .where("entity", "=", "site_settings")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(last.row_after))).toEqual({ contact_email: "a@gatech.example" });
  });

  it("refuses anonymous visitors and signed-in non-admins", async () => {
    const before = await getSiteSettings(getDb());
    const anonymous = await post({ ...valid, brand_name: "Hijacked" });
    expect(anonymous).toMatchObject({ kind: "redirect", location: "/admin/login" });
    const student = await post({ ...valid, brand_name: "Hijacked" }, sessions.studentCookie);
    expect(student).toMatchObject({ status: 403 });
    expect(await getSiteSettings(getDb())).toEqual(before);
  });
});
